"""DOS's log lines: each step told to each viewer, through games/texts.py (the picture and the
score explained are in the package's __init__)."""

from __future__ import annotations

from collections import Counter

from games.base import EVERYONE, Viewer, knows
from games.dos.cards import (
    NAMED,
    PLAYED_WITH,
    TAKEN,
    card_told,
    cards_listed,
    folded,
    named_card_told,
    semicolons,
    sentences,
    told,
)
from games.dos.rules import MATCH_PHASES, colour_bonus, is_over
from games.dos.scoring import last_round
from games.texts import Text, tell, tell_plural, word

# --- The log line ------------------------------------------------------------------------


def card_text(card: str, named: str | None = None, form: str = NAMED) -> Text:
    return named_card_told(card, named, form)


def played_text(move: dict, form: str = PLAYED_WITH) -> Text:
    """The cards a match plays, as told after 'with' ('red 5 + DOS as red')."""
    told = [
        card_text(card, named, form)
        for card, named in zip(move["cards"], move["cards_as"], strict=True)
    ]
    if len(told) == 1:
        return told[0]
    return Text("%(first)s + %(second)s", {"first": told[0], "second": told[1]}, context="dos")


def match_text(move: dict) -> Text:
    """'red 7 with red 5 + DOS as red': the centre card (as named in a list), then the cards
    played on it."""
    return tell(
        "%(target)s with %(played)s",
        target=card_text(move["target"], move["target_as"], NAMED),
        played=played_text(move),
    )


BONUS_TEXT = {
    "single": word("dos bonus", "single colour match"),
    "double": word("dos bonus", "double colour match"),
}


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> Text:
    name = before["players"][seat]
    kind = move["kind"]
    call = bool(move.get("call"))
    if kind == "match":
        text = told_match(name, move, call)
    elif kind == "draw":
        drawn = new_cards(before, after, seat)
        if before["hands"][seat] == after["hands"][seat] and not drawn:
            text = (
                tell(
                    "%(who)s cannot draw: the deck and the discard pile are empty and calls DOS!",
                    who=name,
                )
                if call
                else tell("%(who)s cannot draw: the deck and the discard pile are empty.", who=name)
            )
        elif knows(viewer, seat) and drawn:
            cards = cards_listed(drawn)
            text = (
                tell("%(who)s draws %(cards)s and calls DOS!", who=name, cards=cards)
                if call
                else told("%(who)s draws %(cards)s.", who=name, cards=cards)
            )
        else:
            text = (
                tell("%(who)s draws a card and calls DOS!", who=name)
                if call
                else told("%(who)s draws a card.", who=name)
            )
    elif kind == "add":
        card = card_told(move["card"], TAKEN)
        text = (
            tell("%(who)s adds %(card)s to the centre row and calls DOS!", who=name, card=card)
            if call
            else tell("%(who)s adds %(card)s to the centre row.", who=name, card=card)
        )
    elif kind == "end":
        text = told("%(who)s ends the turn.", who=name)
    elif kind == "dos":
        return tell("%(who)s calls DOS!", who=name)
    else:
        return describe_catch(before, seat, move, after, viewer)
    return sentences([text, *turn_end_text(before, seat, move, after, viewer)])


def told_match(name: str, move: dict, call: bool) -> Text:
    target = card_text(move["target"], move["target_as"], TAKEN)
    played = played_text(move)
    bonus = BONUS_TEXT.get(colour_bonus(move))
    if bonus is None and call:
        return tell(
            "%(who)s matches %(target)s with %(played)s and calls DOS!",
            who=name,
            target=target,
            played=played,
        )
    if bonus is None:
        return tell(
            "%(who)s matches %(target)s with %(played)s.", who=name, target=target, played=played
        )
    if call:
        return tell(
            "%(who)s matches %(target)s with %(played)s (%(bonus)s) and calls DOS!",
            who=name,
            target=target,
            played=played,
            bonus=bonus,
        )
    return tell(
        "%(who)s matches %(target)s with %(played)s (%(bonus)s).",
        who=name,
        target=target,
        played=played,
        bonus=bonus,
    )


def new_cards(before: dict, after: dict, seat: int) -> list[str]:
    if after["round"] != before["round"]:
        return []
    return sorted((Counter(after["hands"][seat]) - Counter(before["hands"][seat])).elements())


