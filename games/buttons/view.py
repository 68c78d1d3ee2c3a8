"""What each seat may see of a Buttons game, the log line of each move and the score's
explanation. Every board is public; only the standing orders are private until the game ends.
"""

from __future__ import annotations

import copy
import textwrap

from games.base import Explanation, Viewer, knows
from games.buttons.cards import COLOURS, LAYOUTS
from games.buttons.rules import (
    BUTTON,
    EMPTY,
    ORDERS,
    SIZE,
    STAR,
    can_lay,
    colour_of,
    depot,
    gold_square,
    has_line,
    open_columns,
    star_count,
    to_act,
    winners,
)


def view(state: dict, seat: int | None) -> dict:
    """Every board is public; only the standing orders are private until the game ends."""
    over = state["phase"] == "over"
    roll = state["roll"]
    shown = {
        "players": list(state["players"]),
        "round": state["round"],
        "phase": state["phase"],
        "active": state["active"],
        "to_act": to_act(state),
        "last_roll": roll and {**roll, "black": list(roll["black"])},
        "gold_square": list(gold_square(state)) if state["phase"] == "answer" else None,
        "open_columns": open_columns(state) if state["phase"] == "answer" else [],
        "scores": [star_count(board) for board in state["boards"]],
        "boards": [board_view(state, s) for s in range(len(state["players"]))],
        "colours": dict(COLOURS),
        "last_round": copy.deepcopy(state["last_round"]),
        "winners": winners(state) if over else None,
    }
    if seat is not None:
        shown["standing_order"] = state["orders"][seat]
    if over:
        shown["standing_orders"] = list(state["orders"])
    return shown


def board_view(state: dict, seat: int) -> dict:
    board = state["boards"][seat]
    layout = state["layouts"][seat]
    return {
        "layout": layout,
        "colours": list(LAYOUTS[layout]),
        "cells": [board[at : at + SIZE] for at in range(0, SIZE * SIZE, SIZE)],
        "buttons": board.count(BUTTON),
        "stars": board.count(STAR),
        "line_of_five": has_line(board),
        "depot": depot(state, seat),
        "out": state["out"][seat],
        "cards": list(state["cards"][seat]),
        "stars_to_place": state["stars_to_place"][seat],
    }


MARKS = {EMPTY: ".", BUTTON: "o", STAR: "*"}
PHASE_TEXT = {
    "turn": "{active} rolls or opts out.",
    "answer": "Waiting for {waiting} after {active}'s roll.",
    "stars": "Round over: waiting for {waiting} to place stars.",
}


def board_text(board: dict) -> list[str]:
    """A 6x6 grid: each square its colour letter and a mark (. empty, o button, * star)."""
    lines = ["     " + "   ".join(str(column) for column in range(1, SIZE + 1))]
    for row, (colours, cells) in enumerate(zip(board["colours"], board["cells"], strict=True)):
        squares = "  ".join(
            colour + MARKS[cell] for colour, cell in zip(colours, cells, strict=True)
        )
        lines.append(f"  {row + 1}  {squares}")
    return lines


def player_text(board: dict, score: int) -> str:
    notes = [plural(score, "star"), plural(board["buttons"], "button")]
    notes.append(f"card{'s' * (len(board['cards']) != 1)} {' and '.join(board['cards'])}")
    if board["out"]:
        notes.append(board["out"])
    if board["stars_to_place"]:
        notes.append(f"{board['stars_to_place']} to place")
    if board["line_of_five"]:
        notes.append("line of five")
    return ", ".join(notes)


def joined(names: list[str]) -> str:
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


def view_text(state: dict, seat: int | None) -> str:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    names = shown["players"]
    phase = shown["phase"]
    active = names[shown["active"]]
    lines = [f"Buttons, round {shown['round']}."]
    if phase == "over":
        winners = [names[n] for n in shown["winners"]]
        lines.append(f"The game is over. Winner{'s' * (len(winners) > 1)}: {joined(winners)}")
    else:
        waiting = joined([names[n] for n in shown["to_act"]]) or "nobody"
        lines += textwrap.wrap(PHASE_TEXT[phase].format(active=active, waiting=waiting), 78)
    roll = shown["last_roll"]
    if roll:
        black = " ".join(str(die) for die in roll["black"]) or "none"
        label = "Last roll" if phase in ("turn", "over") else "Dice"
        lines.append(f"{label}: white {roll['white']}, gold {roll['gold']}, black {black}")
    if shown["gold_square"]:
        row, column = shown["gold_square"]
        lines.append(f"Gold square: row {row}, column {column}")
    if shown["open_columns"] and shown["active"] in shown["to_act"]:
        columns = ", ".join(map(str, shown["open_columns"]))
        lines.append(f"{active} may lay in row {roll['white']}, column {columns}")
    mine = seat if seat is not None else shown["active"]
    board = shown["boards"][mine]
    lines.append("")
    whose = f"Your board, {names[mine]}" if seat is not None else f"{names[mine]}'s board"
    lines.append(f"{whose} (layout {board['layout']}):")
    lines += board_text(board)
    colours = ", ".join(f"{letter} {colour}" for letter, colour in shown["colours"].items())
    lines.append(f"  ({colours}; . empty, o button, * star)")
    lines.append("")
    width = max(len(name) for name in names)
    for n, name in enumerate(names):
        notes = player_text(shown["boards"][n], shown["scores"][n])
        line = f"  {name:<{width}}  {notes}" + (", you" if n == seat else "")
        lines += textwrap.wrap(line, 78, subsequent_indent=" " * (width + 4))
    if seat is not None and phase != "over":
        lines.append(f"Your standing order: {ORDERS[shown['standing_order']]}")
    return "\n".join(lines)


