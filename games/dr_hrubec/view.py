"""What each seat may see of a Dr. Hrubec game, and the log line of each move.

Public: the teams, operating tables, waiting room, cured piles, morgues, the patients out of
the game, the discard pile, the ongoing card, pending bonuses and blackouts, hand sizes, the
backs (tiers) of the queue, the effects still to be carried out (they follow from cards on the
table), whether the Alcoholic has staggered, the rules version. Secret: the hands of the
others, the order of the queue and of the draw deck, the unused patients, and Castling choices
until everyone has chosen.
"""

from __future__ import annotations

import textwrap

from games.base import Explanation, Viewer, knows
from games.dr_hrubec.cards import BY_SLUG, CLOSING, GLUE, glued, name, signed, spec_name
from games.dr_hrubec.rules.moves import rules_version, seat_count, to_act
from games.dr_hrubec.rules.refusals import question
from games.dr_hrubec.rules.scoring import ability_sheet, standing
from games.texts import Text, tell


def view(state: dict, seat: int | None) -> dict:
    over = state["phase"] == "over"
    count = seat_count(state)
    shown = {
        "players": list(state["players"]),
        "you": seat,
        "active": state["active"],
        "phase": state["phase"],
        "to_act": to_act(state),
        "closing": state["closing"] is not None,
        "closing_turns": list(state["closing"] or []),
        "hand": list(state["hands"][seat]) if seat is not None else None,
        "hand_counts": [len(hand) for hand in state["hands"]],
        "teams": [list(team) for team in state["teams"]],
        "skills": [ability_sheet(team) for team in state["teams"]],
        "ongoing": state["ongoing"],
        "bonus": list(state["bonus"]),
        "blackout": list(state["blackout"]),
        "tables": list(state["tables"]),
        "waiting_room": list(state["waiting"]),
        "waiting_places": state["places"],
        "queue": {
            "count": len(state["queue"]) - 1 if state["queue"] else 0,
            "tiers": tier_counts(state["queue"]),
            "closing_card_left": CLOSING in state["queue"],
        },
        "deck_count": len(state["deck"]),
        "discard": list(state["discard"]),
        "cured": [list(pile) for pile in state["cured"]],
        "morgue": [list(pile) for pile in state["morgue"]],
        "gone": list(state["gone"]),
        "unused_patients": len(state["box"]),
        "scores": [standing(state, owner) for owner in range(count)],
        "question": question_view(state),
        "effects": [dict(effect) for effect in state["pending"]],
        "alcoholic_staggered": state["alcoholic_staggered"],
        "rules_version": rules_version(state),
        "castling": castling_view(state, seat),
        "last_operation": operation_view(state["last"]),
    }
    if over:
        shown["hands"] = [list(hand) for hand in state["hands"]]
        shown["deck"] = list(state["deck"])
        shown["queue"]["cards"] = list(state["queue"])
        shown["unused"] = list(state["box"])
    return shown


def tier_counts(queue: list[str]) -> list[int]:
    """What the backs of the queue show: how many patients of each tier wait in it."""
    counts = [0, 0, 0]
    for card in queue:
        if card != CLOSING:
            counts[BY_SLUG[card].tier - 1] += 1
    return counts


def operation_view(last: dict | None) -> dict | None:
    """The last operation, with what follows from it: the difficulty and the verdict."""
    if last is None:
        return None
    difficulty = BY_SLUG[last["patient"]].difficulty[last["spec"]]
    return {**last, "difficulty": difficulty, "cured": last["total"] >= difficulty}


def question_view(state: dict) -> dict | None:
    if not state["pending"]:
        return None
    effect = state["pending"][0]
    return {"seat": effect["seat"], "asks": effect["do"], "text": question(effect)}


def castling_view(state: dict, seat: int | None) -> dict | None:
    castling = state["castling"]
    if not castling:
        return None
    picks = castling["picks"]
    return {
        "seats": list(castling["seats"]),
        "chosen": [picks[owner] is not None for owner in range(len(picks))],
        "your_choice": picks[seat] if seat is not None else None,
    }


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


# The position in plain text, for email: built only from what `view` shows the seat

SHORT = {"surgery": "sur", "psychiatry": "psy", "stomatology": "sto", "dermatology": "der"}
PHASE_TEXT = {
    "morning": "{active}'s morning: draw, hire a doctor or skip.",
    "admittance": "{active} admits a patient from the waiting room or the queue.",
    "operate": "{active} operates.",
    "after": "{active} may play action cards, then ends the turn.",
}


def wrapped(text: str, indent: str = "    ") -> list[str]:
    """Wrapped to 78 columns, never inside a card name (written with no-break spaces)."""
    lines = textwrap.wrap(text, 78, subsequent_indent=indent) or [text]
    return [line.replace("\xa0", " ") for line in lines]


def tight(text: str) -> str:
    return text.replace(" ", "\xa0")


def skills_text(skills: dict[str, int]) -> str:
    return " ".join(f"{SHORT[spec]} {value:+d}" for spec, value in skills.items())


def patient_text(slug: str | None) -> str:
    if slug is None:
        return "empty"
    card = BY_SLUG[slug]
    needs = ", ".join(f"{SHORT[spec]} {value}" for spec, value in card.difficulty.items())
    return tight(f"{card.name} ({needs}; {card.points} pt{'s' * (card.points != 1)})")


