"""What a Polish or Czech reader would still read in English of the service's own words.

A page or an email is searched for English words that only the service says ("your",
"turn", "deadline", "Nothing", "Re:"...), once the game's own words are taken out: its log
lines, its moves in notation, its picture of the position and its refusals, which stay
English until the game tells them as `games.texts.Text`s (issue 33), and the names of the
players and the game, the addresses and the lines a player wrote themselves.
"""

from __future__ import annotations

import contextlib
import copy
import re

from django.utils import translation

from games import IllegalMove
from tabletop.accounts.models import Preferences
from tabletop.mail.compose import situation
from tabletop.play import history, store
from tabletop.play.models import Game

# Whole English words of the service that neither Polish nor Czech writes ("to", "a" and
# "na" are Polish and Czech words, so they are not here).
ENGLISH = re.compile(
    r"\b(the|your|you|it is|is|was|were|and|of|for|with|turn|turns|move|moves|moved|"
    r"deadline|reply|replies|email|game|games|played|nothing|hello|line|wins|winner|score|"
    r"scores|player|players|seat|seats|waiting|vote|votes|table|step|steps|until|before|"
    r"after|since|when|what|how|who|has|have|not|no longer|please|again)\b",
    re.IGNORECASE,
)
# The words a reply understands stay English, as the notation does (tests/web/test_languages).
COMMANDS = ("help", "status", "undo", "resign", "rematch", "vote yes", "vote no", "say ")
URL = re.compile(r"https?://\S+")


def english_left(text: str, own_words: set[str]) -> list[str]:
    """The lines of `text` that still hold an English word of the service."""
    words = sorted((w for w in own_words if w and w.strip()), key=len, reverse=True)
    left = []
    for line in text.splitlines():
        rest = URL.sub(" ", line)
        for word in words:
            rest = rest.replace(word, " ")
        if ENGLISH.search(rest):
            left.append(line.strip())
    return left


def games_own_words(game: Game, *written: str) -> set[str]:
    """What the game itself says, in English, to anyone at the table, and what else a page
    or email holds that is no word of the service: names, the title, addresses, commands and
    the lines the player wrote."""
    game.refresh_from_db()
    rules = game.rules
    seats = list(game.seats_with_players())
    words = {game.title, rules.title, game.seed_sha256, game.seed, *COMMANDS, *written}
    for seat in seats:
        words |= {seat.user.get_username(), seat.user.email}
    words |= log_lines_now(game)
    picture = getattr(rules, "view_text", None)
    for move, before, after in store.history(game, game.seq):
        if move.seat is not None and move.seat >= 0 and isinstance(move.payload, dict):
            # A system step (a resignation, a vote) has no notation.
            with contextlib.suppress(Exception):
                words.add(str(rules.format_move(move.payload, before, move.seat)))
        for seat in seats:  # every position the emails pictured, and the moves they listed
            if picture:
                words |= {line.strip() for line in str(picture(after, seat.position)).splitlines()}
            legal = rules.legal_moves(after, seat.position) if rules.to_act(after) else []
            words |= {str(rules.format_move(m, after, seat.position)) for m in legal}
    with translation.override("en"):
        for seat in seats:
            told = situation(game, seat.position, Preferences.of(seat.user), in_full=True)
            words |= {line.strip() for line in str(told["view_text"]).splitlines()}
    explain = getattr(rules, "explain", None)
    details = (game.outcome or {}).get("details") or {}
    if game.is_over and explain and set(details) - {"resigned", "ended_by_vote"}:
        told = explain(game.outcome, [seat.user.get_username() for seat in seats])
        words |= {str(sentence) for sentence in told.sentences} | set(map(str, told.columns))
        words |= {str(cell) for row in told.rows for cell in row}
    notation_help = getattr(rules, "notation_help", None)
    if notation_help:
        words |= {line.strip() for line in str(notation_help()).splitlines()}
    return {word for word in words if word}


def log_lines_now(game: Game) -> set[str]:
    """The game's log as each seat and a spectator read it now: once the game is over a line
    may tell more than it did during play, so a test reading pages as it plays keeps these."""
    viewers = [*range(len(game.seats_with_players())), None]
    return {line["text"] for viewer in viewers for line in history.lines(game, viewer)}


def refusal_of(game: Game, seat: int, move: dict) -> str:
    """The rules' own refusal of an illegal move (English until the game tells it as a Text)."""
    try:
        rng = store.random_stream(game).rng_for(game.seq + 1)
        game.rules.apply(copy.deepcopy(game.state), seat, move, rng)
    except IllegalMove as refusal:
        return str(refusal)
    return ""
