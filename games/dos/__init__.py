"""DOS (Mattel), 2-4 players: match numbers against a growing centre row, shout DOS at two cards.

Rules notes: how the service reads the Polish rulebook (`shared/rulebooks/dos.pl.txt`) and the
DOS section of `shared/RULINGS.md`. Every ruling that applies is named here; where the rulebook
is silent, the decision made is named too. Code: `cards.py` (the deck), `rules/` (setup to the
end of a round; `rules/refusals.py` words why a step is refused), `scoring.py` (the score),
`view/` (what each seat sees, the email picture, the score explained; the log lines in
`view/log.py`), `notation/` (the email notation and its guide), `bot.py` (the strong bot).

Rulings that apply (RULINGS.md):

- Atomic steps. A move is one decision: match one centre card, draw, add one card to the centre
  row, end the turn, call DOS, catch a player. A turn is several steps; `to_act` holds only the
  player whose turn it is.
- Must vs may. The DOS call and the catch are optional moves: `legal_moves` offers them to seats
  outside `to_act` too, and the game never waits for them.
- Real-time rules become windows. Shouting "DOS!" is the call carried by a step, or a step of its
  own; catching is open from the end of the uncalled player's turn until their next step.
- Randomness only from the rng the store hands to `setup`/`apply` (dealer draw, deals, draws).
- Starting player: the rulebook's own rule applies (draw for the deal, the player to the
  dealer's left starts; the round winner deals the next round).
- The deck: 108 cards; per colour three each of 1, 3, 4 and 5 (the transcription drops the 5s),
  two each of 6-10, two wild #; plus 12 wild DOS. 7 cards each, a centre row of 2 face-up cards.
- A turn is matching or drawing. Each centre card takes at most one match: a single number
  match (one card of its number) or a double number match (exactly two cards adding up to it).
  Single colour match (the played card also has its colour): one card added to the centre row at
  the end of the turn. Double colour match (both played cards have its colour): one card added,
  and every other player draws one card.
- Drawing: a player who cannot or will not match draws one card, then may match; without a match
  they must add one card from hand to the centre row.
- End of turn, in order: matched cards (played and centre) to the discard pile; refill the centre
  row to 2; one card from hand to the centre row per colour bonus. No maximum, never fewer than 2.
  The discard pile is shuffled into the deck when the deck runs out.
- Wild DOS is a 2 of any colour; wild # is any number 1-10 of its own colour. The player who plays
  a wild, or matches against one in the centre row, names its colour or value in that move.
- DOS call and catch: a step that leaves a player exactly two cards may carry the call; a player
  who ends a turn holding two cards without having called may be caught by every other player
  until their own next step; the first catch makes them draw 2, which join the hand only after
  their turn if they were caught during it. A late call before anyone catches is fine.
- Round end: the player left with no cards scores the cards in the other hands (after those hands
  drew for a double colour match of that turn): numbers at face value, wild DOS 20, wild # 40.
  First to the target (option `target`, default 200) wins; the round winner deals the next round.

Decisions where the rulebook is silent:

- Cutting for the deal: both wilds count as zero ("cards with a symbol"); tied highest players
  draw again; the cut cards go back before the dealer shuffles. "Left of the dealer" is the next
  seat.
- After drawing, a player may make as many matches as in any turn (one per centre card).
- A player who has matched ends the turn with an explicit "end" step. The turn does not end by
  itself when no further match is possible, since that would tell the others about the hand; it
  ends by itself only when the hand is empty.
- A player may draw even while a match is possible ("cannot or will not"), but not after matching,
  and only once a turn.
- Each double colour match makes every other player draw one card, in seat order from the
  player's left, right after the centre row is refilled and before the bonus cards are added.
- Bonus cards are added one step each; once the hand is empty the remaining bonuses lapse.
- The state keeps no deck order, only the deck's size: a draw takes a random card among those
  in no hand, row or pile, which is what drawing from a shuffled deck amounts to. The discard pile
  becomes the deck at the moment a draw finds the deck empty.
- If the deck and the discard pile are both empty, a draw takes nothing (the turn still counts as
  a drawing turn), the centre row is refilled only as far as cards allow, and forced draws lapse.
- A wild's name lasts for its match only; matched cards leave play. Every way of naming a wild is
  a move of its own (a DOS named blue against a red 7 is legal and simply earns no colour bonus).
- The DOS call can be carried by a match, a draw or an add that leaves exactly two cards, or made
  as a step of its own at any time while holding two cards not yet called for. Any change to the
  hand ends the call (a player back at two cards calls again).
- The catch window opens when a player's turn ends with two uncalled cards and closes at the
  first catch, the player's own next step of any kind, any change to their hand (a forced draw),
  or the end of the round. A player cannot catch themselves.
- Penalty cards drawn during a player's own turn wait beside the hand until the turn ends; a turn
  that ends with penalty cards joining the hand opens no new catch window, and a player with
  penalty cards waiting does not go out by emptying their hand.
- The match ends as soon as a round winner's total reaches the target; only the round winner
  scores, so there is never a tie.
- Hands are kept sorted, so a hand tells nothing about the order its cards came in. The view
  shows the discard pile's size, not its contents.
- Timeout (`skip_move`): the least a player can do is draw, then add the first card of their hand
  (in card order) without calling; after matching, end the turn; for a bonus, add the first card.
- `standing` (for the greedy bot) is the score so far less the points of the cards still held.
- Take-backs (`reveals`): the hands are the only hidden cards, so a step that changes no hand and
  stays in the round (a DOS call, an end of turn with nothing to refill) shows nothing hidden and
  may be taken back; the store refuses any step that drew from the rng.

The strong bot (`bot.py`, `bot_move`):

- It plays on `view(state, seat)` alone. The discard pile's contents are not in the view, so
  the bot does not remember them: every card it cannot see (other hands, the deck, the discard
  pile) is one unseen pool to it, and its rng samples opponent hands from that pool.
- Catching and calling come first: asked to move while someone may be caught, it catches; a
  step that leaves it two cards carries the call, and it calls before ending a turn on two
  uncalled cards. Asked out of turn it only catches or calls, and otherwise refuses.
- Matching: a search over the centre row for the turn's best set of matches (most cards shed,
  then colour bonuses, then the hand best able to match next turn; wilds are kept back unless
  an opponent is close to going out, when the points shed count). A wild is named for the best
  colour bonus its match allows. The search has a budget; once spent, each remaining centre card
  gets its best option still possible, so a move never takes long.
- It draws only when nothing matches, and adds to the centre row the card that keeps its hand
  most able to match, that opponents are least likely to match (weighed by how close each is to
  going out), and that sheds points when an opponent is close to going out.

A finished game's review (games/playouts.py): the deck has no order in the state (a draw takes
a random card of those nowhere else), so the review needs no hook to deal the unseen cards
again; its playouts draw every card from their own rng.

The email notation (`notation.py`):

- A reply line is read into every shape it could have: with or without a trailing call, and
  with either group of cards as the centre card, unless the line says "with" ("match A with
  B": A is the centre card). "B on A" and a line without a joining word are read both ways.
  Each shape is held against the seat's legal moves (`read_meanings`). One move fits: it is
  played. Several fit: the line is refused and the answer spells out each of them, so that
  "play red 7 on blue 7" never silently swaps the roles when both rows hold both cards. The
  refusal names only the replier's own legal moves.
- A card may be named by its number alone ("match 7 with ..."); a wild DOS's colour may follow
  it without "as" ("DOS red"); a wild whose naming is left open is one move per naming, so it
  is read only when the other cards settle it.
- "pass", "take a card" and "pick up a card" draw. Polish: "dopasuj"/"zagraj" (match), "z"
  (with), "na" (on), "i" (and), "jako" (as), "poloz" (match with two groups, add with one
  card), "dodaj" (add), "dobierz"/"pas" (draw), "koniec" (end), "zlap" (catch), and the
  colours in their usual forms. Case and diacritics do not matter.
- Languages: every log line, move as written or listed, refusal, the turn email's picture,
  the score explained and the move guide (notation/help.py) are told through
  games/texts.py, so a reader reads it in Polish (the rulebook's words: "dopasuj", "dobierz",
  "dodaj", "środkowy rząd", "kolejka") or Czech ("spáruj ... pomocí", "lízni si", "přidej",
  "chyť"). A card's colour is declined by its place in the sentence (cards.py: named, taken,
  played with). `notation/words.py` holds the words a reply may use in each language;
  `notation/writing.py` writes moves and folds them for a turn email.
- A turn email folds the legal moves (`move_groups`): one line per centre card, each way of
  matching it once with its wilds named for the best colour bonus; the line's note says when a
  wild could be named otherwise or a match could carry the call. The help reply lists every
  move in full.
"""

from games.dos.bot import bot_move
from games.dos.notation import (
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
    reveals,
    setup,
    side_kinds,
    skip_move,
    slug,
    title,
    to_act,
    version,
)
from games.dos.scoring import outcome, standing
from games.dos.view import describe, explain, view, view_text

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
