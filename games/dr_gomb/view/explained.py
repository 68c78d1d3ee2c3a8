"""Dr. Gomb's score explained (explain): each sequence's run from 1 with its one odd one out,
then the odd ones out's own run, told through games/texts.py."""

from __future__ import annotations

import re

from games.base import Explanation
from games.dr_gomb.cards import names
from games.texts import Text, tell, word


def explain(outcome: dict, names_of_seats: list[str]) -> Explanation:
    """Each sequence's run from 1 with its one odd one out, then the odd ones out's own run."""
    sentences, rows = [], []
    for seat, player in enumerate(outcome["details"]["players"]):
        parts = [explain_sequence(sequence) for sequence in player["sequences"]]
        parts = [part for part in parts if part]
        extra = player["extra"]
        if extra["cards"]:
            parts.append(_explain_extra(extra))
        told = names.semicolons(parts) if parts else tell("no cards in any sequence")
        sentences.append(
            tell(
                "%(name)s: %(told)s. Total %(total)s.",
                name=names_of_seats[seat],
                told=told,
                total=player["total"],
            )
        )
        rows.append(
            [
                names_of_seats[seat],
                *(sequence["points"] for sequence in player["sequences"]),
                extra["points"],
                player["total"],
            ]
        )
    colours = [sequence["colour"] for sequence in outcome["details"]["players"][0]["sequences"]]
    columns = [
        word("dr_gomb column", "Player"),
        *map(names.colour, colours),
        word("dr_gomb column", "Odd ones out"),
        word("dr_gomb column", "Total"),
    ]
    return Explanation(sentences, columns, rows)


def _explain_extra(extra: dict) -> Text:
    odd = names.listed(map(names.card, extra["cards"]))
    if extra["note"]:
        return tell(
            "the odd ones out (%(cards)s), %(note)s: %(points)s",
            cards=odd,
            note=note(extra["note"]),
            points=extra["points"],
        )
    return tell(
        "the odd ones out (%(cards)s) run 1 to %(run)s: %(points)s",
        cards=odd,
        run=extra["run"],
        points=extra["points"],
    )


def explain_sequence(sequence: dict) -> Text | str:
    if not sequence["cards"]:
        return ""
    colour = names.sequence(sequence["colour"])
    if sequence["points"]:
        return tell(
            "%(colour)s runs 1 to %(run)s with %(card)s the odd one out: %(points)s",
            colour=colour,
            run=sequence["run"],
            card=names.card(sequence["odd_one_out"]["card"]),
            points=sequence["points"],
        )
    return tell("%(colour)s scores 0 (%(note)s)", colour=colour, note=note(sequence["note"]))


def note(said: str) -> Text:
    """Why a sequence, or the odd ones out, score nothing (scoring.py says it in English)."""
    twice = re.fullmatch(r"(\d) twice", said)
    if twice:
        return tell("%(number)s twice", number=int(twice.group(1)))
    return word("dr_gomb score note", said)


# Every note scoring.py writes but "N twice", so that the catalogues have them all.
NOTES = (
    word("dr_gomb score note", "no 1"),
    word("dr_gomb score note", "no odd one out"),
    word("dr_gomb score note", "more than one odd one out"),
    word("dr_gomb score note", "two odd ones out of one colour"),
    word("dr_gomb score note", "two odd ones out with one number"),
)