def describe_catch(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> Text:
    caught = move["seat"]
    players = before["players"]
    during_turn = caught == before["turn"]["seat"]
    if during_turn:
        drawn = sorted(
            (Counter(after["turn"]["penalty"]) - Counter(before["turn"]["penalty"])).elements()
        )
    else:
        drawn = new_cards(before, after, caught)
    names = {"who": players[seat], "caught": players[caught]}
    if knows(viewer, caught) and drawn:
        cards = cards_listed(drawn)
        if during_turn:
            return tell_plural(
                "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s card "
                "(%(cards)s), to join the hand at the end of this turn.",
                "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s cards "
                "(%(cards)s), to join the hand at the end of this turn.",
                len(drawn),
                cards=cards,
                **names,
            )
        return tell_plural(
            "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s card "
            "(%(cards)s).",
            "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s cards "
            "(%(cards)s).",
            len(drawn),
            cards=cards,
            **names,
        )
    if during_turn:
        return tell_plural(
            "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s card, "
            "to join the hand at the end of this turn.",
            "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s cards, "
            "to join the hand at the end of this turn.",
            len(drawn),
            **names,
        )
    return tell_plural(
        "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s card.",
        "%(who)s catches %(caught)s without a DOS call: %(caught)s draws %(count)s cards.",
        len(drawn),
        **names,
    )


def turn_end_text(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> list:
    """The sentences that end a turn: the refill, the others' draws, the bonus cards to add,
    the round's end or a player left open to a catch."""
    players = before["players"]
    name = players[seat]
    round_over = after["round"] != before["round"] or is_over(after)
    finished = round_over or after["turn"]["seat"] != seat or after["turn"]["phase"] == "bonus"
    if not finished:
        return []
    parts = []
    if before["turn"]["phase"] in MATCH_PHASES:
        matches = [*before["turn"]["matches"]]
        if move["kind"] == "match":
            matches.append({"bonus": colour_bonus(move)})
        doubles = sum(1 for match in matches if match["bonus"] == "double")
        if not round_over:
            refill = refilled(before, move, after)
            if refill:
                parts.append(
                    tell("The centre row is refilled with %(cards)s.", cards=cards_listed(refill))
                )
        if doubles:
            drawn = others_draw(before, seat, after, viewer)
            if drawn:
                parts.append(
                    tell_plural(
                        "Everyone else draws %(count)s card (%(drawn)s).",
                        "Everyone else draws %(count)s cards (%(drawn)s).",
                        doubles,
                        drawn=drawn,
                    )
                )
            else:
                parts.append(
                    tell_plural(
                        "Everyone else draws %(count)s card.",
                        "Everyone else draws %(count)s cards.",
                        doubles,
                    )
                )
        if after["turn"]["phase"] == "bonus" and not round_over:
            parts.append(
                tell_plural(
                    "%(who)s adds %(count)s card to the centre row for colour bonuses.",
                    "%(who)s adds %(count)s cards to the centre row for colour bonuses.",
                    after["turn"]["bonuses"],
                    who=name,
                )
            )
    if round_over:
        parts.append(round_text(after))
    elif after["exposed"][seat]:
        parts.append(tell("%(who)s ends the turn holding two cards without calling DOS.", who=name))
    return parts


def others_draw(before: dict, seat: int, after: dict, viewer: Viewer) -> Text | str:
    """The cards the others drew for a double, as `viewer` may read them: their own, or
    everyone's once the game is over."""
    if viewer == EVERYONE:
        names = before["players"]
        drawn = [
            told("%(who)s draws %(cards)s", who=names[other], cards=cards_listed(cards))
            for other in range(len(names))
            if other != seat and (cards := new_cards(before, after, other))
        ]
        return semicolons(drawn)
    drawn = new_cards(before, after, viewer) if viewer not in (None, seat) else []
    return told("you draw %(cards)s", cards=cards_listed(drawn)) if drawn else ""


def refilled(before: dict, move: dict, after: dict) -> list[str]:
    centre = list(before["centre"])
    if move["kind"] == "match":
        centre.remove(move["target"])
    elif move["kind"] == "add":
        centre.append(move["card"])
    return after["centre"][len(centre) :]


def round_text(after: dict) -> Text:
    players = after["players"]
    result = last_round(after)
    winner = players[result["winner"]]
    left = points_listed(players, result)
    scored = tell(
        "%(winner)s goes out and scores %(points)s points (%(left)s).",
        winner=winner,
        points=result["points"],
        left=left,
    )
    if is_over(after):
        score = after["scores"][after["winner"]]
        return sentences(
            [
                scored,
                tell(
                    "%(winner)s wins the match with %(score)s points.", winner=winner, score=score
                ),
            ]
        )
    starter = players[after["turn"]["seat"]]
    return sentences(
        [
            scored,
            tell(
                "Round %(round)s: %(winner)s deals and %(starter)s starts.",
                round=after["round"],
                winner=winner,
                starter=starter,
            ),
        ]
    )


def points_listed(names: list[str], result: dict) -> Text | str:
    """'bob 12, cy 30': the points left in each hand but the winner's."""
    return folded(
        [
            Text("%(who)s %(points)s", {"who": names[s], "points": points}, context="dos points")
            for s, points in enumerate(result["hand_points"])
            if s != result["winner"]
        ],
        "%(first)s, %(next)s",
        "dos list",
    )
