"""One step of play applied to a position: a player's move (or a line of notation read first),
a resignation, and the automatic steps nobody needs to be asked for (standing orders, bots);
the refusals a step meets.

Apart because a player's submission and a deadline's steps take steps alike, and neither
should carry the other's bookkeeping.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from types import ModuleType

from django.utils.translation import gettext

import games
from games import IllegalMove, RandomStream
from games.bots import strong
from tabletop.play import texts
from tabletop.play.models import Game, Move
from tabletop.play.store.errors import Illegal, NotYourTurn, Refused
from tabletop.play.store.events import RESIGN
from tabletop.play.store.projection import bot_seats

MAX_AUTOMATIC_STEPS = 1000


@dataclass
class Step:
    seat: int
    move: dict | None
    source: str
    # A step written in the game's notation (an email line) has its number and text; its
    # move is read when the steps before it have been applied.
    line: int | None = None
    text: str = ""


def check_rules_version(game: Game, rules: ModuleType) -> None:
    if game.rules_version not in games.supported_versions(rules):
        versions = ", ".join(map(str, games.supported_versions(rules)))
        raise Refused(
            gettext(
                "This game was started under version %(version)s of the rules of %(title)s; "
                "this server has versions %(versions)s."
            )
            % {"version": game.rules_version, "title": rules.title, "versions": versions}
        )


def take_step(
    rules: ModuleType, state: dict, step: Step, resigned: list[int], stream: RandomStream, seq: int
) -> tuple[Step, dict]:
    """Apply one step; a written step is first read against the position it meets."""
    try:
        if step.line is not None:
            step = replace(step, move=_read_line(rules, state, step))
        return step, apply_step(rules, state, step, resigned, stream, seq)
    except Refused as refusal:
        if step.line is not None:
            refusal.context.update(line=step.line, text=step.text)
        raise


def _read_line(rules, state: dict, step: Step) -> dict:
    try:
        return rules.parse_move(step.text, state, step.seat)
    except IllegalMove as refusal:
        raise Illegal(texts.in_active_language(refusal.reason)) from None


def apply_step(
    rules: ModuleType, state: dict, step: Step, resigned: list[int], stream: RandomStream, seq: int
) -> dict:
    if step.move == RESIGN:
        if step.seat in resigned:
            raise Refused(gettext("You have already resigned from this game."))
        resigned.append(step.seat)
        return state
    if step.seat not in rules.to_act(state) and not rules.legal_moves(state, step.seat):
        raise NotYourTurn(_waiting_message(state, rules.to_act(state)))
    rng = stream.rng_for(seq)
    try:
        after = rules.apply(state, step.seat, copy.deepcopy(step.move), rng)
    except IllegalMove as refusal:
        reason = texts.in_active_language(refusal.reason)
        raise Illegal(reason, legal=rules.legal_moves(state, step.seat)) from None
    stream.settle(rng)
    return after


def automatic_step(
    game: Game, rules: ModuleType, state: dict, resigned: list[int], stream: RandomStream, seq: int
) -> Step | None:
    """The step nobody needs to be asked for at `state` (`seq` the game's last step): a
    standing order, or the move of a seat a bot plays (bot seats, and seats that have
    resigned). None when the game waits for a person, or resignations have decided it."""
    if _everyone_resigned_but_one(game, resigned):
        return None
    standing_order = getattr(rules, "standing_order_move", None)
    played_by_bots = set(resigned) | set(bot_seats(game))
    for seat in rules.to_act(state):
        if seat in played_by_bots:
            bot_rng = stream.bot_rng("resigned", seq)
            return Step(seat, strong(rules, state, seat, bot_rng), Move.Source.BOT)
        if standing_order and (order := standing_order(state, seat)) is not None:
            return Step(seat, order, Move.Source.STANDING_ORDER)
    return None


def _everyone_resigned_but_one(game: Game, resigned: list[int]) -> bool:
    return len(resigned) >= game.players - 1


def _waiting_message(state: dict, waiting: list[int]) -> str:
    names = [state["players"][seat] for seat in waiting]
    if not names:
        return gettext("It is not your turn; the game is waiting for nobody.")
    return gettext("It is not your turn; the game is waiting for %(names)s.") % {
        "names": ", ".join(names)
    }
