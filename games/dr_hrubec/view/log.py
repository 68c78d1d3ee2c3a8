"""The log line of each Dr. Hrubec move, as each viewer may read it, told through
games/texts.py so that every reader reads it in their own language."""

from __future__ import annotations

from games.base import Viewer, knows
from games.dr_hrubec.cards import BY_SLUG, GLUE, glued, name, signed, spec_name
from games.dr_hrubec.rules.moves import to_act
from games.dr_hrubec.rules.refusals import question
from games.dr_hrubec.rules.scoring import standing
from games.texts import Text, tell


def operation_view(last: dict | None) -> dict | None:
    """The last operation, with what follows from it: the difficulty and the verdict."""
    if last is None:
        return None
    difficulty = BY_SLUG[last["patient"]].difficulty[last["spec"]]
    return {**last, "difficulty": difficulty, "cured": last["total"] >= difficulty}


# Describe: the log line of one move, as the viewer may read it


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    names = after["players"]
    lines = [tell_event(event, names, viewer, after) for event in after["events"]]
    if after["castling"]:
        lines.append(castling_wait(names, to_act(after)))
    elif after["phase"] != "over" and to_act(after):
        follows = next_step(before, after)
        if follows:
            lines.append(follows)
    return glued([line for line in lines if line], " ") or tell("%(who)s moves.", who=names[seat])


def castling_wait(names: list[str], waiting: list[int]) -> Text:
    return tell(
        "Castling: waiting for %(players)s to choose a doctor to pass left.",
        players=glued([names[other] for other in waiting], " and "),
    )


def next_step(before: dict, after: dict) -> str:
    names = after["players"]
    active = after["active"]
    if after["pending"]:
        effect = after["pending"][0]
        return must(names[effect["seat"]], effect)
    if (before["active"], before["phase"]) == (active, after["phase"]):
        return ""
    if after["phase"] == "operate" and after["closing"] is not None:
        return tell("%(who)s operates one last time.", who=names[active])
    if after["phase"] == "operate":
        return tell(
            "It is %(who)s's turn: %(patient)s is on the table.",
            who=names[active],
            patient=name(after["tables"][active]),
        )
    if after["phase"] == "morning" and before["active"] != active:
        return tell("It is %(who)s's turn.", who=names[active])
    return ""


def must(who: str, effect: dict) -> Text:
    return tell("%(who)s must %(question)s.", who=who, question=question(effect))


def tell_event(event: dict, names: list[str], viewer: Viewer, after: dict) -> str:
    who = names[event["seat"]] if event["seat"] is not None else ""
    what = event["e"]
    if what == "draw":
        if knows(viewer, event["seat"]):
            return tell("%(who)s draws %(card)s.", who=who, card=name(event["card"]))
        return tell("%(who)s draws a card.", who=who)
    if what == "pick":
        if knows(viewer, event["seat"]):
            return tell(
                "%(who)s chooses %(doctor)s to pass on for Castling.",
                who=who,
                doctor=name(event["doctor"]),
            )
        return tell("%(who)s has chosen a doctor to pass on for Castling.", who=who)
    if what == "operate":
        return tell_operation(after["last"], names)
    if what == "castled":
        return tell_castled(event, names)
    if what == "play":
        return tell_play(event, names, who)
    if what == "fire":
        if event["owner"] == event["seat"]:
            return tell(
                "%(who)s discards %(doctor)s from the team.", who=who, doctor=name(event["doctor"])
            )
        return tell(
            "%(who)s discards %(owner)s's %(doctor)s.",
            who=who,
            owner=names[event["owner"]],
            doctor=name(event["doctor"]),
        )
    if what == "over":
        scores = glued(
            [
                Text(
                    "%(player)s %(score)s",
                    {"player": player, "score": standing(after, n)},
                    context=GLUE,
                )
                for n, player in enumerate(names)
            ],
            ", ",
        )
        return tell("The game is over: %(scores)s.", scores=scores)
    if what == "gone" and event.get("card"):
        return tell(
            "%(patient)s leaves the game (%(card)s).",
            patient=name(event["patient"]),
            card=name(event["card"]),
        )
    params = {
        "who": who,
        "count": event.get("count"),
        "card": name(event["card"]) if event.get("card") else "",
        "doctor": name(event["doctor"]) if event.get("doctor") else "",
        "patient": name(event["patient"]) if event.get("patient") else "",
        "owner": names[event["owner"]] if event.get("owner") is not None else "",
        "to": names[event["to"]] if event.get("to") is not None else "",
    }
    template = PLAIN[what]
    return tell(
        template, **{key: value for key, value in params.items() if f"%({key})s" in template}
    )


