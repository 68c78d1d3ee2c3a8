"""The rules of Dr. Hrubec, in the rulebook's order: setup, who acts, a turn (morning
administration, patient admittance, operation), action cards, the effects of doctors and
patients, the end of the game and scoring. The rulings and decisions are in __init__.py.

Two versions of the rules are kept (see `versions`); a game plays under the one it started
with, which its state carries as "version" (a version-1 state has no such key, as before).
"""

from __future__ import annotations

import functools
import sys
from typing import Any

from games.base import IllegalMove, Outcome, Rng, check_player_count, player_names, resolve_options
from games.dr_hrubec.cards import (
    ACTIONS,
    BY_SLUG,
    CLOSING,
    DOCTORS,
    ONGOING,
    ORDER,
    PATIENTS,
    QUEUE_SIZES,
    SILICON_WITH_A_WOMAN,
    SPECIALIZATIONS,
    WAITING_PLACES,
    name,
)

slug = "dr_hrubec"
title = "Dr. Hrubec"
min_players = 2
max_players = 5
NO_OPTIONS: dict[str, tuple] = {}
options = NO_OPTIONS
# 1: calling or admitting a patient ends the turn at once; a discard from a hand of one kind
#    of card answers itself.
# 2: the turn goes on after admittance until the player ends it (or has no card in hand); a
#    discard answers itself only from a one-card hand.
versions = (1, 2)
version = versions[-1]

MOVE_KINDS = (
    "draw",
    "skip",
    "hire",
    "queue",
    "admit",
    "operate",
    "play",
    "end",
    "castle",
    "send",
    "fire",
    "steal",
    "discard",
    "decline",
)
MAX_DOCTORS = 4
# Only these ongoing cards change what the die counts as; Butcher is idle under them.
DICE_CARDS = ("alternative_treatment", "lucky_day")


# Setup


def setup(
    players: int | list[str], options: dict | None, rng: Rng, version: int | None = None
) -> dict:
    names = player_names(players)
    check_player_count(sys.modules[__name__], names)
    resolve_options(NO_OPTIONS, options)
    version = versions[-1] if version is None else version
    if version not in versions:
        known = ", ".join(map(str, versions))
        raise IllegalMove(f"Dr. Hrubec has rules versions {known}, not {version!r}.")
    count = len(names)
    doctors = list(DOCTORS)
    rng.shuffle(doctors)
    hands = [[doctors.pop()] for _ in range(count)]
    deck = doctors + [card for card in ACTIONS for _ in range(BY_SLUG[card].copies)]
    rng.shuffle(deck)
    patients, box = patient_queue(count, rng)
    state = {
        "players": names,
        "places": WAITING_PLACES[count],
        "active": rng.randint(0, count - 1),
        "phase": "morning",
        "hands": hands,
        "teams": [[] for _ in range(count)],
        "tables": [None] * count,
        "waiting": [],
        "queue": patients,
        "deck": deck,
        "discard": [],
        "ongoing": None,
        "cured": [[] for _ in range(count)],
        "morgue": [[] for _ in range(count)],
        "gone": [],
        "box": box,
        "bonus": [0] * count,
        "blackout": [False] * count,
        "pending": [],
        "castling": None,
        "alcoholic_staggered": False,
        "closing": None,
        "last": None,
        "events": [],
    }
    if version != 1:
        state["version"] = version
    for seat in range(count):
        for _ in range(3):
            draw(state, seat, rng)
    state["events"] = []
    return state


def reshuffle_unseen(state: dict, rng: Rng) -> dict:
    """A position played on from another game's (a fork, by the service): the face-down
    deck is shuffled again with the new game's rng, so that the old game's revealed seed
    tells nothing of the cards to come."""
    rng.shuffle(state["deck"])
    return state


def patient_queue(count: int, rng: Rng) -> tuple[list[str], list[str]]:
    """The queue from the top: tier 1, tier 2, tier 3, the closing card. The rest is boxed."""
    queue, box = [], []
    for tier, wanted in zip((1, 2, 3), QUEUE_SIZES[count], strict=True):
        patients = [slug for slug in PATIENTS if BY_SLUG[slug].tier == tier]
        rng.shuffle(patients)
        queue += patients[:wanted]
        box += patients[wanted:]
    return queue + [CLOSING], sorted(box, key=ORDER.__getitem__)


def rules_version(state: dict) -> int:
    """The rules version the game started under; version-1 states do not say."""
    return state.get("version", 1)


# Who acts


def to_act(state: dict) -> list[int]:
    if state["phase"] == "over":
        return []
    castling = state["castling"]
    if castling:
        return [seat for seat in castling["seats"] if castling["picks"][seat] is None]
    if state["pending"]:
        return [state["pending"][0]["seat"]]
    return [state["active"]]


def seat_count(state: dict) -> int:
    return len(state["players"])


def left_of(state: dict, seat: int) -> int:
    """Play goes clockwise: the player to your left is the next one."""
    return (seat + 1) % seat_count(state)


