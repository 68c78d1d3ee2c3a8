"""Dr. Hrubec's refusals: why a move is not possible, in words a player understands, and what
the game waits for when it is not your step."""

from __future__ import annotations

from typing import Any

from games.dr_hrubec.cards import BY_SLUG, glued, name, spec_name
from games.dr_hrubec.rules.moves import (
    ANSWER_KIND,
    MAX_DOCTORS,
    action_targets,
    answer_options,
    ordered_specs,
    seat_of_patient,
    shielded,
)
from games.texts import Text, tell, word


def waiting_message(state: dict, seat: int) -> Text:
    names = state["players"]
    if state["castling"]:
        if seat not in state["castling"]["seats"]:
            return tell(
                "Everyone with a doctor is choosing one to pass for Castling; you have none."
            )
        return tell("You have chosen your doctor for Castling; waiting for the others.")
    if state["pending"]:
        effect = state["pending"][0]
        return tell(
            "Waiting for %(who)s to %(question)s.",
            who=names[effect["seat"]],
            question=question(effect),
        )
    return tell("It is %(who)s's turn, not yours.", who=names[state["active"]])


def question(effect: dict) -> Text:
    asks, card = effect["do"], effect.get("card")
    if asks == "send":
        going = [effect[key] for key in ("doctor", "patient") if effect.get(key)]
        what = glued([name(going[0]), *map(name, going[1:2])], " and ")
        return tell("choose the player %(what)s goes to", what=what)
    if asks == "fire" and card == "overflow":
        return tell("choose which of five doctors to discard")
    if asks == "fire" and card == "alien":
        return tell("choose a doctor to discard for Alien")
    if asks == "fire":
        return tell("choose one of their doctors to discard for %(card)s", card=name(card))
    if asks == "steal":
        return tell("choose a doctor to steal for %(card)s", card=name(card))
    if asks == "discard":
        return tell("choose a card to discard for %(card)s", card=name(card))
    return tell("choose a patient from the waiting room for Siamese twins, or decline")


def refusal(state: dict, seat: int, move: dict) -> Text:
    """Why a move of a known kind, from a seat that is waited for, is not possible."""
    kind = move["kind"]
    shape = shape_refusal(move)
    if shape:
        return shape
    if state["castling"]:
        if kind != "castle":
            return tell(
                "Castling first: choose the doctor you pass to the left (e.g. 'castle Butcher')."
            )
        return card_refusal(move.get("doctor"), state["teams"][seat], "your team")
    if state["pending"]:
        effect = state["pending"][0]
        expected = ANSWER_KIND[effect["do"]]
        if kind not in (expected, "decline" if effect["do"] == "siamese" else expected):
            return tell("First %(question)s.", question=question(effect))
        return answer_refusal(state, effect, move)
    phase = state["phase"]
    if kind in ("castle", "send", "fire", "steal", "discard", "decline"):
        return tell("Nothing asks you to %(verb)s now.", verb=word("dr_hrubec move", kind))
    if kind == "play":
        return play_refusal(state, seat, move)
    allowed = {
        "morning": ("draw", "skip", "hire"),
        "admittance": ("queue", "admit"),
        "operate": ("operate",),
        "after": ("end",),
    }[phase]
    if kind not in allowed:
        return tell(PHASE_HINT[phase])
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


def shape_refusal(move: dict) -> Text | None:
    kind = move["kind"]
    allowed = {"kind", *FIELDS[kind], *OPTIONAL_FIELDS.get(kind, ())}
    unknown = sorted(set(move) - allowed)
    if unknown:
        return tell("A '%(kind)s' move has no '%(field)s'.", kind=kind, field=unknown[0])
    missing = [field for field in FIELDS[kind] if field not in move]
    if missing:
        return tell("A '%(kind)s' move needs a '%(field)s'.", kind=kind, field=missing[0])
    return None


PHASE_HINT = {
    "morning": "Morning administration: draw a card, hire a doctor or skip (action cards too).",
    "admittance": "Patient admittance: call the next patient from the queue ('queue') or "
    "admit one from the waiting room ('admit <patient>').",
    "operate": "A patient is on your table: you must operate ('operate <specialization>').",
    "after": "Your turn goes on: play an action card or end your turn ('end').",
}


def card_refusal(card: Any, among: list[str], where: str) -> Text:
    if not isinstance(card, str) or card not in BY_SLUG:
        return tell("Name a card of the game (e.g. 'Butcher').")
    if card not in among:
        return tell(NOT_IN[where], card=name(card))
    return tell("That is not possible now.")


NOT_IN = {
    "your team": "%(card)s is not in your team.",
    "your hand": "%(card)s is not in your hand.",
    "the waiting room": "%(card)s is not in the waiting room.",
}