def tell_castled(event: dict, names: list[str]) -> Text:
    passes = [
        tell(
            "%(giver)s passes %(doctor)s to %(taker)s",
            giver=names[giver],
            doctor=name(doctor),
            taker=names[(giver + 1) % len(names)],
        )
        for giver, doctor in event["passes"]
    ]
    if not passes:
        return tell("Castling: nobody has a doctor to pass.")
    return tell("Castling: %(passes)s.", passes=glued(passes, "; "))


PLAIN = {
    "reshuffle": "The discard pile is shuffled into a new draw deck of %(count)s cards.",
    "no_card": "There is no card left for %(who)s to draw.",
    "skip": "%(who)s neither draws nor hires.",
    "hire": "%(who)s hires %(doctor)s.",
    "queue": "%(who)s calls %(patient)s from the queue into the waiting room.",
    "closing": "%(who)s turns up the hospital closing card: the hospital closes. Those with a "
    "patient on the table operate one last time, clockwise, without playing cards.",
    "admit": "%(who)s takes %(patient)s from the waiting room onto the operating table.",
    "cured": "%(patient)s is cured and goes to %(who)s's cured pile.",
    "holiday": "%(patient)s goes on holiday to %(to)s's operating table.",
    "lunch_break": "%(patient)s goes back to the waiting room.",
    "alcoholic_moves": "%(patient)s staggers onto %(to)s's operating table.",
    "gone": "%(patient)s leaves the game.",
    "to_morgue": "%(patient)s goes into %(to)s's morgue.",
    "doctor_moves": "%(doctor)s moves from %(who)s's team to %(to)s's.",
    "steal": "%(who)s takes %(doctor)s from %(owner)s.",
    "discard": "%(who)s discards %(card)s.",
    "decline": "%(who)s leaves the waiting room as it is.",
    "end": "%(who)s ends the turn.",
}


def tell_operation(last: dict, names: list[str]) -> Text:
    last = operation_view(last)
    if last["counted"] != last["roll"]:
        roll = tell(
            "rolls %(roll)s (counts as %(counted)s)", roll=last["roll"], counted=last["counted"]
        )
    else:
        roll = tell("rolls %(roll)s", roll=last["roll"])
    if last["blackout"]:
        sum_up = tell("%(roll)s, blackout: the die alone", roll=roll)
    elif last["bonus"]:
        sum_up = tell(
            "%(roll)s + skill %(skill)s + bonus %(bonus)s",
            roll=roll,
            skill=signed(last["skill"]),
            bonus=signed(last["bonus"]),
        )
    else:
        sum_up = tell("%(roll)s + skill %(skill)s", roll=roll, skill=signed(last["skill"]))
    params = {
        "who": names[last["seat"]],
        "patient": name(last["patient"]),
        "spec": spec_name(last["spec"]),
        "difficulty": last["difficulty"],
        "sum": sum_up,
        "total": last["total"],
    }
    if last["cured"]:
        return tell(
            "%(who)s operates on %(patient)s (%(spec)s, difficulty %(difficulty)s): "
            "%(sum)s = %(total)s: cured.",
            **params,
        )
    return tell(
        "%(who)s operates on %(patient)s (%(spec)s, difficulty %(difficulty)s): "
        "%(sum)s = %(total)s: dead.",
        **params,
    )


def tell_play(event: dict, names: list[str], who: str) -> Text:
    card = name(event["card"])
    if "doctor" in event:
        target = name(event["doctor"])
    elif "patient" in event:
        target = name(event["patient"])
    elif "player" in event:
        target = names[event["player"]]
    else:
        return tell("%(who)s plays %(card)s.", who=who, card=card)
    return tell("%(who)s plays %(card)s on %(target)s.", who=who, card=card, target=target)
