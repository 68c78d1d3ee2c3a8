"""DOS as the players see it: each seat's view, the email's plain-text picture of it, the log
lines and the explanation of the final score.

A seat sees the centre row, every hand's size and its own hand; the deck and the discard pile
only by their sizes. Once the match is over, everything.
"""

from __future__ import annotations

import textwrap
from collections import Counter

from games.base import EVERYONE, Explanation, Viewer, knows
from games.dos.cards import WILD_DOS, colour_of, number_of
from games.dos.rules import MATCH_PHASES, colour_bonus, deck_cards, is_over, seat_exists
from games.dos.scoring import last_round, score_sheet

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


def card_text(card: str, named: str | None = None) -> str:
    if named is None:
        return card
    if card == WILD_DOS:
        return f"{card} as {colour_of(named)}"
    return f"{card} as {number_of(named)}"


def match_text(move: dict) -> str:
    played = " + ".join(
        card_text(card, named) for card, named in zip(move["cards"], move["cards_as"], strict=True)
    )
    return f"{card_text(move['target'], move['target_as'])} with {played}"


BONUS_TEXT = {"single": " (single colour match)", "double": " (double colour match)"}


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    name = before["players"][seat]
    kind = move["kind"]
    if kind == "match":
        text = f"{name} matches {match_text(move)}{BONUS_TEXT.get(colour_bonus(move), '')}"
    elif kind == "draw":
        drawn = new_cards(before, after, seat)
        if before["hands"][seat] == after["hands"][seat] and not drawn:
            text = f"{name} cannot draw: the deck and the discard pile are empty"
        elif knows(viewer, seat) and drawn:
            text = f"{name} draws {', '.join(drawn)}"
        else:
            text = f"{name} draws a card"
    elif kind == "add":
        text = f"{name} adds {move['card']} to the centre row"
    elif kind == "end":
        text = f"{name} ends the turn"
    elif kind == "dos":
        return f"{name} calls DOS!"
    else:
        return describe_catch(before, seat, move, after, viewer)
    text += " and calls DOS!" if move.get("call") else "."
    return text + turn_end_text(before, seat, move, after, viewer)


def new_cards(before: dict, after: dict, seat: int) -> list[str]:
    if after["round"] != before["round"]:
        return []
    return sorted((Counter(after["hands"][seat]) - Counter(before["hands"][seat])).elements())


def describe_catch(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    caught = move["seat"]
    players = before["players"]
    text = f"{players[seat]} catches {players[caught]} without a DOS call"
    during_turn = caught == before["turn"]["seat"]
    if during_turn:
        drawn = sorted(
            (Counter(after["turn"]["penalty"]) - Counter(before["turn"]["penalty"])).elements()
        )
    else:
        drawn = new_cards(before, after, caught)
    shown = f" ({', '.join(drawn)})" if knows(viewer, caught) and drawn else ""
    text += f": {players[caught]} draws {plural(len(drawn), 'card')}{shown}"
    if during_turn:
        text += ", to join the hand at the end of this turn"
    return text + "."


def turn_end_text(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    players = before["players"]
    name = players[seat]
    round_over = after["round"] != before["round"] or is_over(after)
    finished = round_over or after["turn"]["seat"] != seat or after["turn"]["phase"] == "bonus"
    if not finished:
        return ""
    parts = []
    if before["turn"]["phase"] in MATCH_PHASES:
        matches = [*before["turn"]["matches"]]
        if move["kind"] == "match":
            matches.append({"bonus": colour_bonus(move)})
        doubles = sum(1 for match in matches if match["bonus"] == "double")
        if not round_over:
            refill = refilled(before, move, after)
            if refill:
                parts.append(f"The centre row is refilled with {', '.join(refill)}.")
        if doubles:
            text = f"Everyone else draws {plural(doubles, 'card')}"
            parts.append(text + others_draw(before, seat, after, viewer) + ".")
        if after["turn"]["phase"] == "bonus" and not round_over:
            bonuses = after["turn"]["bonuses"]
            parts.append(
                f"{name} adds {plural(bonuses, 'card')} to the centre row for colour bonuses."
            )
    if round_over:
        parts.append(round_text(after))
    elif after["exposed"][seat]:
        parts.append(f"{name} ends the turn holding two cards without calling DOS.")
    return "".join(" " + part for part in parts)


def others_draw(before: dict, seat: int, after: dict, viewer: Viewer) -> str:
    """The cards the others drew for a double, as `viewer` may read them: their own, or
    everyone's once the game is over."""
    if viewer == EVERYONE:
        names = before["players"]
        drawn = [
            f"{names[other]} draws {', '.join(cards)}"
            for other in range(len(names))
            if other != seat and (cards := new_cards(before, after, other))
        ]
        return f" ({'; '.join(drawn)})" if drawn else ""
    drawn = new_cards(before, after, viewer) if viewer not in (None, seat) else []
    return f" (you draw {', '.join(drawn)})" if drawn else ""


def refilled(before: dict, move: dict, after: dict) -> list[str]:
    centre = list(before["centre"])
    if move["kind"] == "match":
        centre.remove(move["target"])
    elif move["kind"] == "add":
        centre.append(move["card"])
    return after["centre"][len(centre) :]


def round_text(after: dict) -> str:
    players = after["players"]
    result = last_round(after)
    winner = players[result["winner"]]
    left = ", ".join(
        f"{players[s]} {points}"
        for s, points in enumerate(result["hand_points"])
        if s != result["winner"]
    )
    text = f"{winner} goes out and scores {result['points']} points ({left})."
    if is_over(after):
        score = after["scores"][after["winner"]]
        return text + f" {winner} wins the match with {score} points."
    starter = players[after["turn"]["seat"]]
    return text + f" Round {after['round']}: {winner} deals and {starter} starts."


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
