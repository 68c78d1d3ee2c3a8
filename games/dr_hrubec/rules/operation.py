"""Dr. Hrubec's operation: the roll, and what a cure or a failure sets off, in the order the
decisions name (where the patient goes, the patient's effect, then the doctors' effects)."""

from __future__ import annotations

from games.base import Rng
from games.dr_hrubec.cards import BY_SLUG
from games.dr_hrubec.rules.moves import event, right_of
from games.dr_hrubec.rules.scoring import die_counts_as, team_skill

# Only these ongoing cards change what the die counts as; Butcher is idle under them.
DICE_CARDS = ("alternative_treatment", "lucky_day")


def operate(state: dict, seat: int, move: dict, rng: Rng) -> None:
    spec = move["spec"]
    patient = state["tables"][seat]
    roll = rng.randint(1, 6)
    counted = die_counts_as(state, roll)
    blacked_out = state["blackout"][seat]
    skill = 0 if blacked_out else team_skill(state, seat, spec)
    bonus = 0 if blacked_out else state["bonus"][seat]
    total = counted + skill + bonus
    difficulty = BY_SLUG[patient].difficulty[spec]
    cured = total >= difficulty
    state["bonus"][seat], state["blackout"][seat] = 0, False
    state["last"] = {
        "seat": seat,
        "patient": patient,
        "spec": spec,
        "roll": roll,
        "counted": counted,
        "skill": skill,
        "bonus": bonus,
        "blackout": blacked_out,
        "total": total,
    }
    event(state, "operate")
    state["phase"] = "after"
    if cured:
        succeed(state, seat, patient)
    else:
        fail(state, seat, patient, roll)


def succeed(state: dict, seat: int, patient: str) -> None:
    pending = state["pending"]
    if patient == "one_body_no_head":
        # He waits on the table until the surgeon names the morgue he goes to.
        pending.append({"do": "send", "seat": seat, "patient": patient})
    else:
        state["tables"][seat] = None
        state["cured"][seat].append(patient)
        event(state, "cured", seat, patient=patient)
    if patient in ("leper", "appendix"):
        pending.append({"do": "draw", "seat": seat, "card": patient})
    if patient in ("exhibitionist", "schizoid"):
        pending.append({"do": "steal", "seat": seat, "card": patient})
    if patient == "siamese_twins":
        pending.append({"do": "siamese", "seat": seat, "card": patient})
    if patient == "fracture":
        pending.append({"do": "discard", "seat": seat, "card": patient})
    for doctor in state["teams"][seat]:
        if doctor == "gate_keeper":
            pending.append({"do": "draw", "seat": seat, "card": doctor})
        if doctor == "alpine_doctor":
            pending.append({"do": "send", "seat": seat, "doctor": doctor})


def fail(state: dict, seat: int, patient: str, roll: int) -> None:
    pending = state["pending"]
    team = state["teams"][seat]
    butcher = "butcher" in team and roll == 1 and state["ongoing"] not in DICE_CARDS
    with_the_lawyer = False
    if patient == "alcoholic":
        state["tables"][seat] = None
        right = right_of(state, seat)
        # He staggers once: teams that can never cure him would otherwise pass him round forever.
        if state["tables"][right] is None and not state["alcoholic_staggered"]:
            state["alcoholic_staggered"] = True
            state["tables"][right] = patient
            event(state, "alcoholic_moves", seat, patient=patient, to=right)
        else:
            state["gone"].append(patient)
            event(state, "gone", seat, patient=patient, card="alcoholic")
    elif butcher:
        state["tables"][seat] = None
        state["gone"].append(patient)
        event(state, "gone", seat, patient=patient, card="butcher")
    elif "lawyer" in team:
        with_the_lawyer = True  # the dead patient waits on the table for the Lawyer
    else:
        state["tables"][seat] = None
        state["morgue"][seat].append(patient)
        event(state, "to_morgue", seat, patient=patient, to=seat)
    if "lawyer" in team:
        pending.append(
            {"do": "send", "seat": seat, "doctor": "lawyer", "patient": patient}
            if with_the_lawyer
            else {"do": "send", "seat": seat, "doctor": "lawyer"}
        )
    if patient == "infected_prostitute":
        pending.append({"do": "fire", "seat": seat, "card": patient})
    if patient == "geek":
        pending.append({"do": "draw", "seat": seat, "card": patient})
    if patient in ("blisters", "constipation"):
        pending.append({"do": "discard", "seat": seat, "card": patient})
    for doctor in team:
        if doctor == "md_brutal":
            pending.append({"do": "draw", "seat": seat, "card": doctor})
        if doctor == "young_intern":
            pending.append({"do": "send", "seat": seat, "doctor": doctor})