def hand_card_text(slug: str) -> str:
    card = BY_SLUG[slug]
    if card.kind == "doctor":
        skills = dict(zip(SHORT, card.skills, strict=True))
        return tight(f"{card.name} (doctor {skills_text(skills)})")
    return tight(card.name)


def team_text(shown: dict, owner: int) -> str:
    team = ", ".join(tight(name(doctor)) for doctor in shown["teams"][owner]) or "no doctors"
    return f"{team} [{tight(skills_text(shown['skills'][owner]))}]"


def seat_notes(shown: dict, owner: int) -> str:
    notes = [
        f"score {shown['scores'][owner]}",
        f"cured {len(shown['cured'][owner])}",
        f"morgue {len(shown['morgue'][owner])}",
    ]
    if shown["bonus"][owner]:
        notes.append(f"bonus {shown['bonus'][owner]:+d} next operation")
    if shown["blackout"][owner]:
        notes.append("blackout on next operation")
    return ", ".join(notes)


def view_text(state: dict, seat: int | None) -> str:
    """The position as `seat` sees it, in a few plain lines for an email."""
    shown = view(state, seat)
    names = shown["players"]
    active = names[shown["active"]] if shown["active"] is not None else ""
    lines = ["Dr. Hrubec" + (": the hospital is closing." if shown["closing"] else ".")]
    question = shown["question"]
    if shown["phase"] == "over":
        lines.append("The game is over.")
    elif shown["castling"]:
        waiting = " and ".join(names[n] for n in shown["to_act"])
        lines += wrapped(f"Castling: waiting for {waiting} to choose a doctor to pass left.")
        if shown["castling"]["your_choice"]:
            lines.append(f"You chose {name(shown['castling']['your_choice'])}.")
    elif question:
        lines += wrapped(f"{names[question['seat']]} must {question['text']}.")
    else:
        lines.append(PHASE_TEXT.get(shown["phase"], "{active} plays.").format(active=active))
    if shown["ongoing"]:
        card = BY_SLUG[shown["ongoing"]]
        lines += wrapped(f"Ongoing: {card.name}: {card.text.removeprefix('Ongoing: ')}")
    lines.append("")
    if seat is not None:
        lines += wrapped(f"Your team: {team_text(shown, seat)}")
        lines += wrapped(f"Your table: {patient_text(shown['tables'][seat])}")
        lines += wrapped(f"You, {names[seat]}: {seat_notes(shown, seat)}")
        if shown["phase"] != "over":
            hand = ", ".join(hand_card_text(card) for card in shown["hand"]) or "empty"
            lines += wrapped(f"Your hand ({len(shown['hand'])}): {hand}")
        lines.append("")
    room = ", ".join(patient_text(patient) for patient in shown["waiting_room"]) or "empty"
    places = f"{len(shown['waiting_room'])}/{shown['waiting_places']}"
    lines += wrapped(f"Waiting room ({places}): {room}")
    queue = shown["queue"]
    tiers = ", ".join(f"tier {n} x{count}" for n, count in enumerate(queue["tiers"], 1) if count)
    closing = "; closing card still in it" if queue["closing_card_left"] else ""
    lines += wrapped(f"Queue: {queue['count']} patients ({tiers or 'none'}){closing}")
    lines.append(f"Deck: {shown['deck_count']} cards; discard pile: {len(shown['discard'])}")
    for owner, player in enumerate(names):
        if owner == seat:
            continue
        lines.append("")
        hand = shown["hand_counts"][owner]
        lines += wrapped(
            f"{player}: {hand} card{'s' * (hand != 1)} in hand, {seat_notes(shown, owner)}"
        )
        lines += wrapped(f"  team: {team_text(shown, owner)}")
        lines += wrapped(f"  table: {patient_text(shown['tables'][owner])}")
    last = shown["last_operation"]
    if last is not None:
        lines.append("")
        lines += wrapped(f"Last operation: {tell_operation(last, names)}", "  ")
    if shown["phase"] == "over":
        best = max(shown["scores"])
        winners = " and ".join(names[n] for n, score in enumerate(shown["scores"]) if score == best)
        lines.append(f"Winner{'s' * (shown['scores'].count(best) > 1)}: {winners}")
    return "\n".join(lines)


# Explain: the final scores in words


def explain(outcome: dict, names: list[str]) -> Explanation:
    """Each player's cured patients for their points, less 2 for each patient in their morgue."""
    sentences, rows = [], []
    for seat, player in enumerate(outcome["details"]["players"]):
        cured = ", ".join(name(patient) for patient in player["cured"])
        dead = ", ".join(name(patient) for patient in player["dead"])
        text = f"{names[seat]} cured "
        text += (
            f"{len(player['cured'])} ({cured}) for {player['cured_points']}"
            if cured
            else "nobody: 0"
        )
        if dead:
            text += f"; {len(player['dead'])} in the morgue ({dead}) cost 2 each: "
            text += str(player["dead_penalty"])
        sentences.append(f"{text}. Total {player['total']}.")
        rows.append(
            [
                names[seat],
                len(player["cured"]),
                player["cured_points"],
                len(player["dead"]),
                player["dead_penalty"],
                player["total"],
            ]
        )
    columns = ["Player", "Cured", "Points", "In the morgue", "Penalty", "Total"]
    return Explanation(sentences, columns, rows)
