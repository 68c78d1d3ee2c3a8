"""The rules of Dr. Hrubec, in the rulebook's order: setup, apply and a turn (morning
administration, patient admittance, the operation's end), the effects of doctors and patients,
action cards, Castling, the end of the game. The rulings and decisions are in the game's own
__init__.py (games/dr_hrubec/__init__.py).

Who acts and the legal moves are in moves.py, the operation in operation.py, the die, the
team's skill and the final score in scoring.py, and why a move is refused in refusals.py.

Two versions of the rules are kept (see `versions`); a game plays under the one it started
with, which its state carries as "version" (a version-1 state has no such key, as before).
"""

from __future__ import annotations

import sys
from typing import Any

from games.base import IllegalMove, Rng, check_player_count, player_names, resolve_options
from games.dr_hrubec.cards import (
    ACTIONS,
    BY_SLUG,
    CLOSING,
    DOCTORS,
    ONGOING,
    ORDER,
    PATIENTS,
    QUEUE_SIZES,
    WAITING_PLACES,
)
from games.dr_hrubec.rules.moves import (
    ANSWER_KIND,
    MAX_DOCTORS,
    MOVE_KINDS,
    answer_options,
    event,
    left_of,
    moves_of_kind,
    owner_of,
    rules_version,
    seat_count,
    seat_of_patient,
    to_act,
)
from games.dr_hrubec.rules.operation import operate
from games.dr_hrubec.rules.refusals import refusal, waiting_message
from games.texts import tell

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
        raise IllegalMove(
            tell(
                "Dr. Hrubec has rules versions %(known)s, not %(version)s.",
                known=known,
                version=repr(version),
            )
        )
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
        raise IllegalMove(
            tell("A move is an object with a 'kind'; try: %(kinds)s.", kinds=", ".join(MOVE_KINDS))
        )
    if move["kind"] not in MOVE_KINDS:
        raise IllegalMove(
            tell(
                "'%(kind)s' is not a move in Dr. Hrubec; try: %(kinds)s.",
                kind=move["kind"],
                kinds=", ".join(MOVE_KINDS),
            )
        )
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seat_count(state):
        raise IllegalMove(tell("There is no seat %(seat)s in this game.", seat=repr(seat)))
    if state["phase"] == "over":
        raise IllegalMove(tell("The game is over."))
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


# The end of a turn


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


# Deadlines


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
