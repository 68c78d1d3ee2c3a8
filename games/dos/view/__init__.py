"""DOS as the players see it: each seat's view, the email's plain-text picture of it and the
explanation of the final score, told through games/texts.py (the log lines are in log.py).

A seat sees the centre row, every hand's size and its own hand; the deck and the discard pile
only by their sizes. Once the match is over, everything.
"""

from __future__ import annotations

import textwrap

from games.base import Explanation
from games.dos.cards import card_told, cards_listed, folded, lines, told
from games.dos.rules import deck_cards, is_over, seat_exists
from games.dos.scoring import last_round, score_sheet
from games.dos.view.log import BONUS_TEXT, describe, match_text, points_listed
from games.texts import Text, word

__all__ = ["describe", "explain", "view", "view_text"]

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
#
# Built only from what `view` shows the seat. Every line is a Text; the long ones are wrapped
# to 78 columns in whichever language they are read (`Wrapped`).

DOING = {
    "start": "%(who)s matches or draws.",
    "drawn": "%(who)s matches or adds a card to the centre row.",
    "matching": "%(who)s matches again or ends the turn.",
    "bonus": "%(who)s adds cards to the centre row for colour bonuses.",
}
WIDTH = 78
INDENT = "  "


class Wrapped(Text):
    """A told line wrapped to 78 columns, in English and in whichever language it is read."""

    def __new__(cls, line: Text) -> Wrapped:
        made = str.__new__(cls, wrap(str(line)))
        made.msgid, made.params = "%(line)s", {"line": line}
        made.plural, made.count, made.context = None, None, "dos lines"
        return made

    def translated(self, catalogue) -> str:
        line = self.params["line"]
        return wrap(line.translated(catalogue) if isinstance(line, Text) else str(line))


def wrap(text: str) -> str:
    return "\n".join(textwrap.wrap(text, WIDTH, subsequent_indent=INDENT) or [text])


def counted(singular: str, plural: str, count: int, **params) -> Text:
    """A DOS phrase whose words follow `count`."""
    return Text(singular, params, plural=plural, count=count, context="dos")


def cards_counted(count: int) -> Text:
    return counted("%(count)s card", "%(count)s cards", count)


def view_text(state: dict, seat: int | None) -> Text:
    """The position as `seat` sees it, in a few plain lines for an email."""
    shown = view(state, seat)
    names = shown["players"]
    turn = shown["turn"]
    told_lines = [
        told(
            "DOS, round %(round)s, playing to %(target)s points.",
            round=shown["round"],
            target=shown["target"],
        )
    ]
    if shown["winner"] is not None:
        told_lines.append(told("The match is over: %(who)s wins.", who=names[shown["winner"]]))
    else:
        doing = DOING.get(turn["phase"], "%(who)s plays.")
        told_lines.append(told(doing, who=names[turn["seat"]]))
    told_lines += ["", *table_lines(shown), ""]
    told_lines += player_lines(shown)
    told_lines += result_lines(shown)
    return lines(told_lines)


def table_lines(shown: dict) -> list:
    """The centre row, this turn's matches, the deck, and the seat's own hand."""
    turn = shown["turn"]
    centre = folded([card_told(card) for card in shown["centre"]], "%(first)s | %(next)s", "dos")
    said = [Wrapped(told("Centre row: %(cards)s", cards=centre or word("dos word", "empty")))]
    for match in turn["matches"]:
        if match["bonus"]:
            line = told(
                "Matched this turn: %(match)s (%(bonus)s)",
                match=match_text(match),
                bonus=BONUS_TEXT[match["bonus"]],
            )
        else:
            line = told("Matched this turn: %(match)s", match=match_text(match))
        said.append(Wrapped(line))
    if turn["bonuses_left"] and turn["phase"] == "bonus":
        said.append(told("Colour bonus cards still to add: %(count)s", count=turn["bonuses_left"]))
    said.append(
        told(
            "Deck: %(deck)s; discard pile: %(discard)s",
            deck=cards_counted(shown["deck_size"]),
            discard=cards_counted(shown["discard_size"]),
        )
    )
    if shown["hand"] is not None and shown["winner"] is None:
        hand = shown["hand"]
        said.append("")
        said.append(
            Wrapped(
                told("Your hand (%(count)s): %(cards)s", count=len(hand), cards=cards_listed(hand))
            )
        )
        if shown["penalty"]:
            said.append(
                Wrapped(
                    told(
                        "Penalty cards joining your hand after this turn: %(cards)s",
                        cards=cards_listed(shown["penalty"]),
                    )
                )
            )
    elif turn["penalty_count"]:
        said.append(
            counted(
                "%(who)s has %(count)s penalty card.",
                "%(who)s has %(count)s penalty cards.",
                turn["penalty_count"],
                who=shown["players"][turn["seat"]],
            )
        )
    return said


