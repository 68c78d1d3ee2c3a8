"""Dr. Hrubec: hire a team of crazy doctors, operate on crazy patients, close the hospital.

Rules notes: how the service reads ../shared/rulebooks/dr-hrubec.txt. The card set is one
house-data table in cards.py; the rules are the package rules/ (setup, apply and the turn in its
__init__.py), with who acts and the legal moves in rules/moves.py, the operation in
rules/operation.py, the die, the skills and the final score in rules/scoring.py and the
refusals' words in rules/refusals.py; the views, the email picture and the score in words
are in view/ (the log lines in view/log.py), the email notation in notation/ (the Polish and
Czech words it reads in notation/words.py), the strong bot in bot.py. Every sentence a player
reads is told through games/texts.py, card names as words of the context "dr_hrubec card".

Rules versions (a game keeps the one it started under; see "Versions" at the end):
- 1: calling or admitting a patient ends the turn at once; a forced discard from a hand of one
  kind of card answers itself.
- 2 (new games): the turn goes on after admittance until the player ends it; a forced discard
  is asked whenever the hand holds two cards or more.

Rulings (RULINGS.md) that apply:
- One ordinary six-sided die. An operation succeeds when the die (as the ongoing card reads it)
  plus the team's skill in the chosen specialization, with ongoing effects and modifiers, is at
  least the difficulty. The failed-operation example's roll of "-1" is not reproduced; its
  worked example here is a roll of 1 with stomatology 0 against difficulty 3.
- The draw deck is the doctors not dealt plus the action cards; patients only form the queue.
  With two players the waiting room has 3 places.
- The card set is house data: 25 doctors (the 11 named ones, each with its printed ability,
  and 14 of the project's own), skills -2..+3 and a gender each; M.D. Silicon's alternate skills
  -2, 2, 0, 3 with a woman in his team. 25 patients: ten tier 1 (difficulty 3-5, 1-2 points),
  twelve tier 2 (5-8, 2-4 points), three tier 3 (8-11, 5-6 points), some with two
  specializations, the 12 named ones with their printed effects. 34 action cards: the 11 named
  ones plus Nurse (+2 in your next operation), Bribe (steal a doctor from another player),
  Blackout (the next operation of a player you choose counts no doctors' skills, only the die,
  even with Dr. Acula in that team) and Lucky day (ongoing: a roll of 1 or 2 counts as 3, so
  Butcher never fires under it).
- Morning administration is optional: draw (with fewer than 5 cards), hire a doctor, or skip.
- "You can play action cards anytime during your turn" (version 2): calling a patient from the
  queue or admitting one no longer ends the turn. The player may still play action cards and
  then ends the turn ("end"), as Dr. Watt admits a patient "and ends her turn"; after an
  operation likewise. The end is automatic only when the player holds no action card that
  could be played (see the decisions for when exactly).
- Castling is simultaneous: every player with a doctor is in `to_act` and picks in secret; the
  picks stay hidden from the others (view and log) until the last one has chosen, then all
  doctors pass left at once. Dr. Incognito may be passed.
- Game end and scoring as printed: cured points minus 2 per patient in your morgue.
- Moves are atomic steps; all randomness (shuffles, the die) comes from the rng; the first
  player is drawn at random (the rulebook names no rule for it).

Decisions where the rulebook is silent:
- Seats sit clockwise in join order: the player to your left is the next seat, the player to
  your right the previous one.
- The starting doctor is dealt into the hand; doctors count only once hired into an office.
- Action cards are played only on your own turn, while no question is open and no Castling is
  under way, and never in the closing round. After the roll the surgeon may still play action
  cards (they count for later operations) and ends the turn with "end"; so may a player after
  admittance (version 2; version 1 ended the turn there at once). A patient admitted this turn
  may be sent off again by the player's own cards (Lunch break, Holiday, Euthanasia).
- Fair play decides what the rules may do by themselves: a step the game takes without asking
  changes whom it waits for, which everyone sees, so it may hang only on what everyone can
  already see. The turn therefore ends by itself only with an empty hand or in the closing
  round (no action card can be played, and everyone can tell); a hand of doctors only, or of
  cards with nothing to act on, still waits for "end", since ending at once would tell the
  table that the hand holds no playable card. That keeps to "automatic only when the player
  holds no action card that could be played".
- A patient who leaves your table before the roll (Lunch break, Holiday, Euthanasia, Dr. Hrubec
  on duty) means no operation this turn, and no morning administration or admittance either:
  the turn goes on as after a roll.
- An action card can be played only when it has something to act on (Castling needs a doctor in
  some team, Dr. Hrubec on duty a patient on a table, Heart attack a waiting patient...). Any
  such card may be played just to make room in the hand, as Ester does.
- Dr. Acula shields his team's patient from other players' action cards: Euthanasia cannot pick
  it and Holiday cannot send a patient onto that table. Your own cards still work on your own
  patient, ongoing cards (which change teams and dice, not patients) reach his team, Blackout and
  Dr. Hrubec on duty reach it as printed, and effects of doctors and patients are not action
  cards. Bribe may steal Dr. Acula himself (Dr. Watt's example).
- Dr. Incognito cannot be stolen, moved or discarded by any effect (Bribe, Heroic act, Alien,
  Infected prostitute, Exhibitionist, Schizoid, the discard a fifth doctor forces). Firing him to
  make room when hiring is a rule, not an effect, and is allowed; Castling may pass him.
- M.D. Silicon is a man, so "a woman in your team" means another doctor.
- Nurse and Heroic act each give +2 to the total of the player's next operation, whenever it
  comes, and add up. A Blackout operation counts the die alone (as an ongoing dice card reads
  it): no skills, no ongoing skill changes, no bonus. The operation uses up bonuses and blackout.
- Bribe needs a free office (fewer than 4 doctors), as Exhibitionist and Schizoid print.
  Holiday needs another player's empty table; Lunch break a free place in the waiting room.
  Blackout and Holiday name another player. Alien discards another doctor in play, anyone's.
  Heroic act discards one of your own doctors.
- The Alcoholic staggers to the right only once a game: failing him again, wherever he lies,
  sends him out of the game as when the right-hand table is taken. As printed, two teams that
  can never reach his difficulty would pass him between their tables forever (a random 2-player
  game did exactly that), since a surgeon with a patient must operate and cannot hire.
- A failed operation resolves in this order: where the patient goes (Alcoholic's own rule, else
  Butcher's on a natural 1 without Alternative treatment or Lucky day, else with the Lawyer to
  the morgue of a player the surgeon names, else the own morgue); the Lawyer moves alone when the
  patient went elsewhere; then the patient's effect; then the doctors' effects in office order
  (M.D. Brutal, Young Intern). A successful one: the patient to the cured pile (One body, no head
  to the morgue of a player the surgeon names), the patient's effect, then Gate keeper and Alpine
  Doctor. A doctor whose effect comes after he left the team does nothing.
- A doctor who moves to a player with four doctors (Lawyer, Alpine Doctor, Young Intern) makes
  that player discard one of the five, the newcomer included (never Dr. Incognito); that player
  decides.
- Effects are compulsory where possible (steals, discards); Siamese twins may be declined.
  An effect with nothing to act on is skipped. A question with one possible answer answers
  itself when everyone can see it has one (one other player to send to, a one-card hand to
  discard from, one doctor to pass). A forced discard (Fracture, Blisters, Constipation) from a
  hand of two cards or more is asked even when they are all one kind (Nurse, Nurse): answering
  it would show the others the rest of the hand, and the hand holding two copies is exactly
  what they cannot see. A one-card hand answers itself: its size is public, and the card
  discarded is shown to everyone either way. (Version 1 answered any one-kind hand itself.)
- An empty draw deck is refilled from the shuffled discard pile at the moment a card must be
  drawn; with both empty nothing is drawn (and the morning draw is not offered).
- Patients never enter the discard pile: "discard a patient from the game" puts it out of the
  game (a public pile); unused patients stay in the box, unseen.
- The closing round: after the closing card, one pass clockwise, starting left of the player
  who turned it up; each player whose table holds a patient when their turn in the pass comes
  operates once, with no action cards (effects still apply). Patients left on tables or in the
  waiting room after it score nothing.
- A new ongoing card always replaces the one in play, even one of the same name.
- Tied players all win; the rulebook names no tiebreak.
- Hidden: other hands (their sizes are public), the queue order (its backs show the tiers), the
  deck order, the unused patients, Castling picks until all are in. The discard pile is public,
  and so are the effects still to be carried out and whether the Alcoholic has staggered (the
  view shows them; they follow from cards on the table).
- A finished game's review (`sample_unseen`, rules/sampling.py) plays on from past positions
  with the unseen cards dealt again: the deck shuffled, and each tier's patients in the queue
  drawn anew from that tier's queue and box. A fork (`reshuffle_unseen`) shuffles only the
  deck, as it always has.
- Take-backs (`reveals`): a step shows something new when it changes a hand (a card drawn
  into it, or hired, played or discarded from it), the deck, the queue (its next patient turns
  up) or the unused patients, rolls the die, ends a Castling (the picks show as the doctors
  pass) or ends the game. Skipping, admitting a waiting patient, ending a turn, answering
  about doctors and patients on the tables, declining Siamese twins and a Castling pick while
  others still choose move only what everyone sees, and may be taken back.
- At a deadline (`skip_move`) morning administration does neither, the pause after the roll or
  after admittance ends the turn and Siamese twins' offer is declined; admittance, operations,
  Castling picks and other questions cannot be skipped.

Versions: a game started under version 1 keeps it for life, its state byte for byte as before
(it carries no "version" key; version-2 states carry "version": 2). The module branches on the
state's version where the two differ: after admittance (rules.end_admittance) and whether a
one-answer discard answers itself (rules.answers_itself).

The strong bot (`bot_move`, bot.py) plays on `view(state, seat)` alone, as the absent player
could: it deals the cards that seat cannot see at random, consistently with the view, and
tries every legal move one step ahead, valuing positions by public facts and its own hand.
"""

from games.dr_hrubec.bot import bot_move
from games.dr_hrubec.notation import format_move, notation_help, parse_move
from games.dr_hrubec.rules import (
    apply,
    max_players,
    min_players,
    options,
    reshuffle_unseen,
    reveals,
    setup,
    skip_move,
    slug,
    title,
    version,
    versions,
)
from games.dr_hrubec.rules.moves import legal_moves, to_act
from games.dr_hrubec.rules.sampling import sample_unseen
from games.dr_hrubec.rules.scoring import outcome, standing
from games.dr_hrubec.view import describe, explain, view, view_text

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
    "reshuffle_unseen",
    "reveals",
    "sample_unseen",
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
