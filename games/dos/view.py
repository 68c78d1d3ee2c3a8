"""DOS as the players see it: each seat's view, the email's plain-text picture of it, the log
lines and the explanation of the final score.

A seat sees the centre row, every hand's size and its own hand; the deck and the discard pile
only by their sizes. Once the match is over, everything.
"""

from __future__ import annotations

import textwrap
from collections import Counter

from games.base import EVERYONE, Explanation, Viewer, knows
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
from games.dos.rules import MATCH_PHASES, colour_bonus, deck_cards, is_over, seat_exists
from games.dos.scoring import last_round, score_sheet
from games.texts import Text, tell, tell_plural, word

# --- View --------------------------------------------------------------------------------


def copy_match(match: dict) -> dict:
    return dict(match, cards=list(match["cards"]), cards_as=list(match["cards_as"]))


def view(state: dict, seat: int | None) -> dict:
    turn = state["turn"]
    own = seat if seat_exists(state, seat) else None
    seen = {
        "players": list(state["players"]),
        "seat": own,
        "target": state["options"]["target"],
        "scores": list(state["scores"]),
        "round": state["round"],
        "dealer": state["dealer"],
        "dealer_draws": [[list(draw) for draw in draws] for draws in state["dealer_draws"]],
        "to_act": list(state["to_act"]),
        "turn": {
            "seat": turn["seat"],
            "phase": turn["phase"],
            "matches": [copy_match(match) for match in turn["matches"]],
            "bonuses_left": turn["bonuses"],
            "penalty_count": len(turn["penalty"]),
        },
        "centre": list(state["centre"]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "deck_size": state["deck_size"],
        "discard_size": len(state["discard"]),
        "called": list(state["called"]),
        "catchable": [s for s, exposed in enumerate(state["exposed"]) if exposed],
        "score_sheet": score_sheet(state),
        "last_round": last_round(state),
        "winner": state["winner"],
        "hand": None if own is None else list(state["hands"][own]),
        "penalty": list(turn["penalty"]) if own == turn["seat"] else None,
    }
    if is_over(state):
        seen["hands"] = [list(hand) for hand in state["hands"]]
        seen["deck"] = deck_cards(state)
        seen["discard"] = list(state["discard"])
    return seen


# --- The position in plain text, for email -----------------------------------------------


DOING = {
    "start": "matches or draws",
    "drawn": "matches or adds a card to the centre row",
    "matching": "matches again or ends the turn",
    "bonus": "adds cards to the centre row for colour bonuses",
}


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, 78, subsequent_indent="  ") or [text]


def view_text(state: dict, seat: int | None) -> str:
    """The position as `seat` sees it, in a few plain lines for an email."""
    shown = view(state, seat)
    names = shown["players"]
    turn = shown["turn"]
    lines = [f"DOS, round {shown['round']}, playing to {shown['target']} points."]
    if shown["winner"] is not None:
        lines.append(f"The match is over: {names[shown['winner']]} wins.")
    else:
        lines.append(f"{names[turn['seat']]} {DOING.get(turn['phase'], 'plays')}.")
    lines.append("")
    lines += wrapped("Centre row: " + (" | ".join(shown["centre"]) or "empty"))
    for match in turn["matches"]:
        bonus = f" ({match['bonus']} colour match)" if match["bonus"] else ""
        lines += wrapped(f"Matched this turn: {match_text(match)}{bonus}")
    if turn["bonuses_left"] and turn["phase"] == "bonus":
        lines.append(f"Colour bonus cards still to add: {turn['bonuses_left']}")
    lines.append(
        f"Deck: {plural(shown['deck_size'], 'card')}; "
        f"discard pile: {plural(shown['discard_size'], 'card')}"
    )
    if shown["hand"] is not None and shown["winner"] is None:
        lines.append("")
        lines += wrapped(f"Your hand ({len(shown['hand'])}): " + ", ".join(shown["hand"]))
        if shown["penalty"]:
            lines += wrapped(
                "Penalty cards joining your hand after this turn: " + ", ".join(shown["penalty"])
            )
    elif turn["penalty_count"]:
        lines.append(f"{names[turn['seat']]} has {plural(turn['penalty_count'], 'penalty card')}.")
    lines.append("")
    width = max(len(name) for name in names)
    for n, name in enumerate(names):
        notes = [plural(shown["hand_sizes"][n], "card"), plural(shown["scores"][n], "point")]
        if shown["called"][n]:
            notes.append("called DOS")
        if n in shown["catchable"]:
            notes.append("can be caught")
        if n == shown["dealer"]:
            notes.append("dealer")
        if n == shown["seat"]:
            notes.append("you")
        lines.append(f"  {name:<{width}}  " + ", ".join(notes))
    last = shown["last_round"]
    if last is not None:
        lines.append("")
        lines += wrapped(
            f"Round {last['round']}: {names[last['winner']]} went out and scored {last['points']}."
        )
    if shown["winner"] is not None:
        for n, name in enumerate(names):
            if shown["hands"][n]:
                lines += wrapped(f"{name} was left with: " + ", ".join(shown["hands"][n]))
    return "\n".join(lines)


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
    """'red 7 with red 5 + DOS as red': the centre card, then the cards played on it."""
    return tell(
        "%(target)s with %(played)s",
        target=card_text(move["target"], move["target_as"], TAKEN),
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


# --- The final score in words ------------------------------------------------------------


def explain(outcome: dict, names: list[str]) -> Explanation:
    """The score sheet in words and as a table: each round's winner scores the cards left in
    the other hands, and the first to the target wins."""
    details = outcome["details"]
    sheet = details["score_sheet"]
    sentences = [
        f"Each round, the player who goes out scores the cards left in the other hands; the "
        f"first to {details['target']} points wins. Rounds played: {len(sheet)}."
    ]
    for seat, name in enumerate(names):
        won = [row[seat] for row in sheet if row[seat]]
        if not won:
            sentences.append(f"{name} won no round: {outcome['scores'][seat]}.")
            continue
        sums = " + ".join(map(str, won))
        sentences.append(
            f"{name} won {plural(len(won), 'round')}: {sums} = {outcome['scores'][seat]}."
        )
    last = details["last_round"]
    if last:
        held = ", ".join(
            f"{names[seat]} {points}"
            for seat, points in enumerate(last["hand_points"])
            if seat != last["winner"]
        )
        sentences.append(
            f"The last round went to {names[last['winner']]}: {last['points']} points for the "
            f"cards left in hand ({held})."
        )
    rows = [[f"Round {n}", *row] for n, row in enumerate(sheet, start=1)]
    rows.append(["Total", *outcome["scores"]])
    return Explanation(sentences, ["", *names], rows)
