"""Dr. Gomb's log lines (describe), told through games/texts.py so that each reader reads them
in their language; their English is exactly what the log has always said."""

from __future__ import annotations

from games.base import EVERYONE, Viewer, knows
from games.dr_gomb.cards import (
    BROKEN,
    CODE_OF,
    COLOUR_INDEX,
    COLOUR_OF,
    COLOURS,
    KIND_OF,
    NAME_OF,
    card_at,
    card_names,
    names,
)
from games.dr_gomb.rules import sequences_of
from games.texts import Text, tell, tell_plural


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> Text:
    name = before["players"][seat]
    line = DESCRIBE_BY_KIND[move["kind"]](before, seat, move, after, viewer, name)
    if after["step"] == "over" and before["step"] != "over":
        line = tell("%(line)s The deck has run out: the game is over.", line=line)
    return line


def _colour_of_card(name: str) -> str:
    return COLOURS[COLOUR_OF[CODE_OF[name]]]


def _describe_draw(before, seat, move, after, viewer, name) -> Text:
    if (knows(viewer, seat) and before["mode"] == "basic") or viewer == EVERYONE:
        card = names.card_object(NAME_OF[after["held"][:2]])
        return tell("%(name)s draws %(card)s from the deck.", name=name, card=card)
    return tell("%(name)s draws a card from the deck.", name=name)


def _describe_take(before, seat, move, after, viewer, name) -> Text:
    pile = move["pile"]
    card = names.card_object(NAME_OF[before["piles"][pile - 1][-2:]])
    if len(before["piles"][pile - 1]) == 2 and after["piles"][pile - 1]:
        refill = names.card(NAME_OF[after["piles"][pile - 1][-2:]])
        return tell(
            "%(name)s takes %(card)s from pile %(pile)s. "
            "Pile %(pile)s is refilled with %(refill)s from the deck.",
            name=name,
            card=card,
            pile=pile,
            refill=refill,
        )
    return tell("%(name)s takes %(card)s from pile %(pile)s.", name=name, card=card, pile=pile)


def _describe_play(before, seat, move, after, viewer, name) -> Text:
    to = names.sequence_of(move["to"])
    colour = _colour_of_card(move["card"])
    if KIND_OF[CODE_OF[move["card"]]] == BROKEN:
        return tell(
            "%(name)s covers the top of their %(to)s sequence with the %(colour)s broken button.",
            name=name,
            to=to,
            colour=names.colour_of(colour),
        )
    if before["mode"] == "normal" and viewer != EVERYONE:
        return tell(
            "%(name)s plays a %(colour)s card into their %(to)s sequence.",
            name=name,
            colour=names.a_card_of(colour),
            to=to,
        )
    return tell(
        "%(name)s plays %(card)s into their %(to)s sequence.",
        name=name,
        card=names.card_object(move["card"]),
        to=to,
    )


def _describe_discard(before, seat, move, after, viewer, name) -> Text:
    return tell(
        "%(name)s discards %(card)s onto pile %(pile)s.",
        name=name,
        card=names.card_object(move["card"]),
        pile=move["pile"],
    )