def answer_refusal(state: dict, effect: dict, move: dict) -> Text:
    seat = effect["seat"]
    options = answer_options(state, effect)
    if move["kind"] == "send":
        if move.get("player") == seat:
            return tell("Choose another player, not yourself.")
        players = glued([state["players"][option["player"]] for option in options], ", ")
        return tell("Choose one of the players: %(players)s.", players=players)
    if move["kind"] in ("fire", "steal"):
        allowed = [option["doctor"] for option in options]
        doctor = move.get("doctor")
        if doctor == "dr_incognito":
            return tell("No special effect can touch Dr. Incognito.")
        if isinstance(doctor, str) and BY_SLUG.get(doctor) and BY_SLUG[doctor].kind == "doctor":
            if effect["card"] == "exhibitionist" and BY_SLUG[doctor].gender != "woman":
                return tell("Exhibitionist steals a woman doctor.")
            if doctor in allowed:
                return tell("That is not possible now.")
            return tell(
                "%(doctor)s cannot be chosen; choose one of: %(doctors)s.",
                doctor=name(doctor),
                doctors=names_of(allowed),
            )
        return tell("Choose one of: %(doctors)s.", doctors=names_of(allowed))
    if move["kind"] == "discard":
        return card_refusal(move.get("card"), state["hands"][seat], "your hand")
    return card_refusal(move.get("patient"), state["waiting"], "the waiting room")


def names_of(cards: list[str]) -> Text | str:
    return glued(map(name, cards), ", ") or word("dr_hrubec word", "nobody")


def phase_refusal(state: dict, seat: int, move: dict) -> Text:
    kind = move["kind"]
    hand = state["hands"][seat]
    if kind == "draw":
        if len(hand) >= 5:
            return tell(
                "You have %(count)s cards; you may draw only with fewer than 5.", count=len(hand)
            )
        return tell("There is no card left to draw.")
    if kind == "hire":
        doctor = move.get("doctor")
        if not isinstance(doctor, str) or BY_SLUG.get(doctor) is None:
            return tell("Name the doctor you hire (e.g. 'hire Butcher').")
        if doctor not in hand or BY_SLUG[doctor].kind != "doctor":
            return tell("%(card)s is not a doctor in your hand.", card=name(doctor))
        team = state["teams"][seat]
        if len(team) >= MAX_DOCTORS and "fire" not in move:
            return tell("You have four doctors: fire one as you hire (e.g. 'hire X, fire Y').")
        if len(team) < MAX_DOCTORS and "fire" in move:
            return tell("You have a free office; nobody needs to be fired.")
        return card_refusal(move.get("fire"), team, "your team")
    if kind == "queue":
        return tell(
            "The waiting room is full (%(places)s places): admit one of its patients.",
            places=state["places"],
        )
    if kind == "admit":
        return card_refusal(move.get("patient"), state["waiting"], "the waiting room")
    if kind == "operate":
        patient = state["tables"][seat]
        specs = glued(map(spec_name, ordered_specs(BY_SLUG[patient].difficulty)), ", ")
        return tell(
            "%(patient)s can be operated in: %(specs)s.", patient=name(patient), specs=specs
        )
    return tell("That is not possible now.")


def play_refusal(state: dict, seat: int, move: dict) -> Text:
    if state["closing"] is not None:
        return tell("The hospital is closed: no more cards can be played.")
    card = move.get("card")
    if not isinstance(card, str) or card not in BY_SLUG or BY_SLUG[card].kind != "action":
        return tell("Name the action card you play (e.g. 'Nurse').")
    if card not in state["hands"][seat]:
        return tell("You have no %(card)s in your hand.", card=name(card))
    targets = action_targets(state, seat, card)
    if not targets:
        if card in NO_TARGET:
            return tell(NO_TARGET[card])
        return tell("%(card)s has nothing to act on now.", card=name(card))
    wanted = sorted(targets[0])
    given = sorted(k for k in move if k not in ("kind", "card"))
    if given != wanted:
        fields = glued([word("dr_hrubec field", field) for field in wanted], ", ")
        return tell(
            "%(card)s needs: %(fields)s.",
            card=name(card),
            fields=fields or word("dr_hrubec field", "nothing more"),
        )
    if "player" in move and move["player"] == seat:
        return tell("Play %(card)s on another player.", card=name(card))
    if (
        card == "holiday"
        and isinstance(move["player"], int)
        and 0 <= move["player"] < len(state["players"])
    ):
        if shielded(state, move["player"]):
            return tell("Dr. Acula keeps your cards off that team's operating table.")
        return tell("That player's operating table is not empty.")
    if card in ("bribe", "heroic_act") and move["doctor"] == "dr_incognito":
        return tell("No special effect can touch Dr. Incognito.")
    if card == "euthanasia" and isinstance(move["patient"], str):
        lying = seat_of_patient(state, move["patient"])
        if lying is not None and lying != seat and shielded(state, lying):
            return tell("Dr. Acula keeps your cards off that team's patient.")
    return tell(
        "%(card)s cannot be played like that; it can target: %(targets)s",
        card=name(card),
        targets=glued([target_name(state, target) for target in targets], ", "),
    )


def target_name(state: dict, target: dict) -> Text | str:
    """What an action card acts on as a player knows it: a player's name or a card's."""
    if "player" in target:
        return state["players"][target["player"]]
    return name(target.get("doctor") or target["patient"])


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
