"""Dr. Gomb: sew button sequences of one colour, each with exactly one odd one out.

Rules notes: how the service reads the rulebook (rulebooks/dr-gomb.txt) and RULINGS.md. The
cards are in cards/, with their names in Polish and Czech in cards/names.py; the rules in rules/
(who acts and the legal moves in rules/moves.py, the refusals in rules/refusals.py), with the
scoring in scoring.py; the views, which steps showed a card (so may not be taken back) and the
email's picture in view/, the log lines in view/log.py and the score explained in
view/explained.py; the email notation in notation/, with the Polish and Czech words it reads
in notation/words.py; the strong bot in the package bot/, with its normal-mode ladders in
bot/ladders.py. Everything a player reads is told through games/texts.py.

From RULINGS.md
- The deck is the printed 120 cards: per colour five 1s, four each of 2-5, one broken, one joker
  and one surprise button. Two players put 30 random cards back in the box unseen, three players
  20; then 10 random cards form the secret talon, two cards from the deck start the two face-up
  discard piles and the rest is the draw deck. No house data is needed: every number is printed.
- A sequence belongs to one colour and should hold 1-5 once each plus exactly one card of another
  colour (its odd one out). A card played into a sequence stays in it. Playing a number the
  sequence already has, or a second off-colour card, is legal; it only spoils the sequence at
  scoring, so that normal mode's memory game stays possible.
- Joker: a card of its colour without a number; at scoring the rules give it the value (a number
  the sequence lacks) that scores best for its owner, and show it in the breakdown.
- Surprise: the player may use it to look into the talon and take every card of its colour, then
  play or discard each; the surprise itself goes to a discard pile last. A broken button in the
  talon cancels the take: it and one of the player's cards of its colour leave the game (if the
  player has no card of that colour, the broken button stays in the talon).
- Broken button, basic mode: it takes one of the drawer's cards of its colour out of the game with
  it; with no such card it goes to a discard pile. Normal mode: it must cover the top of one of
  the drawer's sequences of another colour that is neither empty nor finished (five cards); if
  there is none, it goes to a discard pile. At scoring a covering broken button is set aside and
  the cards it covered count.
- Normal mode: of every sequence everyone, its owner included, sees the colours of all cards and
  the number of the top card only, until the end.
- Action C: basic mode discards one whole sequence (any length), the player choosing the pile of
  each card in turn; normal mode discards exactly three played cards, never a broken button.
- A player with 25 cards in play keeps drawing from the deck and must discard what they draw.
  The game ends when the draw deck is empty after the active player's card is placed.
- Scoring per sequence: keep the run 1, 2, 3... upward from 1 (cards beyond a gap are set aside);
  a run with a number twice, or with no off-colour card, or with two, scores 0. Run length
  1-5 scores 1/3/5/8/11. The odd ones out of the scoring sequences form one more set: all colours
  different, all numbers different, run from 1 of length 1-5 -> 1/11/22/33/44; a repeated colour
  or number, or no 1, scores 0 extra and the sequences keep their own points.
- The first player is drawn at random (the service cannot count buttons on clothes). Randomness
  comes only from the rng of `setup`; no move after setup draws on the rng.

Decisions where the rulebook and the rulings are silent
- Moves are atomic steps: at the start of a turn draw ("draw"), take a pile's top ("take pile
  1") or start action C ("discard sequence blue" in basic mode, "discard three" in normal mode);
  then each card is placed by its own step. Choices that have one sensible answer are still a
  step, so that the log shows every decision.
- A new sequence starts with a card of its own colour; an off-colour card can only join a
  sequence that already exists (it has nothing to be "odd" against otherwise).
- "Finished" means five or more cards, broken buttons included; a broken button may cover a
  sequence whose top is already a broken button.
- A broken button takes a card of its colour from any of the player's sequences, never another
  broken button. In normal mode the player picks it by sequence and position, and its number
  goes into the box unseen; in basic mode everyone sees it.
- Several broken buttons found in the talon all come into effect, in colour order (red, green,
  blue, pink, yellow); each one for which the player has no card stays in the talon.
- The 25-card limit counts every card in the player's sequences, broken buttons included. From 25
  cards on, the player may only draw from the deck, and whatever they draw (a broken button or
  a surprise too) goes to a discard pile with no effect. Cards taken from the talon are played
  while the player is below 25 and discarded after.
- The surprise can be used only while the talon holds cards.
- A discard pile shows only its top card and its size; the cards under the top stay in the log.
- The talon's contents are shown to the player who uses a surprise, in that player's own log
  line, never in any view; others learn how many cards were taken, and which broken buttons
  found there take a card. A broken button that stays in the talon (its finder has no card of
  its colour) is named to its finder alone: the others read only that nothing is taken, as they
  would had the talon held no card of the surprise's colour.
- Past positions (the history page, the API's states) may not name a number that is covered by
  now, and two positions cannot tell which card of then is which card of now (action C and
  broken buttons from the talon take cards from under a top; a look-alike may take its place).
  So in normal mode, while the game runs, an earlier position shows every card in the sequences
  and in hand by its colour only, the tops of then included; broken and surprise buttons keep
  their names. A position that looks to its viewer just as the table does now, and every
  position of a finished game, show as the view does.
- A card drawn from the deck is seen by its drawer only until it is placed. Removing the top card
  of a sequence in normal mode (action C, a broken button) uncovers the card below, whose number
  is then visible, as it would be on the table.
- Normal mode log lines never name a card that nobody else saw and that may end up covered: a
  play into a sequence names its colour only, and a card drawn from the deck or taken from the
  talon is not named even to its player (the view shows it in hand until it is placed). Cards
  that went through a discard pile were seen by everyone and are named, as at the table.
- A reply is read against the hand of the seat that sends it: another seat's held card never
  completes a move that does not name its card.
- Jokers take the values that give their owner the best total (sequences and extra together);
  among equal totals the smallest values come first; a joker whose sequence already holds 1-5
  gets no value and is set aside.
- Tied totals share the win.
- Take-backs (`reveals`): a step that moves a card of the deck, the talon or the box, or ends
  the game, shows something new, and so does looking into the talon (its player sees it, even
  when nothing is taken). Placing (playing or discarding) a card drawn from the deck shows it,
  and so does placing a card taken from the talon: only their player had seen them. A card
  taken from a pile's top was seen by everyone, and placing it shows nothing new (version 2;
  a version-1 position does not say where the card in hand came from, so there every placing
  of it counts as showing something). In normal mode, discarding a card from a sequence that
  holds another, or a broken button taking the top of one, shows a number nobody has seen
  (on a pile, or uncovered beneath). The rest (taking a pile's top, action C in basic mode,
  starting action C in normal mode, the talon's broken buttons taking a card, the turn
  passing) moves only cards everyone has seen: the cards under a pile's top were each on top
  once, and the log names them.
- skip_move is "does the least": draw from the deck, then discard to pile 1; a forced choice takes
  the first legal option.

Rules versions
- Version 2 (current) plays exactly as version 1; its state also says where the card in hand
  came from (`held_from`: "deck" after a draw, "pile" after taking a pile's top, "" between
  turns and during action C), which the log tells everyone anyway, so that a card taken from
  a pile and placed can be taken back. A version-2 state carries `version` and `held_from`;
  a version-1 state is exactly as it always was, and placing its card in hand is never taken
  back.
"""

from games.dr_gomb.bot import bot_move
from games.dr_gomb.cards import COLOURS, NAME_OF
from games.dr_gomb.notation import format_move, notation_help, parse_move
from games.dr_gomb.rules import (
    CARD_LIMIT,
    apply,
    legal_moves,
    max_players,
    min_players,
    options,
    outcome,
    reshuffle_unseen,
    setup,
    skip_move,
    slug,
    standing,
    title,
    to_act,
    version,
    versions,
)
from games.dr_gomb.view import past_view, reveals, view, view_text
from games.dr_gomb.view.explained import explain
from games.dr_gomb.view.log import describe

# The contract's names and the optional hooks the service looks up, then the card data the
# service's board and examples draw with.
__all__ = [
    "apply",
    "bot_move",
    "describe",
    "explain",
    "format_move",
    "legal_moves",
    "max_players",
    "min_players",
    "notation_help",
    "options",
    "outcome",
    "parse_move",
    "past_view",
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
    "CARD_LIMIT",
    "COLOURS",
    "NAME_OF",
]