def right_of(state: dict, seat: int) -> int:
    return (seat - 1) % seat_count(state)


def others(state: dict, seat: int) -> list[int]:
    return [other for other in range(seat_count(state)) if other != seat]


# Legal moves


def legal_moves(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    moves = []
    for kind in MOVE_KINDS:
        moves += moves_of_kind(state, seat, kind)
    return moves


def moves_of_kind(state: dict, seat: int, kind: str) -> list[dict]:
    """The legal moves of one kind for a seat that is waited for."""
    if state["castling"]:
        return castle_moves(state, seat) if kind == "castle" else []
    if state["pending"]:
        return answer_moves(state, kind)
    phase = state["phase"]
    if kind == "play":
        return action_moves(state, seat) if state["closing"] is None else []
    if phase == "morning":
        return morning_moves(state, seat, kind)
    if phase == "admittance":
        return admittance_moves(state, kind)
    if phase == "operate" and kind == "operate":
        patient = BY_SLUG[state["tables"][seat]]
        return [{"kind": "operate", "spec": spec} for spec in ordered_specs(patient.difficulty)]
    if phase == "after" and kind == "end":
        return [{"kind": "end"}]
    return []


def ordered_specs(difficulty: dict[str, int]) -> list[str]:
    return [spec for spec in SPECIALIZATIONS if spec in difficulty]


def morning_moves(state: dict, seat: int, kind: str) -> list[dict]:
    if kind == "draw":
        return [{"kind": "draw"}] if can_draw_in_the_morning(state, seat) else []
    if kind == "skip":
        return [{"kind": "skip"}]
    if kind != "hire":
        return []
    team = state["teams"][seat]
    moves = []
    for doctor in distinct(state["hands"][seat], "doctor"):
        if len(team) < MAX_DOCTORS:
            moves.append({"kind": "hire", "doctor": doctor})
        else:
            moves += [{"kind": "hire", "doctor": doctor, "fire": fired} for fired in team]
    return moves


def can_draw_in_the_morning(state: dict, seat: int) -> bool:
    return len(state["hands"][seat]) < 5 and bool(state["deck"] or state["discard"])


def admittance_moves(state: dict, kind: str) -> list[dict]:
    if kind == "queue" and len(state["waiting"]) < state["places"]:
        return [{"kind": "queue"}]
    if kind == "admit":
        return [{"kind": "admit", "patient": patient} for patient in state["waiting"]]
    return []


def distinct(hand: list[str], kind: str) -> list[str]:
    """One entry per card name of that kind, in table order (hands are kept sorted)."""
    seen = []
    for card in hand:
        if BY_SLUG[card].kind == kind and card not in seen:
            seen.append(card)
    return seen


# Action cards: what each one may target


def action_moves(state: dict, seat: int) -> list[dict]:
    moves = []
    for card in distinct(state["hands"][seat], "action"):
        moves += [
            {"kind": "play", "card": card, **target} for target in action_targets(state, seat, card)
        ]
    return moves


def action_targets(state: dict, seat: int, card: str) -> list[dict]:
    """Each way to play the card now; [] when it has nothing to act on."""
    tables = state["tables"]
    own_patient = tables[seat] is not None
    if card in ONGOING or card == "nurse":
        return [{}]
    if card == "castling":
        return [{}] if any(state["teams"]) else []
    if card == "dr_hrubec_on_duty":
        return [{}] if any(tables) else []
    if card == "lunch_break":
        return [{}] if own_patient and len(state["waiting"]) < state["places"] else []
    if card == "holiday":
        if not own_patient:
            return []
        return [
            {"player": other}
            for other in others(state, seat)
            if tables[other] is None and not shielded(state, other)
        ]
    if card == "euthanasia":
        on_tables = [
            tables[owner]
            for owner in range(seat_count(state))
            if tables[owner] and (owner == seat or not shielded(state, owner))
        ]
        return [{"patient": patient} for patient in on_tables + state["waiting"]]
    if card == "heart_attack":
        return [{"patient": patient} for patient in state["waiting"]]
    if card == "heroic_act":
        return [{"doctor": doctor} for doctor in touchable(state["teams"][seat])]
    if card == "bribe":
        if len(state["teams"][seat]) >= MAX_DOCTORS:
            return []
        return [{"doctor": doctor} for doctor in doctors_of_others(state, seat)]
    if card == "blackout":
        return [{"player": other} for other in others(state, seat)]
    raise AssertionError(f"no targets defined for {card}")


def shielded(state: dict, seat: int) -> bool:
    """Dr. Acula keeps other players' action cards off his team's patient."""
    return "dr_acula" in state["teams"][seat]


def touchable(doctors: list[str]) -> list[str]:
    """Doctors a special effect may move or discard: everyone but Dr. Incognito."""
    return [doctor for doctor in doctors if doctor != "dr_incognito"]


def doctors_of_others(state: dict, seat: int, women_only: bool = False) -> list[str]:
    found = []
    for other in others(state, seat):
        for doctor in touchable(state["teams"][other]):
            if not women_only or BY_SLUG[doctor].gender == "woman":
                found.append(doctor)
    return found


def owner_of(state: dict, doctor: str) -> int:
    for seat, team in enumerate(state["teams"]):
        if doctor in team:
            return seat
    raise AssertionError(f"{doctor} is in no team")


def seat_of_patient(state: dict, patient: str) -> int | None:
    """The seat whose operating table holds the patient, or None."""
    for seat, lying in enumerate(state["tables"]):
        if lying == patient:
            return seat
    return None


# Castling and the questions effects ask


def castle_moves(state: dict, seat: int) -> list[dict]:
    castling = state["castling"]
    if seat not in castling["seats"] or castling["picks"][seat] is not None:
        return []
    return [{"kind": "castle", "doctor": doctor} for doctor in state["teams"][seat]]


def answer_moves(state: dict, kind: str) -> list[dict]:
    """The answers to the open question (the first pending effect)."""
    effect = state["pending"][0]
    asks = effect["do"]
    if asks == "siamese" and kind == "decline":
        return [{"kind": "decline"}]
    if kind != ANSWER_KIND[asks]:
        return []
    return [{"kind": kind, **option} for option in answer_options(state, effect)]


# The move that answers each kind of question (Siamese twins may also be declined).
ANSWER_KIND = {
    "send": "send",
    "fire": "fire",
    "steal": "steal",
    "discard": "discard",
    "siamese": "admit",
}


def answer_options(state: dict, effect: dict) -> list[dict]:
    """The possible answers to an effect's question; [] when it has nothing to act on."""
    seat, asks = effect["seat"], effect["do"]
    team = state["teams"][seat]
    if asks == "send":
        if effect.get("doctor") not in team and not effect.get("patient"):
            return []
        return [{"player": other} for other in others(state, seat)]
    if asks == "fire":
        return [{"doctor": doctor} for doctor in fire_candidates(state, effect)]
    if asks == "steal":
        if len(team) >= MAX_DOCTORS:
            return []
        women_only = effect["card"] == "exhibitionist"
        return [{"doctor": doctor} for doctor in doctors_of_others(state, seat, women_only)]
    if asks == "discard":
        return [{"card": card} for card in dict.fromkeys(state["hands"][seat])]
    if asks == "siamese":
        if state["tables"][seat] is not None:
            return []
        return [{"patient": patient} for patient in state["waiting"]]
    raise AssertionError(f"unknown effect {asks}")


def fire_candidates(state: dict, effect: dict) -> list[str]:
    team = state["teams"][effect["seat"]]
    if effect["card"] == "alien":
        everyone = [doctor for crew in state["teams"] for doctor in crew if doctor != "alien"]
        return touchable(everyone)
    if effect["card"] == "overflow":
        return touchable(team) if len(team) > MAX_DOCTORS else []
    return touchable(team)


# Apply


def apply(state: dict, seat: int, move: Any, rng: Rng) -> dict:
    """Check the move completely, then carry it out and everything it sets off."""
    check(state, seat, move)
    state["events"] = []
    STEPS[move["kind"]](state, seat, move, rng)
    settle(state, rng)
    return state


def check(state: dict, seat: int, move: Any) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("kind"), str):
        raise IllegalMove("A move is an object with a 'kind'; try: " + ", ".join(MOVE_KINDS) + ".")
    if move["kind"] not in MOVE_KINDS:
        raise IllegalMove(
            f"'{move['kind']}' is not a move in Dr. Hrubec; try: {', '.join(MOVE_KINDS)}."
        )
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seat_count(state):
        raise IllegalMove(f"There is no seat {seat!r} in this game.")
    if state["phase"] == "over":
        raise IllegalMove("The game is over.")
    if seat not in to_act(state):
        raise IllegalMove(waiting_message(state, seat))
    plain = all(isinstance(v, str) or type(v) is int for v in move.values())
    if not plain or move not in moves_of_kind(state, seat, move["kind"]):
        raise IllegalMove(refusal(state, seat, move))


