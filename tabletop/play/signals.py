"""What the store announces. The rooms above play (mail, and later chat or webhooks) listen.

Every signal is sent inside the transaction that made it true, with `send` (not
`send_robust`): a receiver's rows commit or roll back together with the move, and a receiver
that fails refuses the move rather than leaving it told to nobody. Receivers must therefore be
quick and must not call out of the process; anything slow goes through a row a worker claims
after commit (the mail outbox does exactly that).

- `seats_waiting(game, seats)`: the listed seats newly have to act (a turn starts for each).
- `game_ended(game)`: the game just finished; `game.outcome` is set.
- `timeout_applied(game, seat, source, moves)`: a seat's deadline passed and the game's
  timeout policy was applied to it as the logged `moves` (`source` says which policy).
- `game_imported(game)`: a finished game from another server's export was stored
  (`store.import_finished_game`); it ended elsewhere, so nobody is told and nobody rated.
- `taken_back(game, move)`: a player took back steps (`move` is the logged take-back); the
  seats waited for again are announced with `seats_waiting` as well.
- `vote_called(game, vote)`: a question was put to the table (a Vote still open).
- `player_invited(invitation)`: someone was asked to take a seat at an open table.
- `table_cancelled(game)`: the creator called off a table before it started; its seated
  players and the invitations still holding seats are who should hear of it.
- `talk_said(message)`: a player said something at a game's table (a ChatMessage); talk is
  no move, and this is sent from play/chat.py in the transaction that keeps the message.
- `talk_hidden(message)`: a moderator hid a line of talk (play/reports.py); whatever still
  waits to tell it should not.
- `comment_hidden(comment)`: a moderator hid a comment on a step (play/reports.py); the same.
- `comment_written(comment)`: someone commented on a step of a finished game (a
  StepComment); sent from play/comments.py in the transaction that keeps it.
- `logs_checked(dry_run)`: sent by `manage.py verify_log` once the games' logs are checked
  (without `--game`): each room above play that keeps a log of its own (tournaments) checks
  it against what it projected, repairs it unless `dry_run`, and returns a list of
  `(name, problems)` pairs, one per log that differed; play itself knows nothing of them.

The sender is always the Game class (Invitation for `player_invited`, ChatMessage for
`talk_said` and `talk_hidden`, StepComment for `comment_written`).
"""

from django.dispatch import Signal

seats_waiting = Signal()
game_ended = Signal()
timeout_applied = Signal()
taken_back = Signal()
vote_called = Signal()
player_invited = Signal()
table_cancelled = Signal()
talk_said = Signal()
talk_hidden = Signal()
comment_hidden = Signal()
comment_written = Signal()
game_imported = Signal()
logs_checked = Signal()
