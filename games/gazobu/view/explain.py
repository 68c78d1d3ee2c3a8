"""Gazobu's final score explained: each family's majority, each player's bonus cards and
multipliers, each total as a sum (the numbers of the outcome's details), told through
games/texts.py."""

from __future__ import annotations

from games.base import Explanation
from games.gazobu.cards import FAMILIES, LOSS, POINTS, card_name
from games.gazobu.cards.phrases import chained, said
from games.gazobu.view.log import listed
from games.texts import Text, tell, tell_plural, word


def explain(outcome: dict, names: list[str]) -> Explanation:
    """The final scores in sentences and a table: each family's majority, each player's bonus
    cards and multipliers, each total as a sum (the numbers of `outcome["details"]`)."""
    details = outcome["details"]
    seats = details["seats"]
    held = [f for f in FAMILIES if any(details["majorities"][f]["counts"])]
    sentences = [
        explain_family(family, details["majorities"][family], seats, names) for family in held
    ]
    for seat in seats:
        sentences += card_sentences(seat, names[seat["seat"]])
    sentences += [total_sentence(seat, held, names) for seat in seats]
    rows = [score_row(seat, held, names) for seat in seats]
    columns = [
        word("gazobu", "Player"),
        *map(card_name, held),
        word("gazobu", "Bonus"),
        word("gazobu", "Total"),
    ]
    return Explanation(sentences, columns, rows)


def card_sentences(seat: dict, name: str) -> list[Text]:
    """What a player's bonus cards add up to, and which multipliers count for nothing."""
    sentences = []
    if seat["bonus_cards"]:
        sentences.append(
            tell(
                "%(name)s holds %(cards)s: %(bonus)s.",
                name=name,
                cards=listed(seat["bonus_cards"]),
                bonus=signed(seat["bonus"]),
            )
        )
    for multiplier in seat["multipliers"]:
        if not multiplier["counts"]:
            sentences.append(
                tell(
                    "%(name)s's %(card)s counts for nothing.",
                    name=name,
                    card=card_name(multiplier["card"]),
                )
            )
    return sentences


def total_sentence(seat: dict, held: list[str], names: list[str]) -> Text:
    parts = [seat["families"][f]["points"] for f in held if f in seat["families"]]
    if seat["bonus_cards"]:
        parts.append(seat["bonus"])
    return said(
        "%(name)s: %(sum)s = %(total)s.",
        name=names[seat["seat"]],
        sum=sum_text(parts),
        total=seat["total"],
    )


def score_row(seat: dict, held: list[str], names: list[str]) -> list:
    return [
        names[seat["seat"]],
        *(seat["families"][f]["points"] if f in seat["families"] else "" for f in held),
        seat["bonus"] if seat["bonus_cards"] else "",
        seat["total"],
    ]


def explain_family(family: str, majority: dict, seats: list[dict], names: list[str]) -> Text:
    """ "Blob: bob has the most (4) and gains 8, doubled by a multiplier = 16; alice loses 2 a
    card: 3 × -2 = -6." """
    gainer = majority["gains"]
    gain = gain_text(family, majority["counts"], gainer, seats, names)
    losers = [
        loss_text(family, own, names[seat["seat"]])
        for seat in seats
        if (own := seat["families"].get(family)) is not None and seat["seat"] != gainer
    ]
    return said("%(clauses)s.", clauses=chained([gain, *losers], "%(first)s; %(next)s"))


def gain_text(
    family: str, counts: list[int], gainer: int | None, seats: list[dict], names: list[str]
) -> Text:
    told = {"family": card_name(family), "points": POINTS[family]}
    if gainer is None:
        return tell("%(family)s: nobody gains the %(points)s (every count is tied)", **told)
    gains = seats[gainer]["families"][family]
    told.update(name=names[gainer], held=held_text(gains), doubled=gains["points"])
    most = counts[gainer] == max(counts)
    if most and gains["multiplied"]:
        return tell(
            "%(family)s: %(name)s has the most (%(held)s) and gains %(points)s, doubled by a "
            "multiplier = %(doubled)s",
            **told,
        )
    if most:
        return tell("%(family)s: %(name)s has the most (%(held)s) and gains %(points)s", **told)
    if gains["multiplied"]:
        return tell(
            "%(family)s: %(name)s has the next count after the tie (%(held)s) and gains "
            "%(points)s, doubled by a multiplier = %(doubled)s",
            **told,
        )
    return tell(
        "%(family)s: %(name)s has the next count after the tie (%(held)s) and gains %(points)s",
        **told,
    )


def loss_text(family: str, own: dict, name: str) -> Text:
    told = {"name": name, "loss": LOSS[family], "count": own["count"]}
    told.update(lost=-own["count"] * LOSS[family], doubled=own["points"])
    if own["multiplied"]:
        return tell(
            "%(name)s loses %(loss)s a card: %(count)s × -%(loss)s = %(lost)s, doubled by a "
            "multiplier = %(doubled)s",
            **told,
        )
    return tell("%(name)s loses %(loss)s a card: %(count)s × -%(loss)s = %(lost)s", **told)


def held_text(family: dict) -> Text | str:
    extra = family["extra_monsters"]
    if not extra:
        return str(family["count"])
    return tell_plural(
        "%(cards)s, with %(count)s extra monster",
        "%(cards)s, with %(count)s extra monsters",
        extra,
        cards=family["count"],
    )


def signed(points: int) -> str:
    return f"{points:+d}"


def sum_text(parts: list[int]) -> str:
    if not parts:
        return "0"
    text = str(parts[0])
    for part in parts[1:]:
        text += f" + {part}" if part >= 0 else f" - {-part}"
    return text
