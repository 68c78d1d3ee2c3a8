"""Buttons (Benjamin Schwer): lay buttons from shared dice, opt out in time, collect stars.

Rules notes: how the service reads ../shared/rulebooks/buttons.txt. The board sides (house
data) and the button cards are in cards.py; the rules are in rules.py, the views, log lines and
the score's explanation in view.py, the email notation in notation.py, the strong bot in bot.py.

Rulings (RULINGS.md) that apply:
- Every board side is a 6x6 grid of four printed colours (red, yellow, green, blue), rows by the
  white die, columns by the black dice; the rulebook's "symbol" is the printed colour. The eight
  layouts are house data (cards.LAYOUTS): nine cells of each colour, every layout different.
- Players get a random board side unless the game's options choose one.
- Button cards: one per colour; the red card's holder starts every round; the cards pass to the
  left after each round. With 3 players the yellow card is out of the game; with 2 players each
  player holds two cards and puts two black dice in the depot when out of the round.
- After a roll every seat that can decide is in `to_act` at once: the active player (who must lay
  a button at the white die's row and any black die's column) and every other player still in the
  round whose gold square (white die, gold black die) is legal on their own board. The game goes
  on when the last of them has answered. A seat whose gold square is illegal is not asked.
- A seat may set a standing order at any time, an optional move nobody waits for: "always take
  the gold square when legal", "always decline", or "ask me". `standing_order_move` returns the
  answer it stands for; the store submits it at once as a move of that seat.
- Bust (no legal square for the active player) and opting out (only with a button on the board
  this round) as printed. The button supply is unlimited.
- Round-end stars for those who opted out: 1, plus 1 per colour covered at least three times this
  round, plus 1 per own button card whose colour was covered at least three times. Each star is
  one step of its owner, on a square that held one of their buttons this round; every player with
  stars to place is in `to_act` at once.
- Game end after a round: five stars in an orthogonal line without gaps, or twelve stars.
  Ties as printed.
- Moves are atomic steps; randomness (the card deal, board sides, dice) only from the rng.

Decisions where the rulebook is silent:
- Take-backs (`reveals`): nothing at the table is hidden but each seat's own standing order, so
  no step shows anything new beyond the dice, whose roll the store refuses to take back, but
  the one that ends the game (it shows every standing order).
- Seats sit clockwise in join order: "left" and "clockwise" both mean the next seat.
- Option `layout`: "random" gives every player a different board (of the four) with a random side;
  naming a layout ("1a" ... "4b") gives every player that same side, for an even game.
- The four (or three) button cards are dealt at random, so the red card picks the first player.
- The black dice with white pips that go to a depot are simply counted: the next roll is made
  with the dice still in front of the players (white, gold black and the remaining black dice).
- The active player may use the gold black die as one of their black dice (Emma's example lets
  her choose column 6, the gold die).
- A bust happens as part of the roll; the other players still answer the gold square.
- A step with only one possible outcome is taken by the rules, never asked: an active player with
  exactly one legal square lays there at once, and a player who earns as many stars as they have
  buttons gets a star on every button's square. A gold square question is always asked
  (declining is a choice).
- A standing order only answers the gold square question; the active player always decides.
  Standing orders are private to their seat until the game ends.
- "The player able to place the most stars" (the tie between several lines of five) means the
  most stars on the board. Like buttons, the supply of stars is unlimited.
- At a deadline (`skip_move`) an unanswered gold square is declined; the active player's roll,
  opt-out or lay and a star placement cannot be skipped.
- `standing` (the greedy bot's score) counts the stars on the board plus the stars the round has
  already secured, so a bot sees that opting out pays.
- Notation: "roll", "opt out", "lay 5 2" (row, column), "decline", "star 3 4", and the standing
  orders "always take", "always decline", "ask me"; "take" answers the gold square, and bare
  coordinates mean the lay or star at hand.

The strong bot (`bot_move`, bot.py) plays only on what `view` shows its seat: every board is
public, the other seats' standing orders are never read, and it never sets one itself.
- Worth of a star board: how soon it should win. Stars come at about 2.5 a round toward
  twelve; every run of five squares missing one or two stars is a second way to win (one button
  on each missing square, then opting out, stars it). The ways' rates add up; the worth is the
  expected rounds to a win, in stars. A finished line or twelve stars is the best board.
- Roll or opt out, where to lay, take or decline the gold square: an expectimax over the
  seat's own next rolls (two to four, as many as the open squares allow within a fixed budget).
  The dice are public knowledge: with the white die giving the row, the chance that a given
  open column is the best one the column dice show is exact, and a row with no open column the
  dice show is a bust, worth nothing. At each step the seat may opt out and earn what
  score_round would give, its stars on the squares that bring the board closest to a win.
  Laying next to a button closes squares, so keeping rows open is weighed, not ruled.
- Later rolls expect the worst: every other player with a button may have opted out by then,
  leaving fewer black dice. The roll about to be made counts the dice on the table.
- When another player has opted out with enough to end the game this round (a line of five
  or twelve stars), this round is the last: the bot plays to beat that claim (a line beats
  stars, then more stars; a tie shares the victory) instead of for worth.
- Stars are placed on the best set of button squares (every choice when there are few),
  preferring a line of five among boards that win.
- Deterministic for what the seat sees: the rng is not drawn from, and one round's lookahead
  is remembered between its decisions (keyed by what the seat sees only).
"""

from games.buttons.bot import bot_move
from games.buttons.cards import COLOURS
from games.buttons.notation import format_move, notation_help, parse_move
from games.buttons.rules import (
    BUTTON,
    EMPTY,
    ORDERS,
    SIZE,
    STAR,
    apply,
    colour_of,
    legal_moves,
    marked,
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
    standing_order_move,
    title,
    to_act,
    version,
)
from games.buttons.view import describe, explain, view, view_text

# The contract and its optional hooks, then what the service draws the board with (the marks
# and colours of the squares) and the names of the standing orders.
__all__ = [
    "BUTTON",
    "COLOURS",
    "EMPTY",
    "ORDERS",
    "SIZE",
    "STAR",
    "apply",
    "bot_move",
    "colour_of",
    "describe",
    "explain",
    "format_move",
    "legal_moves",
    "marked",
    "max_players",
    "min_players",
    "notation_help",
    "options",
    "outcome",
    "parse_move",
    "reveals",
    "setup",
    "side_kinds",
    "skip_move",
    "slug",
    "standing",
    "standing_order_move",
    "title",
    "to_act",
    "version",
    "view",
    "view_text",
]
