"""Dr. Hrubec's refusals: why a move is not possible, in words a player understands, and what
the game waits for when it is not your step."""

from __future__ import annotations

from typing import Any

from games.dr_hrubec.cards import BY_SLUG, name
from games.dr_hrubec.rules.moves import (
    ANSWER_KIND,
    MAX_DOCTORS,
    action_targets,
    answer_options,
    ordered_specs,
    seat_of_patient,
    shielded,
)


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
