"""What a tournament announces; the rooms above it (mail) listen and tell the players.

Sent inside the transaction that made it true (as play's signals are), with `send`: a
receiver's rows commit or roll back with it.

- `round_started(tournament, round)`: a round was seated and its games started.
- `game_seated(tournament, round, game, players)`: a player's new game of the tournament
  (`players` are the users at its table, in seat order): "your new game".
- `player_dropped(tournament, entry, reason)`: a player was dropped (withdrew, timed out
  repeatedly, or by the organiser); `entry.drop_reason` says why, as logged.
- `tournament_over(tournament, winners)`: the last round ended; `winners` are the users
  placed first in the standings.
- `tournament_cancelled(tournament)`: called off before it started (by its organiser, or at
  the sign-up deadline with too few players).

The sender is always the Tournament class.
"""

from django.dispatch import Signal

round_started = Signal()
game_seated = Signal()
player_dropped = Signal()
tournament_over = Signal()
tournament_cancelled = Signal()