def settle(state: dict, rng: Rng) -> None:
    """Resolve whatever needs no decision, then see whether the turn goes on."""
    resolve_pending(state, rng)
    if state["pending"] or state["castling"] or state["phase"] == "over":
        return
    active = state["active"]
    if state["phase"] == "operate" and state["tables"][active] is None:
        # The patient left the table before the roll: no operation, and no
        # morning administration either (the turn began with a patient).
        state["phase"] = "after"
    if state["phase"] == "after" and nothing_left_to_play(state, active):
        end_turn(state)


def nothing_left_to_play(state: dict, seat: int) -> bool:
    """The turn ends by itself only when everyone can see no card could be played: in the
    closing round, or with an empty hand. Ending it because the hand holds no playable card
    would tell the table that much about a hidden hand, so then the player says 'end'."""
    return state["closing"] is not None or not state["hands"][seat]


def begin_turn(state: dict, seat: int) -> None:
    state["active"] = seat
    state["phase"] = "operate" if state["tables"][seat] else "morning"


def end_turn(state: dict) -> None:
    if state["closing"] is None:
        begin_turn(state, left_of(state, state["active"]))
    else:
        next_closing_operation(state)


# Morning administration


def take_draw(state: dict, seat: int, move: dict, rng: Rng) -> None:
    draw(state, seat, rng)
    state["phase"] = "admittance"


