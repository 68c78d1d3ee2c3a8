"""DOS as a short plain-text picture for email: built only from what `view` shows the seat."""

from __future__ import annotations

import textwrap

from games.dos.notation import match_text
from games.dos.rules import view

DOING = {
    "start": "matches or draws",
    "drawn": "matches or adds a card to the centre row",
    "matching": "matches again or ends the turn",
    "bonus": "adds cards to the centre row for colour bonuses",
}


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + "s" * (count != 1)


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
