"""What each seat may see of a Dr. Hrubec game, its picture in plain text for an email and the
final score in words (the log lines are in log.py).

Public: the teams, operating tables, waiting room, cured piles, morgues, the patients out of
the game, the discard pile, the ongoing card, pending bonuses and blackouts, hand sizes, the
backs (tiers) of the queue, the effects still to be carried out (they follow from cards on the
table), whether the Alcoholic has staggered, the rules version. Secret: the hands of the
others, the order of the queue and of the draw deck, the unused patients, and Castling choices
until everyone has chosen.
"""

from __future__ import annotations

import textwrap

from games.base import Explanation
from games.dr_hrubec.cards import BY_SLUG, CLOSING, GLUE, glued, name, ongoing_effect, signed
from games.dr_hrubec.rules.moves import rules_version, seat_count, to_act
from games.dr_hrubec.rules.refusals import question
from games.dr_hrubec.rules.scoring import ability_sheet, standing
from games.dr_hrubec.view.log import castling_wait, describe, operation_view, tell_operation
from games.texts import Text, tell, tell_plural, word

__all__ = ["describe", "explain", "view", "view_text"]


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


# The position in plain text, for email: built only from what `view` shows the seat

SHORT = {"surgery": "sur", "psychiatry": "psy", "stomatology": "sto", "dermatology": "der"}
PHASE_TEXT = {
    "morning": "%(active)s's morning: draw, hire a doctor or skip.",
    "admittance": "%(active)s admits a patient from the waiting room or the queue.",
    "operate": "%(active)s operates.",
    "after": "%(active)s may play action cards, then ends the turn.",
}
WIDTH = 78


class Tight(Text):
    """A told name kept on one line when its sentence is wrapped (written with no-break
    spaces, in English and in whichever language it is read)."""

    def __new__(cls, told: Text) -> Tight:
        made = str.__new__(cls, str(told).replace(" ", "\xa0"))
        made.msgid, made.params = told.msgid, told.params
        made.plural, made.count, made.context = told.plural, told.count, told.context
        return made

    def translated(self, catalogue) -> str:
        return super().translated(catalogue).replace(" ", "\xa0")


class Wrapped(Text):
    """A told line wrapped to 78 columns, in English and in whichever language it is read."""

    def __new__(cls, told: Text, indent: str = "    ") -> Wrapped:
        made = str.__new__(cls, wrap(str(told), indent))
        made.msgid, made.params = "%(line)s", {"line": told}
        made.plural, made.count, made.context = None, None, GLUE
        made.indent = indent
        return made

    def translated(self, catalogue) -> str:
        line = self.params["line"]
        return wrap(line.translated(catalogue) if isinstance(line, Text) else line, self.indent)


def wrap(text: str, indent: str) -> str:
    """Wrapped to 78 columns, never inside a card name (written with no-break spaces)."""
    lines = textwrap.wrap(text, WIDTH, subsequent_indent=indent) or [text]
    return "\n".join(line.replace("\xa0", " ") for line in lines)


def wrapped(told: Text, indent: str = "    ") -> list[Text]:
    return [Wrapped(told, indent)]


def skills_text(skills: dict[str, int]) -> Text:
    pieces = []
    for spec, value in skills.items():
        pieces += [word("dr_hrubec short", SHORT[spec]), signed(value)]
    return glued(pieces, " ")


def patient_text(slug: str | None) -> Text:
    if slug is None:
        return word("dr_hrubec word", "empty")
    card = BY_SLUG[slug]
    needs = glued(
        [
            glued([word("dr_hrubec short", SHORT[spec]), value], " ")
            for spec, value in card.difficulty.items()
        ],
        ", ",
    )
    return Tight(
        tell_plural(
            "%(patient)s (%(needs)s; %(count)s pt)",
            "%(patient)s (%(needs)s; %(count)s pts)",
            card.points,
            patient=name(slug),
            needs=needs,
        )
    )


