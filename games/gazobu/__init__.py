"""Gazobu: gather the monsters the great cosmic vacuum cleaner scattered (2 to 4 players).

Rules notes: how the service reads rulebooks/gazobu.txt, with RULINGS.md where it is silent.
The card set is one house-data table in cards.py; the rules and the scoring are in rules.py,
the views, log lines and score explanation in view.py, the email notation in notation.py, the
strong bot in bot.py.

From RULINGS.md
- The deck is 55 cards: 11 Gazobu, 11 Blob, 11 Yoo, 2 Twini, 2 Twinax, 3 black holes, 7 bonus/malus,
  4 extra monsters, 4 multipliers; each player has 4 pills. Card values are house data: the
  one table CARDS in cards.py (only Gazobu's +10/-3 is printed).
- Atomic steps: a turn is "take 1" / "take 2" / "draw" (take no column), then one "place" per
  drawn card. The player is in `to_act` for the whole turn.
- A player who takes their 4th pill still finishes the turn (draws 2 and recreates the column),
  then is out of play; their hand still scores.
- End: when only one player has fewer than 4 pills (with 2 players, as soon as one takes the 4th),
  that last player takes the top 3 cards of the draw pile and the game ends. If the draw pile
  cannot supply the 2 cards a turn needs, the game ends at once and the last-player-takes-3 step
  takes what is left. Cards still in the columns score for nobody.
- Black holes: each black hole makes the holder's left neighbour take one random card (the rng)
  from the holder's hand; that card and the black hole leave the game. All players' black holes
  resolve from the hands as they were before this step.
- Extra monsters count as one Gazobu, Blob or Yoo, never Twini or Twinax. A multiplier doubles
  the gain or the loss of one family for its holder only; a second multiplier on the same family
  is worthless. Both are placed by the rules for the holder's best own score and shown in the
  final breakdown: no extra step.
- Majority: the one player with strictly most cards of a family gains its points; everyone else
  holding that family loses the per-card value for each card. Tied leaders lose as usual and the
  next count down gains the points; if there is none, nobody gains. Zero cards: nothing.
- Hands are secret; the columns, the drawn cards, the pills, the hand sizes and the size of the
  draw pile are public. Once the game is over everything is shown: every hand, the cards the
  black holes removed and the undealt draw pile, card by card from the top.
- Extra monsters are placed jointly, since one player's extra monsters change the majorities
  that decide another's score: among all combinations of every player's placements, those
  where no player could score more by changing only their own; of several, the highest total
  of all scores, then the first in seat order of the players' own best; if there is none,
  every player once, in seat order from the one after the player who ended the game, places
  for their best against the placements made so far.

Decisions where the rulebook and RULINGS.md are silent
- Take-backs (`reveals`): only a placement can hide nothing (the drawn card was face up, the
  columns are public); one that goes on to change a hand, the draw pile or the pills, or ends
  the game, shows something new and stands.
- Nobody can know who last ran the vacuum cleaner: the dealer is drawn with the rng. The dealer
  lays the two column cards at setup and the player on the dealer's left (the next seat) plays
  the first turn. "Left" is always the next seat, for play and for black holes alike.
- The draw pile is shuffled once at setup; the drawn cards are turned face up as the
  "take"/"draw" step ends, and they stay public until placed.
- "draw" is the step that takes no column: the two cards can only be drawn after that decision.
- A place move names the drawn card and the column ("place blob 1"); "place 1" places the first
  drawn card. The order of cards inside a column never matters, since a column is taken whole.
- A forced placement is not a decision: when the last drawn card must recreate the column just
  taken, the rules place it at once, in the same step as the card before it.
- The game ends when a turn ends: after the player taking the 2nd-to-last 4th pill has placed
  both cards, or when fewer than 2 cards are left for the next turn. In the second case "the
  last player" is the one whose turn it would be (the pile then holds a single card).
- Tied again: when the next count down is itself tied, those players are tied leaders too; the
  points go to the highest count exactly one player holds, if any (3-3-2-2 gives nobody the
  points; 3-3-3-1 gives them to the single card).
- Extra monsters join the piles the player already has ("as many piles as they have different
  families"): a player without Gazobu, Blob or Yoo cards gets nothing from them; they must be
  placed, even where they add a loss. A multiplier for a family the player does not hold is
  worthless. The "any" multiplier must go on one of the player's Gazobu, Blob or Yoo piles; it
  may go where a multiplier already lies (and then counts for nothing), which a player does
  when every other choice would double a loss.
- Joint placement: "the first in seat order of the players' own best" is the one best for the
  first seat, then, among those alike for it, the one best for the second seat, and so on.
  In the fallback, players still to place count without their extra monsters. The "any"
  multiplier is part of its holder's placement: whatever the extra monsters, it goes where it
  scores best, and it never changes another player's score.
- Placements that score alike are taken in the order Gazobu, Blob, Yoo: all extra monsters on
  the first pile the player holds first; the "any" multiplier on the first such pile. Joint
  placements that tie on every score are taken in the same order, the first seat's first.
- While the game goes on (the greedy bot's running score), "the player who ended the game" is
  the player whose turn it is.
- Several players with the highest score all win.
- The log names the cards a player took only to that player: the columns were public, but the
  table keeps no written record, so remembering who holds what stays part of the game. The last
  player's three cards are named to everyone, since the game is over when they are taken.
- Black holes resolve in seat order, each from its own holder's hand in card order, so one rng
  replays them exactly; as each stolen card leaves the game, the order changes nothing else.
- The undealt draw pile is shown once the game is over, from the top card down; nobody can
  draw from it any more, and a replay of the log shows the same cards anyway.

Rules versions
- Version 2 (current) places the extra monsters jointly, as above. Version 1, kept for the
  games started under it, let each player in seat order answer the others' current piles,
  round after round until nobody changed or 10 rounds had passed; ties kept the current
  placement. When the answers went round in a loop, round 10 could leave a player below their
  best and turn the winner. A version-2 state carries `version` and `ended_by` (who played
  the last turn); a version-1 state is exactly as it always was.
"""

from games.gazobu.bot import bot_move
from games.gazobu.cards import CARDS, DECK, card_name
from games.gazobu.notation import format_move, notation_help, parse_move
from games.gazobu.rules import (
    PILLS,
    apply,
    is_out,
    legal_moves,
    max_players,
    min_players,
    options,
    outcome,
    reshuffle_unseen,
    reveals,
    setup,
    skip_move,
    slug,
    standing,
    title,
    to_act,
    version,
    versions,
)
from games.gazobu.view import explain, explain_family, view, view_text
from games.gazobu.view.log import describe

# Beside the contract and its optional hooks, the names callers read from the game itself:
# the board's cards and pills, the card names of score explanations, the playouts' deck.
__all__ = [
    "CARDS",
    "DECK",
    "PILLS",
    "apply",
    "bot_move",
    "card_name",
    "describe",
    "explain",
    "explain_family",
    "format_move",
    "is_out",
    "legal_moves",
    "max_players",
    "min_players",
    "notation_help",
    "options",
    "outcome",
    "parse_move",
    "reshuffle_unseen",
    "reveals",
    "setup",
    "skip_move",
    "slug",
    "standing",
    "title",
    "to_act",
    "version",
    "versions",
    "view",
    "view_text",
]