def skip(state: dict, seat: int, move: dict, rng: Rng) -> None:
    event(state, "skip", seat)
    state["phase"] = "admittance"


def hire(state: dict, seat: int, move: dict, rng: Rng) -> None:
    doctor = move["doctor"]
    team = state["teams"][seat]
    state["hands"][seat].remove(doctor)
    if "fire" in move:
        team.remove(move["fire"])
        state["discard"].append(move["fire"])
        event(state, "fire", seat, doctor=move["fire"], owner=seat)
    team.append(doctor)
    event(state, "hire", seat, doctor=doctor)
    state["phase"] = "admittance"
    if doctor == "dr_zero":
        draw(state, seat, rng)
    if doctor == "alien":
        state["pending"].append({"do": "fire", "seat": seat, "card": "alien"})


def draw(state: dict, seat: int, rng: Rng) -> None:
    """Draw the top card; an empty deck is first refilled from the shuffled discard pile."""
    if not state["deck"] and state["discard"]:
        state["deck"], state["discard"] = state["discard"], []
        rng.shuffle(state["deck"])
        event(state, "reshuffle", None, count=len(state["deck"]))
    if not state["deck"]:
        event(state, "no_card", seat)
        return
    card = state["deck"].pop()
    add_to_hand(state, seat, card)
    event(state, "draw", seat, card=card)


def add_to_hand(state: dict, seat: int, card: str) -> None:
    hand = state["hands"][seat]
    hand.append(card)
    hand.sort(key=ORDER.__getitem__)


# Patient admittance


def call_patient(state: dict, seat: int, move: dict, rng: Rng) -> None:
    patient = state["queue"].pop(0)
    if patient == CLOSING:
        event(state, "closing", seat)
        start_closing(state, seat)
        return
    state["waiting"].append(patient)
    event(state, "queue", seat, patient=patient)
    end_admittance(state)


def admit(state: dict, seat: int, move: dict, rng: Rng) -> None:
    """Admittance from the waiting room, or Siamese twins' follow-up."""
    patient = move["patient"]
    state["waiting"].remove(patient)
    state["tables"][seat] = patient
    event(state, "admit", seat, patient=patient)
    if state["pending"]:
        state["pending"].pop(0)
    else:
        end_admittance(state)


def end_admittance(state: dict) -> None:
    """Version 1 ends the turn here. Version 2 lets it go on, since action cards may be played
    "anytime during your turn" (Dr. Watt admits a patient "and ends her turn")."""
    if rules_version(state) == 1:
        end_turn(state)
    else:
        state["phase"] = "after"


# Operation


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


def die_counts_as(state: dict, roll: int) -> int:
    if state["ongoing"] == "alternative_treatment":
        return 0 if roll <= 3 else 6
    if state["ongoing"] == "lucky_day" and roll <= 2:
        return 3
    return roll


def ability_sheet(team: list[str]) -> dict[str, int]:
    """The team ability sheet: the sum of the doctors' skills in each specialization."""
    return dict(team_totals(tuple(team)))