# Describe


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    name = before["players"][seat]
    kind = move["kind"]
    if kind == "roll":
        line = describe_roll(before, seat, after)
    elif kind == "opt_out":
        buttons = before["boards"][seat].count(BUTTON)
        line = f"{name} opts out of round {before['round']} with {plural(buttons, 'button')}."
    elif kind == "lay":
        colour = colour_of(before, seat, move["row"], move["column"])
        line = f"{name} lays a button on row {move['row']}, column {move['column']} ({colour})."
    elif kind == "decline":
        line = f"{name} declines the gold square."
    elif kind == "star":
        line = f"{name} places a star on row {move['row']}, column {move['column']}."
    elif knows(viewer, seat):
        line = f"{name} sets a standing order: {ORDERS[move['order']]}."
    else:
        line = f"{name} changes a standing order."
    return " ".join([line, *what_follows(before, move, after)])


def describe_roll(before: dict, seat: int, after: dict) -> str:
    name = before["players"][seat]
    dice = after["roll"]
    black = ", ".join(map(str, dice["black"])) or "none"
    line = f"{name} rolls white {dice['white']}, gold {dice['gold']}, black {black}."
    board = before["boards"][seat]
    columns = sorted({dice["gold"], *dice["black"]})
    squares = [column for column in columns if can_lay(board, dice["white"], column)]
    if not squares:
        line += (
            f" No legal square in row {dice['white']}: {name} busts, the buttons go back to"
            " the pool and the stars stay."
        )
    elif len(squares) == 1:
        line += f" {name} lays on the only legal square, row {dice['white']}, column {squares[0]}."
    return line


def what_follows(before: dict, move: dict, after: dict) -> list[str]:
    """What the move set off: the dice passing on, the end of a round, the end of the game."""
    names = after["players"]
    told = []
    if before["phase"] in ("turn", "answer") and (
        after["round"] != before["round"] or after["phase"] in ("stars", "over")
    ):
        told.append(describe_round_end(after))
    if after["phase"] == "over":
        told.append("The game is over: " + describe_winners(after) + ".")
    elif after["phase"] == "turn" and after["round"] != before["round"]:
        told.append(f"Round {after['round']} begins with {names[after['active']]}.")
    elif after["phase"] == "turn" and move["kind"] != "order":
        if after["active"] == before["active"]:
            told.append(f"{names[after['active']]} takes another turn.")
        else:
            told.append(f"The dice pass to {names[after['active']]}.")
    return told


def describe_round_end(state: dict) -> str:
    last = state["last_round"]
    earned = []
    for seat, score in enumerate(last["scores"]):
        if score:
            parts = ["1 for opting out"]
            if score["colours"]:
                parts.append(f"{len(score['colours'])} for {', '.join(score['colours'])}")
            if score["cards"]:
                parts.append(f"{len(score['cards'])} for the button card")
            stars = plural(score["stars"], "star")
            earned.append(f"{state['players'][seat]} earns {stars} ({', '.join(parts)})")
    earned_text = "; ".join(earned) or "nobody earns a star"
    return f"Round {last['round']} is over: {earned_text}."


def describe_winners(state: dict) -> str:
    best = winners(state)
    board = state["boards"][best[0]]
    how = " with five stars in a line" if has_line(board) else ""
    stars = plural(star_count(board), "star")
    if len(best) == 1:
        return f"{state['players'][best[0]]} wins{how} ({stars})"
    who = " and ".join(state["players"][seat] for seat in best)
    return f"{who} share the victory{how} ({stars} each)"


# The score explained


def explain(outcome: dict, names: list[str]) -> Explanation:
    """Stars are the score; a line of five stars beats any count (then the most stars win)."""
    details = outcome["details"]
    stars, lines = details["stars"], details["lines_of_five"]
    sentences = [
        f"After {plural(details['rounds'], 'round')} each star counts one, and five stars in a "
        "line beat any count."
    ]
    for seat, name in enumerate(names):
        line = " with five in a line" if lines[seat] else ""
        sentences.append(f"{name} has {plural(stars[seat], 'star')}{line}.")
    rows = [[name, stars[seat], "yes" if lines[seat] else ""] for seat, name in enumerate(names)]
    return Explanation(sentences, ["Player", "Stars", "Five in a line"], rows)


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
