"""Gazobu's log lines: what each reader is told of a step (the mover "You take...", the
others the mover's name), told through games/texts.py so that each reads it in their language."""

from __future__ import annotations

from games.base import Viewer, knows
from games.gazobu.cards import card_name, sorted_cards
from games.gazobu.cards.phrases import and_chain, and_list, comma_list, nothing, said, said_plural
from games.gazobu.rules import DRAWN_PER_TURN, PILLS, is_out, is_over, outcome
from games.texts import Text, tell, tell_plural


def listed(cards: list[str]) -> Text | str:
    """The cards' names: 'nothing', 'Blob', 'Blob, Yoo and black hole'."""
    if not cards:
        return nothing()
    return and_list(card_name(card) for card in cards)


def then(first: Text, more: Text) -> Text:
    """Two whole sentences, one after the other."""
    return said("%(first)s %(next)s", first=first, next=more)


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> Text:
    """The mover reads "You take...", the others their name; nobody but the mover (and, once
    the game is over, EVERYONE) learns the cards of a column taken."""
    you = viewer == seat
    who = before["players"][seat]
    kind = move.get("kind") if isinstance(move, dict) else None
    if kind == "take":
        return describe_take(before, seat, move, after, viewer)
    if kind == "draw":
        drawn = listed(after["drawn"])
        if you:
            return tell("You take no column and draw %(cards)s.", cards=drawn)
        return tell("%(who)s takes no column and draws %(cards)s.", who=who, cards=drawn)
    if kind == "place":
        return describe_place(before, seat, move, after, viewer)
    if you:
        return said("You: %(move)s.", move=repr(move))
    return said("%(who)s: %(move)s.", who=who, move=repr(move))


def describe_take(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> Text:
    you = viewer == seat
    who = before["players"][seat]
    taken = before["columns"][move["column"] - 1]
    if knows(viewer, seat) or is_over(after):
        shown = listed(sorted_cards(taken))
    else:
        shown = said_plural("%(count)s card", "%(count)s cards", len(taken))
    pills = after["pills"][seat]
    told = {"column": move["column"], "cards": shown, "pill": pills, "pills": PILLS}
    told["drawn"] = listed(after["drawn"])
    if you:
        text = tell(
            "You take column %(column)s (%(cards)s) and pill %(pill)s of %(pills)s, "
            "then draw %(drawn)s.",
            **told,
        )
    else:
        text = tell(
            "%(who)s takes column %(column)s (%(cards)s) and pill %(pill)s of %(pills)s, "
            "then draws %(drawn)s.",
            who=who,
            **told,
        )
    if pills == PILLS:
        last = (
            tell("This is your last turn.")
            if you
            else tell("This is %(who)s's last turn.", who=who)
        )
        text = then(text, last)
    return text


def describe_place(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> Text:
    you = viewer == seat
    who = before["players"][seat]
    told = {"card": card_name(move["card"]), "column": move["column"]}
    rest = list(before["drawn"])
    rest.remove(move["card"])
    if rest and not after["drawn"]:
        empty = [n + 1 for n, column in enumerate(before["columns"]) if not column]
        told.update(other=card_name(rest[0]), empty=empty[0])
        if you:
            text = tell(
                "You place the %(card)s under column %(column)s and the %(other)s under "
                "column %(empty)s to recreate it.",
                **told,
            )
        else:
            text = tell(
                "%(who)s places the %(card)s under column %(column)s and the %(other)s under "
                "column %(empty)s to recreate it.",
                who=who,
                **told,
            )
    elif you:
        text = tell("You place the %(card)s under column %(column)s.", **told)
    else:
        text = tell("%(who)s places the %(card)s under column %(column)s.", who=who, **told)
    if after["drawn"]:
        return text
    if is_out(after, seat):
        out = tell("You are out of play.") if you else tell("%(who)s is out of play.", who=who)
        text = then(text, out)
    if is_over(after):
        text = then(text, describe_end(after, viewer))
    return text


def describe_end(after: dict, viewer: Viewer) -> Text:
    names = after["players"]
    last = after["last_draw"]
    told = {"cards": listed(last["cards"]), "who": names[last["seat"]]}
    you = viewer == last["seat"]
    if after["ending"] == "draw pile":
        told["needed"] = DRAWN_PER_TURN
        if you:
            text = tell(
                "The game ends: the draw pile cannot supply %(needed)s cards; you take "
                "%(cards)s from the draw pile.",
                **told,
            )
        else:
            text = tell(
                "The game ends: the draw pile cannot supply %(needed)s cards; %(who)s takes "
                "%(cards)s from the draw pile.",
                **told,
            )
    elif you:
        text = tell(
            "The game ends: only you are still in play; you take %(cards)s from the draw pile.",
            **told,
        )
    else:
        text = tell(
            "The game ends: only %(who)s is still in play; %(who)s takes %(cards)s from the "
            "draw pile.",
            **told,
        )
    for hole in after["black_holes"]:
        text = then(
            text,
            tell_plural(
                "%(who)s had a black hole: %(taker)s removes %(cards)s from the game.",
                "%(who)s had %(count)s black holes: %(taker)s removes %(cards)s from the game.",
                hole["black_holes"],
                who=names[hole["seat"]],
                taker=names[hole["taken_by"]],
                cards=listed(hole["cards"]),
            ),
        )
    result = outcome(after)
    scores = comma_list(
        said("%(name)s %(score)s", name=name, score=score)
        for name, score in zip(names, result.scores, strict=True)
    )
    winners = [names[n] for n in result.winners]
    final = tell_plural(
        "Final scores: %(scores)s. %(winners)s wins.",
        "Final scores: %(scores)s. %(winners)s win.",
        len(winners),
        scores=scores,
        winners=and_chain(winners),
    )
    return then(text, final)