def hand_card_text(slug: str) -> Text:
    card = BY_SLUG[slug]
    if card.kind == "doctor":
        skills = dict(zip(SHORT, card.skills, strict=True))
        return Tight(
            tell("%(card)s (doctor %(skills)s)", card=name(slug), skills=skills_text(skills))
        )
    return Tight(name(slug))


def team_text(shown: dict, owner: int) -> Text:
    doctors = [Tight(name(doctor)) for doctor in shown["teams"][owner]]
    team = glued(doctors, ", ") or word("dr_hrubec word", "no doctors")
    skills = Tight(skills_text(shown["skills"][owner]))
    return Text("%(team)s [%(skills)s]", {"team": team, "skills": skills}, context=GLUE)


def seat_notes(shown: dict, owner: int) -> Text:
    notes = [
        tell("score %(score)s", score=shown["scores"][owner]),
        tell("cured %(count)s", count=len(shown["cured"][owner])),
        tell("morgue %(count)s", count=len(shown["morgue"][owner])),
    ]
    if shown["bonus"][owner]:
        notes.append(tell("bonus %(bonus)s next operation", bonus=signed(shown["bonus"][owner])))
    if shown["blackout"][owner]:
        notes.append(tell("blackout on next operation"))
    return glued(notes, ", ")


def view_text(state: dict, seat: int | None) -> Text:
    """The position as `seat` sees it, in a few plain lines for an email."""
    shown = view(state, seat)
    names = shown["players"]
    if shown["closing"]:
        lines = [tell("Dr. Hrubec: the hospital is closing.")]
    else:
        lines = [tell("Dr. Hrubec.")]
    lines += state_lines(shown)
    if shown["ongoing"]:
        ongoing = shown["ongoing"]
        effect = ongoing_effect(ongoing)
        lines += wrapped(tell("Ongoing: %(card)s: %(effect)s", card=name(ongoing), effect=effect))
    lines.append("")
    if seat is not None:
        lines += own_lines(shown, seat)
    lines += hospital_lines(shown)
    for owner in range(len(names)):
        if owner != seat:
            lines += ["", *other_lines(shown, owner)]
    last = shown["last_operation"]
    if last is not None:
        lines.append("")
        lines += wrapped(
            tell("Last operation: %(operation)s", operation=tell_operation(last, names)), "  "
        )
    if shown["phase"] == "over":
        best = max(shown["scores"])
        winners = [names[n] for n, score in enumerate(shown["scores"]) if score == best]
        lines.append(
            tell_plural(
                "Winner: %(winners)s",
                "Winners: %(winners)s",
                len(winners),
                winners=glued(winners, " and "),
            )
        )
    return glued(lines, "\n")


def state_lines(shown: dict) -> list[Text]:
    """What the table waits for."""
    names = shown["players"]
    active = names[shown["active"]] if shown["active"] is not None else ""
    question = shown["question"]
    if shown["phase"] == "over":
        return [tell("The game is over.")]
    if shown["castling"]:
        lines = wrapped(castling_wait(names, shown["to_act"]))
        if shown["castling"]["your_choice"]:
            lines.append(
                tell("You chose %(doctor)s.", doctor=name(shown["castling"]["your_choice"]))
            )
        return lines
    if question:
        return wrapped(
            tell(
                "%(who)s must %(question)s.", who=names[question["seat"]], question=question["text"]
            )
        )
    return [tell(PHASE_TEXT.get(shown["phase"], "%(active)s plays."), active=active)]


def own_lines(shown: dict, seat: int) -> list[Text]:
    lines = wrapped(tell("Your team: %(team)s", team=team_text(shown, seat)))
    lines += wrapped(tell("Your table: %(table)s", table=patient_text(shown["tables"][seat])))
    lines += wrapped(
        tell("You, %(who)s: %(notes)s", who=shown["players"][seat], notes=seat_notes(shown, seat))
    )
    if shown["phase"] != "over":
        hand = glued(map(hand_card_text, shown["hand"]), ", ") or word("dr_hrubec word", "empty")
        lines += wrapped(
            tell("Your hand (%(count)s): %(hand)s", count=len(shown["hand"]), hand=hand)
        )
    return [*lines, ""]


