"""Move pickers: the legal moves that multiply (cards times targets times wild namings times the
DOS call), described so that the game page can offer them a click at a time.

A picker is built from one seat's view and that seat's legal moves, and from nothing else: the
parts a player clicks are the cards and places the move names, and the preview says what the
move itself does, worked out from the move (never by applying it, which would draw cards).
Each move keeps the exact JSON its plain button posts, so the picker's Play button sends the
same form and the server path is unchanged. The page's script (static/web/picker.js) reads it
from a JSON data block; without script the plain buttons stay.

A step (the cards, the places) says in the game's words what to pick in it: `prompts` by the
kinds of its parts still to pick (the sorted kinds joined by spaces, "+" after them when a move
still needs two or more parts of the step, "" for any other case), `also` when more of it may
be added to a move already complete, `forced` when a click would undo a part every move needs.

`forced` lists the keys every legal move needs, when the picker covers every legal move: those
start picked and stay picked. Nothing else starts picked, so Play is enabled at load only when
the forced parts make the one legal move; parts that make one of several moves do not start
picked at all, so that a stray click on Play never makes a move nobody chose.

A move is described as
  keys     the parts it needs, one key per click (a card held twice is two clicks of one key)
  choice   what its wild cards count as ("" without a wild), with a label to ask it by
  best     the choice to offer first among the moves of the same parts: the one that earns the
           most (a colour bonus in DOS)
  call     whether the move carries the DOS call, asked as one checkbox
  preview  what the move will do, in a player's words
  value    the move's JSON, exactly as the plain button posts it
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from types import ModuleType

from django.utils.translation import gettext

from tabletop.web.pickers import dos, dr_gomb, dr_hrubec
from tabletop.web.pickers.parts import value_of

__all__ = ["BUILDERS", "picker", "value_of"]


def picker(rules: ModuleType, view: dict, seat: int | None, legal: list[dict]) -> dict | None:
    """The picker for `seat`'s moves, or None where the plain buttons do (nothing multiplies)."""
    build = BUILDERS.get(rules.slug)
    if build is None or seat is None or not legal:
        return None
    found = build(view, seat, legal)
    if not found["moves"]:
        return None
    mark_best(found["moves"])
    found["game"] = rules.slug
    found["forced"] = forced_keys(found["moves"], legal)
    found["ready"] = gettext("Ready: read what the move does below, then press Play.")
    found.setdefault("choose", "")
    return found


def forced_keys(moves: list[dict], legal: list[dict]) -> list[str]:
    """The keys every legal move needs (a key needed twice by all, twice), when the picker
    covers every legal move; none when they would by themselves make one move of several."""
    if len({move["value"] for move in moves}) < len(legal):
        return []
    common = Counter(moves[0]["keys"])
    for move in moves[1:]:
        common &= Counter(move["keys"])
    if len(legal) > 1 and any(Counter(move["keys"]) == common for move in moves):
        return []
    return sorted(common.elements())


def mark_best(moves: list[dict]) -> None:
    """Among moves of the same parts and call, the first that earns the most is the default."""
    best: dict[tuple, dict] = {}
    for move in moves:
        same = (tuple(sorted(move["keys"])), move["call"])
        if same not in best or move["earns"] > best[same]["earns"]:
            best[same] = move
    for move in best.values():
        move["best"] = True


BUILDERS: dict[str, Callable[[dict, int, list[dict]], dict]] = {
    "dos": dos.dos_picker,
    "dr_gomb": dr_gomb.gomb_picker,
    "dr_hrubec": dr_hrubec.hrubec_picker,
}
