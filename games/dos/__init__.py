"""DOS (Mattel), 2-4 players: match numbers against a growing centre row, shout DOS at two cards.

The rules are in rules.py, the cards in cards.py, the log lines and the email notation in
notation.py, the strong bot in bot.py; NOTES.md lists every ruling and every decision made
where the rulebook is silent.
"""

from games.dos.bot import bot_move
from games.dos.notation import (
    describe,
    explain,
    format_move,
    move_groups,
    notation_help,
    parse_move,
    read_meanings,
)
from games.dos.rules import (
    apply,
    legal_moves,
    max_players,
    min_players,
    options,
    outcome,
    reveals,
    setup,
    side_kinds,
    skip_move,
    slug,
    standing,
    title,
    to_act,
    version,
    view,
)
from games.dos.text import view_text

__all__ = [
    "apply",
    "bot_move",
    "describe",
    "explain",
    "format_move",
    "legal_moves",
    "max_players",
    "min_players",
    "move_groups",
    "notation_help",
    "options",
    "outcome",
    "reveals",
    "parse_move",
    "read_meanings",
    "setup",
    "side_kinds",
    "skip_move",
    "slug",
    "standing",
    "title",
    "to_act",
    "version",
    "view",
    "view_text",
]