def hospital_lines(shown: dict) -> list[Text]:
    room = glued(map(patient_text, shown["waiting_room"]), ", ") or word("dr_hrubec word", "empty")
    places = f"{len(shown['waiting_room'])}/{shown['waiting_places']}"
    lines = wrapped(tell("Waiting room (%(places)s): %(room)s", places=places, room=room))
    queue = shown["queue"]
    tiers = glued(
        [
            tell("tier %(tier)s x%(count)s", tier=n, count=count)
            for n, count in enumerate(queue["tiers"], 1)
            if count
        ],
        ", ",
    ) or word("dr_hrubec word", "none")
    if queue["closing_card_left"]:
        told = tell(
            "Queue: %(count)s patients (%(tiers)s); closing card still in it",
            count=queue["count"],
            tiers=tiers,
        )
    else:
        told = tell("Queue: %(count)s patients (%(tiers)s)", count=queue["count"], tiers=tiers)
    lines += wrapped(told)
    lines.append(
        tell(
            "Deck: %(deck)s cards; discard pile: %(discard)s",
            deck=shown["deck_count"],
            discard=len(shown["discard"]),
        )
    )
    return lines


def other_lines(shown: dict, owner: int) -> list[Text]:
    hand = shown["hand_counts"][owner]
    lines = wrapped(
        tell_plural(
            "%(player)s: %(count)s card in hand, %(notes)s",
            "%(player)s: %(count)s cards in hand, %(notes)s",
            hand,
            player=shown["players"][owner],
            notes=seat_notes(shown, owner),
        )
    )
    lines += wrapped(tell("  team: %(team)s", team=team_text(shown, owner)))
    lines += wrapped(tell("  table: %(table)s", table=patient_text(shown["tables"][owner])))
    return lines


# Explain: the final scores in words


def explain(outcome: dict, names: list[str]) -> Explanation:
    """Each player's cured patients for their points, less 2 for each patient in their morgue."""
    sentences, rows = [], []
    for seat, player in enumerate(outcome["details"]["players"]):
        sentences.append(score_sentence(names[seat], player))
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
    columns = [
        word("dr_hrubec column", column)
        for column in ("Player", "Cured", "Points", "In the morgue", "Penalty", "Total")
    ]
    return Explanation(sentences, columns, rows)


def score_sentence(who: str, player: dict) -> Text:
    params = {
        "who": who,
        "cured": len(player["cured"]),
        "cured_names": glued(map(name, player["cured"]), ", "),
        "points": player["cured_points"],
        "dead": len(player["dead"]),
        "dead_names": glued(map(name, player["dead"]), ", "),
        "penalty": player["dead_penalty"],
        "total": player["total"],
    }
    if player["cured"] and player["dead"]:
        return tell(
            "%(who)s cured %(cured)s (%(cured_names)s) for %(points)s; %(dead)s in the morgue "
            "(%(dead_names)s) cost 2 each: %(penalty)s. Total %(total)s.",
            **params,
        )
    if player["cured"]:
        return tell(
            "%(who)s cured %(cured)s (%(cured_names)s) for %(points)s. Total %(total)s.",
            **{key: params[key] for key in ("who", "cured", "cured_names", "points", "total")},
        )
    if player["dead"]:
        return tell(
            "%(who)s cured nobody: 0; %(dead)s in the morgue (%(dead_names)s) cost 2 each: "
            "%(penalty)s. Total %(total)s.",
            **{key: params[key] for key in ("who", "dead", "dead_names", "penalty", "total")},
        )
    return tell("%(who)s cured nobody: 0. Total %(total)s.", who=who, total=player["total"])
