"""Dr. Hrubec: who acts, and every move a seat may make (`legal_moves` and the helpers that
find each kind of move: the seats around the table, the targets of action cards, the answers
to the questions effects ask), and the record of what a move set off (`event`)."""

from __future__ import annotations

from typing import Any

from games.dr_hrubec.cards import BY_SLUG, ONGOING, SPECIALIZATIONS

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


# What a move set off, for its log line


def event(state: dict, what: str, seat: int | None = None, **details: Any) -> None:
    """What happened during the move, for describe(); cleared at the start of every move."""
    state["events"].append({"e": what, "seat": seat, **details})
