"""What each seat may see of a Buttons game, the log line of each move and the score's
explanation. Every board is public; only the standing orders are private until the game ends.
"""

from __future__ import annotations

import copy

from games.base import Explanation, Viewer, knows
from games.buttons.cards import COLOURS, LAYOUTS
from games.buttons.rules import (
    BUTTON,
    EMPTY,
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
from games.buttons.words import (
    LAYOUT,
    Wrapped,
    each_and,
    listed,
    order_name,
    semicolons,
    sentences,
)
from games.buttons.words import lines as told_lines
from games.texts import Text, joined, tell, tell_plural, word


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
# The printed colours, the button cards and a player out of the round, told in the reader's
# language.
COLOUR_NAMES = {
    "red": word("buttons colour", "red"),
    "yellow": word("buttons colour", "yellow"),
    "green": word("buttons colour", "green"),
    "blue": word("buttons colour", "blue"),
}
CARD_NAMES = {
    "red": word("buttons card", "red"),
    "yellow": word("buttons card", "yellow"),
    "green": word("buttons card", "green"),
    "blue": word("buttons card", "blue"),
}
OUT_NAMES = {"opted out": word("buttons out", "opted out"), "bust": word("buttons out", "bust")}
WIDTH = 78


def phase_text(phase: str, active: str, waiting: str | Text) -> Text:
    if phase == "turn":
        return tell("%(active)s rolls or opts out.", active=active)
    if phase == "answer":
        return tell(
            "Waiting for %(waiting)s after %(active)s's roll.", waiting=waiting, active=active
        )
    return tell("Round over: waiting for %(waiting)s to place stars.", waiting=waiting)


def board_text(board: dict) -> list[str]:
    """A 6x6 grid: each square its colour letter and a mark (. empty, o button, * star)."""
    lines = ["     " + "   ".join(str(column) for column in range(1, SIZE + 1))]
    for row, (colours, cells) in enumerate(zip(board["colours"], board["cells"], strict=True)):
        squares = "  ".join(
            colour + MARKS[cell] for colour, cell in zip(colours, cells, strict=True)
        )
        lines.append(f"  {row + 1}  {squares}")
    return lines


def player_notes(board: dict, score: int) -> list[Text]:
    cards = board["cards"]
    notes = [
        tell_plural("%(count)s star", "%(count)s stars", score),
        tell_plural("%(count)s button", "%(count)s buttons", board["buttons"]),
        tell_plural(
            "card %(cards)s",
            "cards %(cards)s",
            len(cards),
            cards=each_and([CARD_NAMES[card] for card in cards]),
        ),
    ]
    if board["out"]:
        notes.append(OUT_NAMES[board["out"]])
    if board["stars_to_place"]:
        notes.append(
            tell_plural("%(count)s to place", "%(count)s to place", board["stars_to_place"])
        )
    if board["line_of_five"]:
        notes.append(tell("line of five"))
    return notes


def view_text(state: dict, seat: int | None) -> Text:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    names = shown["players"]
    phase = shown["phase"]
    active = names[shown["active"]]
    lines: list = [tell("Buttons, round %(round)s.", round=shown["round"])]
    if phase == "over":
        winners = [names[n] for n in shown["winners"]]
        lines.append(
            tell_plural(
                "The game is over. Winner: %(names)s",
                "The game is over. Winners: %(names)s",
                len(winners),
                names=joined(winners),
            )
        )
    else:
        waiting = joined([names[n] for n in shown["to_act"]]) or word("buttons", "nobody")
        lines.append(Wrapped(phase_text(phase, active, waiting), WIDTH))
    roll = shown["last_roll"]
    if roll:
        dice = {"white": roll["white"], "gold": roll["gold"], "black": black_dice(roll, " ")}
        if phase in ("turn", "over"):
            lines.append(tell("Last roll: white %(white)s, gold %(gold)s, black %(black)s", **dice))
        else:
            lines.append(tell("Dice: white %(white)s, gold %(gold)s, black %(black)s", **dice))
    if shown["gold_square"]:
        row, column = shown["gold_square"]
        lines.append(tell("Gold square: row %(row)s, column %(column)s", row=row, column=column))
    if shown["open_columns"] and shown["active"] in shown["to_act"]:
        columns = ", ".join(map(str, shown["open_columns"]))
        lines.append(
            tell(
                "%(name)s may lay in row %(row)s, column %(columns)s",
                name=active,
                row=roll["white"],
                columns=columns,
            )
        )
    mine = seat if seat is not None else shown["active"]
    board = shown["boards"][mine]
    lines.append("")
    if seat is not None:
        whose = tell(
            "Your board, %(name)s (layout %(layout)s):", name=names[mine], layout=board["layout"]
        )
    else:
        whose = tell(
            "%(name)s's board (layout %(layout)s):", name=names[mine], layout=board["layout"]
        )
    lines.append(whose)
    lines += board_text(board)
    lines.append(tell("  (R red, Y yellow, G green, B blue; . empty, o button, * star)"))
    lines.append("")
    width = max(len(name) for name in names)
    for n, name in enumerate(names):
        notes = player_notes(shown["boards"][n], shown["scores"][n])
        if n == seat:
            notes.append(word("buttons player", "you"))
        line = Text(
            "  %(name)s  %(notes)s",
            {"name": f"{name:<{width}}", "notes": listed(notes)},
            context=LAYOUT,
        )
        lines.append(Wrapped(line, WIDTH, " " * (width + 4)))
    if seat is not None and phase != "over":
        lines.append(
            tell("Your standing order: %(order)s", order=order_name(shown["standing_order"]))
        )
    return told_lines(lines)


# Describe


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> Text:
    name = before["players"][seat]
    kind = move["kind"]
    row, column = move.get("row"), move.get("column")
    if kind == "roll":
        line = describe_roll(before, seat, after)
    elif kind == "opt_out":
        buttons = before["boards"][seat].count(BUTTON)
        line = tell_plural(
            "%(name)s opts out of round %(round)s with %(count)s button.",
            "%(name)s opts out of round %(round)s with %(count)s buttons.",
            buttons,
            name=name,
            round=before["round"],
        )
    elif kind == "lay":
        colour = COLOUR_NAMES[colour_of(before, seat, row, column)]
        line = tell(
            "%(name)s lays a button on row %(row)s, column %(column)s (%(colour)s).",
            name=name,
            row=row,
            column=column,
            colour=colour,
        )
    elif kind == "decline":
        line = tell("%(name)s declines the gold square.", name=name)
    elif kind == "star":
        line = tell(
            "%(name)s places a star on row %(row)s, column %(column)s.",
            name=name,
            row=row,
            column=column,
        )
    elif knows(viewer, seat):
        line = tell(
            "%(name)s sets a standing order: %(order)s.", name=name, order=order_name(move["order"])
        )
    else:
        line = tell("%(name)s changes a standing order.", name=name)
    return sentences([line, *what_follows(before, move, after)])


def describe_roll(before: dict, seat: int, after: dict) -> Text:
    name = before["players"][seat]
    dice = after["roll"]
    line = tell(
        "%(name)s rolls white %(white)s, gold %(gold)s, black %(black)s.",
        name=name,
        white=dice["white"],
        gold=dice["gold"],
        black=black_dice(dice, ", "),
    )
    board = before["boards"][seat]
    row = dice["white"]
    columns = sorted({dice["gold"], *dice["black"]})
    squares = [column for column in columns if can_lay(board, row, column)]
    if not squares:
        bust = tell(
            "No legal square in row %(row)s: %(name)s busts, the buttons go back to the pool "
            "and the stars stay.",
            row=row,
            name=name,
        )
        return sentences([line, bust])
    if len(squares) == 1:
        only = tell(
            "%(name)s lays on the only legal square, row %(row)s, column %(column)s.",
            name=name,
            row=row,
            column=squares[0],
        )
        return sentences([line, only])
    return line


def black_dice(dice: dict, between: str) -> str | Text:
    """The black dice rolled, or 'none' when every one is in a depot."""
    return between.join(map(str, dice["black"])) or word("buttons dice", "none")


def what_follows(before: dict, move: dict, after: dict) -> list[Text]:
    """What the move set off: the dice passing on, the end of a round, the end of the game."""
    names = after["players"]
    told = []
    if before["phase"] in ("turn", "answer") and (
        after["round"] != before["round"] or after["phase"] in ("stars", "over")
    ):
        told.append(describe_round_end(after))
    active = names[after["active"]]
    if after["phase"] == "over":
        told.append(tell("The game is over: %(winners)s.", winners=describe_winners(after)))
    elif after["phase"] == "turn" and after["round"] != before["round"]:
        told.append(
            tell("Round %(round)s begins with %(name)s.", round=after["round"], name=active)
        )
    elif after["phase"] == "turn" and move["kind"] != "order":
        if after["active"] == before["active"]:
            told.append(tell("%(name)s takes another turn.", name=active))
        else:
            told.append(tell("The dice pass to %(name)s.", name=active))
    return told


def describe_round_end(state: dict) -> Text:
    last = state["last_round"]
    earned = []
    for seat, score in enumerate(last["scores"]):
        if score:
            parts = [tell("1 for opting out")]
            if score["colours"]:
                colours = listed([COLOUR_NAMES[colour] for colour in score["colours"]])
                parts.append(
                    tell_plural(
                        "%(count)s for %(colours)s",
                        "%(count)s for %(colours)s",
                        len(score["colours"]),
                        colours=colours,
                    )
                )
            if score["cards"]:
                parts.append(
                    tell_plural(
                        "%(count)s for the button card",
                        "%(count)s for the button card",
                        len(score["cards"]),
                    )
                )
            earned.append(
                tell_plural(
                    "%(name)s earns %(count)s star (%(parts)s)",
                    "%(name)s earns %(count)s stars (%(parts)s)",
                    score["stars"],
                    name=state["players"][seat],
                    parts=listed(parts),
                )
            )
    if not earned:
        return tell("Round %(round)s is over: nobody earns a star.", round=last["round"])
    return tell(
        "Round %(round)s is over: %(earned)s.", round=last["round"], earned=semicolons(earned)
    )


def describe_winners(state: dict) -> Text:
    best = winners(state)
    board = state["boards"][best[0]]
    stars = star_count(board)
    if len(best) == 1:
        name = state["players"][best[0]]
        if has_line(board):
            return tell_plural(
                "%(name)s wins with five stars in a line (%(count)s star)",
                "%(name)s wins with five stars in a line (%(count)s stars)",
                stars,
                name=name,
            )
        return tell_plural(
            "%(name)s wins (%(count)s star)", "%(name)s wins (%(count)s stars)", stars, name=name
        )
    who = each_and([state["players"][seat] for seat in best])
    if has_line(board):
        return tell_plural(
            "%(names)s share the victory with five stars in a line (%(count)s star each)",
            "%(names)s share the victory with five stars in a line (%(count)s stars each)",
            stars,
            names=who,
        )
    return tell_plural(
        "%(names)s share the victory (%(count)s star each)",
        "%(names)s share the victory (%(count)s stars each)",
        stars,
        names=who,
    )


# The score explained


def explain(outcome: dict, names: list[str]) -> Explanation:
    """Stars are the score; a line of five stars beats any count (then the most stars win)."""
    details = outcome["details"]
    stars, lines = details["stars"], details["lines_of_five"]
    told = [
        tell_plural(
            "After %(count)s round each star counts one, and five stars in a line beat any count.",
            "After %(count)s rounds each star counts one, and five stars in a line beat any count.",
            details["rounds"],
        )
    ]
    for seat, name in enumerate(names):
        if lines[seat]:
            told.append(
                tell_plural(
                    "%(name)s has %(count)s star with five in a line.",
                    "%(name)s has %(count)s stars with five in a line.",
                    stars[seat],
                    name=name,
                )
            )
        else:
            told.append(
                tell_plural(
                    "%(name)s has %(count)s star.",
                    "%(name)s has %(count)s stars.",
                    stars[seat],
                    name=name,
                )
            )
    yes = word("buttons score", "yes")
    rows = [[name, stars[seat], yes if lines[seat] else ""] for seat, name in enumerate(names)]
    columns = [
        word("buttons score", "Player"),
        word("buttons score", "Stars"),
        word("buttons score", "Five in a line"),
    ]
    return Explanation(told, columns, rows)