@functools.lru_cache(maxsize=8192)
def team_totals(team: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    with_a_woman = any(BY_SLUG[doctor].gender == "woman" for doctor in team)
    totals = [0, 0, 0, 0]
    for doctor in team:
        skills = BY_SLUG[doctor].skills
        if doctor == "md_silicon" and with_a_woman:
            skills = SILICON_WITH_A_WOMAN
        for index, skill in enumerate(skills):
            totals[index] += skill
    return tuple(zip(SPECIALIZATIONS, totals, strict=True))


def ongoing_change(state: dict, spec: str) -> int:
    ongoing = state["ongoing"]
    return BY_SLUG[ongoing].changes.get(spec, 0) if ongoing else 0


def team_skill(state: dict, seat: int, spec: str) -> int:
    return ability_sheet(state["teams"][seat])[spec] + ongoing_change(state, spec)


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


def end(state: dict, seat: int, move: dict, rng: Rng) -> None:
    event(state, "end", seat)
    end_turn(state)


# Effects of doctors and patients, in the order they were set off


def resolve_pending(state: dict, rng: Rng) -> None:
    """Carry out effects until one needs a decision; a question with one answer answers itself."""
    pending = state["pending"]
    while pending:
        effect = pending[0]
        if effect["do"] == "draw":
            pending.pop(0)
            draw(state, effect["seat"], rng)
            continue
        options = answer_options(state, effect)
        if not options:
            pending.pop(0)
            continue
        if effect["do"] != "siamese" and len(options) == 1 and answers_itself(state, effect):
            kind = ANSWER_KIND[effect["do"]]
            STEPS[kind](state, effect["seat"], {"kind": kind, **options[0]}, rng)
            continue
        return


def answers_itself(state: dict, effect: dict) -> bool:
    """Whether a question with one possible answer may be answered by the rules.

    Only where everyone can already see that there is one answer: otherwise who the game
    waits for would tell the table what a hand holds. A discard from a hand of one kind of
    card (Nurse, Nurse) would show the others the rest of that hand; version 2 asks unless
    the hand holds a single card (its size is public). Version 1 answered it regardless.
    """
    if effect["do"] == "discard" and rules_version(state) != 1:
        return len(state["hands"][effect["seat"]]) == 1
    return True


def send(state: dict, seat: int, move: dict, rng: Rng) -> None:
    """Lawyer, Alpine Doctor or Young Intern moves on; a patient goes to that player's morgue."""
    effect = state["pending"].pop(0)
    receiver = move["player"]
    if effect.get("patient"):
        patient = effect["patient"]
        state["tables"][seat] = None
        state["morgue"][receiver].append(patient)
        event(state, "to_morgue", seat, patient=patient, to=receiver)
    doctor = effect.get("doctor")
    if doctor in state["teams"][seat]:
        state["teams"][seat].remove(doctor)
        state["teams"][receiver].append(doctor)
        event(state, "doctor_moves", seat, doctor=doctor, to=receiver)
        if len(state["teams"][receiver]) > MAX_DOCTORS:
            state["pending"].insert(0, {"do": "fire", "seat": receiver, "card": "overflow"})


def fire(state: dict, seat: int, move: dict, rng: Rng) -> None:
    state["pending"].pop(0)
    doctor = move["doctor"]
    owner = owner_of(state, doctor)
    state["teams"][owner].remove(doctor)
    state["discard"].append(doctor)
    event(state, "fire", seat, doctor=doctor, owner=owner)


def steal(state: dict, seat: int, move: dict, rng: Rng) -> None:
    state["pending"].pop(0)
    take_doctor(state, seat, move["doctor"])


def take_doctor(state: dict, seat: int, doctor: str) -> None:
    owner = owner_of(state, doctor)
    state["teams"][owner].remove(doctor)
    state["teams"][seat].append(doctor)
    event(state, "steal", seat, doctor=doctor, owner=owner)


def discard(state: dict, seat: int, move: dict, rng: Rng) -> None:
    state["pending"].pop(0)
    state["hands"][seat].remove(move["card"])
    state["discard"].append(move["card"])
    event(state, "discard", seat, card=move["card"])


def decline(state: dict, seat: int, move: dict, rng: Rng) -> None:
    state["pending"].pop(0)
    event(state, "decline", seat)


# Action cards


def play(state: dict, seat: int, move: dict, rng: Rng) -> None:
    card = move["card"]
    state["hands"][seat].remove(card)
    event(state, "play", seat, **{k: v for k, v in move.items() if k != "kind"})
    if card in ONGOING:
        if state["ongoing"]:
            state["discard"].append(state["ongoing"])
        state["ongoing"] = card
        return
    state["discard"].append(card)
    ACTION_EFFECTS[card](state, seat, move)


def nurse(state: dict, seat: int, move: dict) -> None:
    state["bonus"][seat] += 2


def heroic_act(state: dict, seat: int, move: dict) -> None:
    state["teams"][seat].remove(move["doctor"])
    state["discard"].append(move["doctor"])
    state["bonus"][seat] += 2


def bribe(state: dict, seat: int, move: dict) -> None:
    take_doctor(state, seat, move["doctor"])


def blackout(state: dict, seat: int, move: dict) -> None:
    state["blackout"][move["player"]] = True


def euthanasia(state: dict, seat: int, move: dict) -> None:
    patient = move["patient"]
    lying = seat_of_patient(state, patient)
    if lying is None:
        state["waiting"].remove(patient)
    else:
        state["tables"][lying] = None
    state["gone"].append(patient)


def heart_attack(state: dict, seat: int, move: dict) -> None:
    state["waiting"].remove(move["patient"])
    state["gone"].append(move["patient"])


def dr_hrubec_on_duty(state: dict, seat: int, move: dict) -> None:
    for owner, patient in enumerate(state["tables"]):
        if patient:
            state["morgue"][owner].append(patient)
            state["tables"][owner] = None
            event(state, "to_morgue", owner, patient=patient, to=owner)


def holiday(state: dict, seat: int, move: dict) -> None:
    patient = state["tables"][seat]
    state["tables"][move["player"]] = patient
    state["tables"][seat] = None
    event(state, "holiday", seat, patient=patient, to=move["player"])


def lunch_break(state: dict, seat: int, move: dict) -> None:
    patient = state["tables"][seat]
    state["waiting"].append(patient)
    state["tables"][seat] = None
    event(state, "lunch_break", seat, patient=patient)


def start_castling(state: dict, seat: int, move: dict) -> None:
    """Everyone with a doctor picks one in secret; a seat with one doctor has no choice."""
    teams = state["teams"]
    seats = [owner for owner in range(seat_count(state)) if teams[owner]]
    picks = [teams[owner][0] if len(teams[owner]) == 1 else None for owner in range(len(teams))]
    state["castling"] = {"seats": seats, "picks": picks}
    finish_castling(state)


def castle(state: dict, seat: int, move: dict, rng: Rng) -> None:
    state["castling"]["picks"][seat] = move["doctor"]
    event(state, "pick", seat, doctor=move["doctor"])
    finish_castling(state)


def finish_castling(state: dict) -> None:
    castling = state["castling"]
    if any(castling["picks"][seat] is None for seat in castling["seats"]):
        return
    passes = [[seat, castling["picks"][seat]] for seat in castling["seats"]]
    for seat, doctor in passes:
        state["teams"][seat].remove(doctor)
    for seat, doctor in passes:
        state["teams"][left_of(state, seat)].append(doctor)
    state["castling"] = None
    event(state, "castled", None, passes=passes)


ACTION_EFFECTS = {
    "nurse": nurse,
    "heroic_act": heroic_act,
    "bribe": bribe,
    "blackout": blackout,
    "euthanasia": euthanasia,
    "heart_attack": heart_attack,
    "dr_hrubec_on_duty": dr_hrubec_on_duty,
    "holiday": holiday,
    "lunch_break": lunch_break,
    "castling": start_castling,
}

STEPS = {
    "draw": take_draw,
    "skip": skip,
    "hire": hire,
    "queue": call_patient,
    "admit": admit,
    "operate": operate,
    "play": play,
    "end": end,
    "castle": castle,
    "send": send,
    "fire": fire,
    "steal": steal,
    "discard": discard,
    "decline": decline,
}


def event(state: dict, what: str, seat: int | None = None, **details: Any) -> None:
    """What happened during the move, for describe(); cleared at the start of every move."""
    state["events"].append({"e": what, "seat": seat, **details})


# Game end


def start_closing(state: dict, closer: int) -> None:
    """The closing card is out: those with a patient operate once more, clockwise from the left."""
    count = seat_count(state)
    state["closing"] = [(closer + n) % count for n in range(1, count + 1)]
    next_closing_operation(state)


def next_closing_operation(state: dict) -> None:
    closing = state["closing"]
    while closing:
        seat = closing.pop(0)
        if state["tables"][seat]:
            state["active"] = seat
            state["phase"] = "operate"
            return
    state["phase"] = "over"
    state["active"] = None
    event(state, "over")


# Scoring


def standing(state: dict, seat: int) -> int:
    """Cured points minus two per dead patient in the morgue."""
    points = sum(BY_SLUG[patient].points for patient in state["cured"][seat])
    return points - 2 * len(state["morgue"][seat])


def score_breakdown(state: dict, seat: int) -> dict:
    cured = state["cured"][seat]
    points = sum(BY_SLUG[patient].points for patient in cured)
    dead = len(state["morgue"][seat])
    return {
        "cured": list(cured),
        "cured_points": points,
        "dead": list(state["morgue"][seat]),
        "dead_penalty": -2 * dead,
        "total": points - 2 * dead,
    }


def outcome(state: dict) -> Outcome | None:
    if state["phase"] != "over":
        return None
    scores = [standing(state, seat) for seat in range(seat_count(state))]
    best = max(scores)
    return Outcome(
        scores=scores,
        winners=[seat for seat, score in enumerate(scores) if score == best],
        details={
            "players": [score_breakdown(state, seat) for seat in range(seat_count(state))],
            "left_on_tables": [patient for patient in state["tables"] if patient],
            "left_in_waiting_room": list(state["waiting"]),
        },
    )


def skip_move(state: dict, seat: int) -> dict | None:
    """At a deadline: morning administration does neither, the pause after the roll (and in
    version 2 after admittance) ends the turn, Siamese twins' offer is declined; nothing else
    can be skipped."""
    if seat not in to_act(state) or state["castling"]:
        return None
    if state["pending"]:
        return {"kind": "decline"} if state["pending"][0]["do"] == "siamese" else None
    return {"morning": {"kind": "skip"}, "after": {"kind": "end"}}.get(state["phase"])


# Take-backs
# The store lets a player take back a step only while it showed nobody anything hidden; it
# checks the die and the reshuffles of the discard pile (the rng) itself.

# The parts of the state that hold what somebody cannot see: a change in any shows it to them.
UNSEEN_PARTS = ("hands", "deck", "queue", "box")


def reveals(before: dict, seat: int, move: dict, after: dict) -> bool:
    """Whether the step showed anyone, its player included, something hidden: a card drawn
    into a hand or shown from one (hired, played, discarded), the next patient of the queue,
    the die, the Castling picks as the doctors pass, or everything at the end."""
    if move["kind"] == "operate" or after["phase"] == "over":
        return True
    if before["castling"] and not after["castling"]:
        return True
    return any(before[part] != after[part] for part in UNSEEN_PARTS)


# Refusals: why a move is not possible, in words a player understands


def waiting_message(state: dict, seat: int) -> str:
    names = state["players"]
    if state["castling"]:
        if seat not in state["castling"]["seats"]:
            return "Everyone with a doctor is choosing one to pass for Castling; you have none."
        return "You have chosen your doctor for Castling; waiting for the others."
    if state["pending"]:
        effect = state["pending"][0]
        return f"Waiting for {names[effect['seat']]} to {question(effect)}."
    return f"It is {names[state['active']]}'s turn, not yours."


def question(effect: dict) -> str:
    asks, card = effect["do"], effect.get("card")
    if asks == "send":
        what = name(effect["doctor"]) if effect.get("doctor") else name(effect["patient"])
        if effect.get("doctor") and effect.get("patient"):
            what += f" and {name(effect['patient'])}"
        return f"choose the player {what} goes to"
    if asks == "fire" and card == "overflow":
        return "choose which of five doctors to discard"
    if asks == "fire" and card == "alien":
        return "choose a doctor to discard for Alien"
    if asks == "fire":
        return f"choose one of their doctors to discard for {name(card)}"
    if asks == "steal":
        return f"choose a doctor to steal for {name(card)}"
    if asks == "discard":
        return f"choose a card to discard for {name(card)}"
    return "choose a patient from the waiting room for Siamese twins, or decline"


def refusal(state: dict, seat: int, move: dict) -> str:
    """Why a move of a known kind, from a seat that is waited for, is not possible."""
    kind = move["kind"]
    shape = shape_refusal(move)
    if shape:
        return shape
    if state["castling"]:
        if kind != "castle":
            return "Castling first: choose the doctor you pass to the left (e.g. 'castle Butcher')."
        return card_refusal(move.get("doctor"), state["teams"][seat], "your team")
    if state["pending"]:
        effect = state["pending"][0]
        expected = ANSWER_KIND[effect["do"]]
        if kind not in (expected, "decline" if effect["do"] == "siamese" else expected):
            return f"First {question(effect)}."
        return answer_refusal(state, effect, move)
    phase = state["phase"]
    if kind in ("castle", "send", "fire", "steal", "discard", "decline"):
        return f"Nothing asks you to {kind} now."
    if kind == "play":
        return play_refusal(state, seat, move)
    allowed = {
        "morning": ("draw", "skip", "hire"),
        "admittance": ("queue", "admit"),
        "operate": ("operate",),
        "after": ("end",),
    }[phase]
    if kind not in allowed:
        return PHASE_HINT[phase]
    return phase_refusal(state, seat, move)


# The fields each kind of move carries besides its kind; hire may add "fire", and an action
# card its one target ("doctor", "patient" or "player").
FIELDS = {
    "draw": (),
    "skip": (),
    "queue": (),
    "end": (),
    "decline": (),
    "hire": ("doctor",),
    "admit": ("patient",),
    "operate": ("spec",),
    "castle": ("doctor",),
    "fire": ("doctor",),
    "steal": ("doctor",),
    "send": ("player",),
    "discard": ("card",),
    "play": ("card",),
}
OPTIONAL_FIELDS = {"hire": ("fire",), "play": ("doctor", "patient", "player")}


def shape_refusal(move: dict) -> str | None:
    kind = move["kind"]
    allowed = {"kind", *FIELDS[kind], *OPTIONAL_FIELDS.get(kind, ())}
    unknown = sorted(set(move) - allowed)
    if unknown:
        return f"A '{kind}' move has no '{unknown[0]}'."
    missing = [field for field in FIELDS[kind] if field not in move]
    if missing:
        return f"A '{kind}' move needs a '{missing[0]}'."
    return None


PHASE_HINT = {
    "morning": "Morning administration: draw a card, hire a doctor or skip (action cards too).",
    "admittance": "Patient admittance: call the next patient from the queue ('queue') or "
    "admit one from the waiting room ('admit <patient>').",
    "operate": "A patient is on your table: you must operate ('operate <specialization>').",
    "after": "Your turn goes on: play an action card or end your turn ('end').",
}


def card_refusal(card: Any, among: list[str], where: str) -> str:
    if not isinstance(card, str) or card not in BY_SLUG:
        return "Name a card of the game (e.g. 'Butcher')."
    if card not in among:
        return f"{name(card)} is not in {where}."
    return "That is not possible now."


def answer_refusal(state: dict, effect: dict, move: dict) -> str:
    seat = effect["seat"]
    options = answer_options(state, effect)
    if move["kind"] == "send":
        if move.get("player") == seat:
            return "Choose another player, not yourself."
        return f"Choose a player by seat: {', '.join(str(o['player']) for o in options)}."
    if move["kind"] in ("fire", "steal"):
        allowed = [option["doctor"] for option in options]
        doctor = move.get("doctor")
        if doctor == "dr_incognito":
            return "No special effect can touch Dr. Incognito."
        if isinstance(doctor, str) and BY_SLUG.get(doctor) and BY_SLUG[doctor].kind == "doctor":
            if effect["card"] == "exhibitionist" and BY_SLUG[doctor].gender != "woman":
                return "Exhibitionist steals a woman doctor."
            if doctor in allowed:
                return "That is not possible now."
            return f"{name(doctor)} cannot be chosen; choose one of: {names_of(allowed)}."
        return f"Choose one of: {names_of(allowed)}."
    if move["kind"] == "discard":
        return card_refusal(move.get("card"), state["hands"][seat], "your hand")
    return card_refusal(move.get("patient"), state["waiting"], "the waiting room")


def names_of(cards: list[str]) -> str:
    return ", ".join(name(card) for card in cards) or "nobody"


def phase_refusal(state: dict, seat: int, move: dict) -> str:
    kind = move["kind"]
    hand = state["hands"][seat]
    if kind == "draw":
        if len(hand) >= 5:
            return f"You have {len(hand)} cards; you may draw only with fewer than 5."
        return "There is no card left to draw."
    if kind == "hire":
        doctor = move.get("doctor")
        if not isinstance(doctor, str) or BY_SLUG.get(doctor) is None:
            return "Name the doctor you hire (e.g. 'hire Butcher')."
        if doctor not in hand or BY_SLUG[doctor].kind != "doctor":
            return f"{name(doctor)} is not a doctor in your hand."
        team = state["teams"][seat]
        if len(team) >= MAX_DOCTORS and "fire" not in move:
            return "You have four doctors: fire one as you hire (e.g. 'hire X, fire Y')."
        if len(team) < MAX_DOCTORS and "fire" in move:
            return "You have a free office; nobody needs to be fired."
        return card_refusal(move.get("fire"), team, "your team")
    if kind == "queue":
        return f"The waiting room is full ({state['places']} places): admit one of its patients."
    if kind == "admit":
        return card_refusal(move.get("patient"), state["waiting"], "the waiting room")
    if kind == "operate":
        patient = BY_SLUG[state["tables"][seat]]
        specs = ", ".join(ordered_specs(patient.difficulty))
        return f"{patient.name} can be operated in: {specs}."
    return "That is not possible now."


def play_refusal(state: dict, seat: int, move: dict) -> str:
    if state["closing"] is not None:
        return "The hospital is closed: no more cards can be played."
    card = move.get("card")
    if not isinstance(card, str) or card not in BY_SLUG or BY_SLUG[card].kind != "action":
        return "Name the action card you play (e.g. 'Nurse')."
    if card not in state["hands"][seat]:
        return f"You have no {name(card)} in your hand."
    targets = action_targets(state, seat, card)
    if not targets:
        return NO_TARGET.get(card, f"{name(card)} has nothing to act on now.")
    wanted = sorted(targets[0])
    given = sorted(k for k in move if k not in ("kind", "card"))
    if given != wanted:
        return f"{name(card)} needs: {', '.join(wanted) or 'nothing more'}."
    if "player" in move and move["player"] == seat:
        return f"Play {name(card)} on another player."
    if (
        card == "holiday"
        and isinstance(move["player"], int)
        and 0 <= move["player"] < len(state["players"])
    ):
        if shielded(state, move["player"]):
            return "Dr. Acula keeps your cards off that team's operating table."
        return "That player's operating table is not empty."
    if card in ("bribe", "heroic_act") and move["doctor"] == "dr_incognito":
        return "No special effect can touch Dr. Incognito."
    if card == "euthanasia" and isinstance(move["patient"], str):
        lying = seat_of_patient(state, move["patient"])
        if lying is not None and lying != seat and shielded(state, lying):
            return "Dr. Acula keeps your cards off that team's patient."
    return f"{name(card)} cannot be played like that; it can target: " + ", ".join(
        str(next(iter(target.values()))) for target in targets
    )


NO_TARGET = {
    "castling": "Nobody has a doctor to pass.",
    "dr_hrubec_on_duty": "No operating table holds a patient.",
    "lunch_break": "Lunch break needs a patient on your table and a free waiting-room place.",
    "holiday": "Holiday needs a patient on your table and another player with a free table.",
    "euthanasia": "There is no patient on a table or in the waiting room to put to sleep.",
    "heart_attack": "The waiting room is empty.",
    "heroic_act": "You have no doctor who could make a heroic act.",
    "bribe": "You cannot bribe now: you have four doctors, or no one has a doctor to steal.",
}