def player_lines(shown: dict) -> list[Text]:
    """One line a player: cards in hand, points, and what marks them out."""
    names = shown["players"]
    width = max(len(name) for name in names)
    said = []
    for n, name in enumerate(names):
        notes = [
            cards_counted(shown["hand_sizes"][n]),
            counted("%(count)s point", "%(count)s points", shown["scores"][n]),
        ]
        if shown["called"][n]:
            notes.append(word("dos player", "called DOS"))
        if n in shown["catchable"]:
            notes.append(word("dos player", "can be caught"))
        if n == shown["dealer"]:
            notes.append(word("dos player", "dealer"))
        if n == shown["seat"]:
            notes.append(word("dos player", "you"))
        said.append(
            Text(
                "%(who)s  %(notes)s",
                {"who": INDENT + name.ljust(width), "notes": folded_list(notes)},
                context="dos lines",
            )
        )
    return said


def folded_list(items: list) -> Text | str:
    return folded(items, "%(first)s, %(next)s", "dos list")


def result_lines(shown: dict) -> list:
    """Who went out last round and, once the match is over, what each hand was left with."""
    names = shown["players"]
    said = []
    last = shown["last_round"]
    if last is not None:
        said.append("")
        said.append(
            Wrapped(
                told(
                    "Round %(round)s: %(who)s went out and scored %(points)s.",
                    round=last["round"],
                    who=names[last["winner"]],
                    points=last["points"],
                )
            )
        )
    if shown["winner"] is not None:
        for n, name in enumerate(names):
            if shown["hands"][n]:
                said.append(
                    Wrapped(
                        told(
                            "%(who)s was left with: %(cards)s",
                            who=name,
                            cards=cards_listed(shown["hands"][n]),
                        )
                    )
                )
    return said


# --- The final score in words ------------------------------------------------------------


def explain(outcome: dict, names: list[str]) -> Explanation:
    """The score sheet in words and as a table: each round's winner scores the cards left in
    the other hands, and the first to the target wins."""
    details = outcome["details"]
    sheet = details["score_sheet"]
    sentences = [
        told(
            "Each round, the player who goes out scores the cards left in the other hands; the "
            "first to %(target)s points wins. Rounds played: %(rounds)s.",
            target=details["target"],
            rounds=len(sheet),
        )
    ]
    for seat, name in enumerate(names):
        won = [row[seat] for row in sheet if row[seat]]
        score = outcome["scores"][seat]
        if not won:
            sentences.append(told("%(who)s won no round: %(score)s.", who=name, score=score))
            continue
        sentences.append(
            counted(
                "%(who)s won %(count)s round: %(sums)s = %(score)s.",
                "%(who)s won %(count)s rounds: %(sums)s = %(score)s.",
                len(won),
                who=name,
                sums=" + ".join(map(str, won)),
                score=score,
            )
        )
    last = details["last_round"]
    if last:
        sentences.append(
            told(
                "The last round went to %(who)s: %(points)s points for the cards left in hand "
                "(%(held)s).",
                who=names[last["winner"]],
                points=last["points"],
                held=points_listed(names, last),
            )
        )
    rows = [[told("Round %(round)s", round=n), *row] for n, row in enumerate(sheet, start=1)]
    rows.append([word("dos column", "Total"), *outcome["scores"]])
    return Explanation(sentences, ["", *names], rows)