def _describe_use_surprise(before, seat, move, after, viewer, name) -> Text:
    colour = COLOURS[COLOUR_OF[before["held"]]]
    talon, taken = card_names(before["talon"]), card_names(after["held"][2:])
    # In normal mode the cards taken may end up covered: named only once the game is over.
    named = before["mode"] == "basic" or viewer == EVERYONE
    looks = {"name": name, "colour": names.colour_of(colour)}
    if knows(viewer, seat) and (named or not taken):
        head = tell(
            "%(name)s uses the %(colour)s surprise button and looks into the talon (%(talon)s)",
            talon=names.listed(map(names.card, talon)),
            **looks,
        )
    else:
        head = tell(
            "%(name)s uses the %(colour)s surprise button and looks into the talon", **looks
        )
    if knows(viewer, seat):
        found = [card for card in talon if card.endswith(BROKEN)]
    else:
        found = card_names(after["breaking"])  # those that take a card; the rest stay secret
    if found:
        line = tell(
            "%(head)s: %(found)s found, so nothing is taken.",
            head=head,
            found=names.each_and(map(names.card, found)),
        )
        if knows(viewer, seat):
            for broken in card_names(after["talon"]):
                if broken.endswith(BROKEN):
                    lacking = broken.split()[0]
                    line = tell(
                        "%(line)s %(name)s has no %(colour)s card: "
                        "the %(broken)s stays in the talon.",
                        line=line,
                        name=name,
                        colour=names.colour_of(lacking),
                        broken=names.card(broken),
                    )
        return line
    if not taken:
        return tell("%(head)s: nothing is taken.", head=head)
    if knows(viewer, seat) and named:
        return tell(
            "%(head)s: takes %(taken)s.",
            head=head,
            taken=names.listed(map(names.card_object, taken)),
        )
    count = len(taken)
    of = names.colour_of(colour)
    if not knows(viewer, seat):
        return tell_plural(
            "%(head)s: takes %(count)s %(colour)s card.",
            "%(head)s: takes %(count)s %(colour)s cards.",
            count,
            head=head,
            colour=of,
        )
    left = card_names(after["talon"])
    if not left:
        return tell_plural(
            "%(head)s: takes %(count)s %(colour)s card, leaving the talon empty.",
            "%(head)s: takes %(count)s %(colour)s cards, leaving the talon empty.",
            count,
            head=head,
            colour=of,
        )
    return tell_plural(
        "%(head)s: takes %(count)s %(colour)s card, leaving %(left)s.",
        "%(head)s: takes %(count)s %(colour)s cards, leaving %(left)s.",
        count,
        head=head,
        colour=of,
        left=names.listed(map(names.card_object, left)),
    )


def _describe_break(before, seat, move, after, viewer, name) -> Text:
    broken = before["breaking"][:2] or before["held"]
    card = card_at(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]], move["position"])
    words = {
        "colour": names.colour_of(COLOURS[COLOUR_OF[broken]]),
        "position": move["position"],
        "name": name,
        "sequence": names.sequence_of(move["sequence"]),
    }
    if before["mode"] == "basic":
        return tell(
            "The %(colour)s broken button takes %(card)s (card #%(position)s of %(name)s's "
            "%(sequence)s sequence) out of the game.",
            card=names.card_object(NAME_OF[card]),
            **words,
        )
    return tell(
        "The %(colour)s broken button takes a %(card)s card (card #%(position)s of %(name)s's "
        "%(sequence)s sequence) out of the game.",
        card=names.a_card_of(COLOURS[COLOUR_OF[card]]),
        **words,
    )


def _describe_discard_sequence(before, seat, move, after, viewer, name) -> Text:
    # The English has always said "cards", one or more.
    return tell_plural(
        "%(name)s discards their %(sequence)s sequence (%(count)s cards) onto the piles.",
        "%(name)s discards their %(sequence)s sequence (%(count)s cards) onto the piles.",
        len(after["held"]) // 2,
        name=name,
        sequence=names.sequence_object(move["sequence"]),
    )


def _describe_discard_three(before, seat, move, after, viewer, name) -> Text:
    return tell("%(name)s discards three of their cards (action C).", name=name)


def _describe_discard_played(before, seat, move, after, viewer, name) -> Text:
    card = card_at(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]], move["position"])
    return tell(
        "%(name)s discards %(card)s (card #%(position)s of their %(sequence)s sequence) "
        "onto pile %(pile)s.",
        name=name,
        card=names.card_object(NAME_OF[card]),
        position=move["position"],
        sequence=names.sequence_of(move["sequence"]),
        pile=move["pile"],
    )


DESCRIBE_BY_KIND = {
    "draw": _describe_draw,
    "take": _describe_take,
    "play": _describe_play,
    "discard": _describe_discard,
    "use_surprise": _describe_use_surprise,
    "break": _describe_break,
    "discard_sequence": _describe_discard_sequence,
    "discard_three": _describe_discard_three,
    "discard_played": _describe_discard_played,
}
