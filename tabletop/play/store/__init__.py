"""The only writer of moves and projections, and its one door.

Every state change of a game goes through here: create, join, cancel, submit, resign, the
system's steps at a deadline, take-backs, votes, the record of the table's webhooks, starting
a rematch or a fork, a tournament's seated games and their adjudication at a round's
deadline, importing a finished game, and rebuilding projections from the log. A
submission runs in one transaction: lock the game row, check the seat, apply the rules on a
copy, append Move(seq=n+1), update the projection and deadlines, and announce what happened
(`tabletop.play.signals`); listeners such as mail write their rows in the same transaction.

Each concern is a module of this package; callers use the names below as `store.<name>` and
never reach into the modules (their insides may move between them).
"""

from tabletop.play.store.adjudications import ROUND_DEADLINE, adjudicate
from tabletop.play.store.deadlines import on_clock_settings_changed
from tabletop.play.store.departures import hand_seat_to_bot, hand_seats_to_bot, retell_games_of
from tabletop.play.store.errors import (
    GameNotActive,
    NeedsAgreement,
    NotASeat,
    NotInvited,
    Refused,
    StaleMove,
)
from tabletop.play.store.events import (
    RESIGN,
    TABLE_EVENTS,
    TAKE_BACK,
    VOTE_EVENTS,
    decided_text,
    is_take_back,
    moves_named,
    question_text,
)
from tabletop.play.store.forked_games import fork_game
from tabletop.play.store.imported_games import import_finished_game
from tabletop.play.store.locks import read_with_seats, seats_with_players, with_players
from tabletop.play.store.log_lines import tell, viewers
from tabletop.play.store.moves import resign, submit, submit_lines
from tabletop.play.store.projection import bot_seats, resigned_seats
from tabletop.play.store.recent import REACH as RECENT_REACH
from tabletop.play.store.recent import (
    Recent,
    has_recent_moves,
    keep_recent_moves,
    moves_after,
    recent_moves,
)
from tabletop.play.store.replays import history, initial_state, random_stream, replay, replay_log
from tabletop.play.store.table_webhooks import log_webhook_change
from tabletop.play.store.tables import (
    cancel_game,
    create_game,
    join_game,
    seats_free,
    start_rematch,
    start_seated_game,
)
from tabletop.play.store.takebacks import (
    CHOSEN,
    TakeBackAnswer,
    can_take_back,
    plan_take_back,
    take_back,
    take_back_answer,
)
from tabletop.play.store.timeouts import time_out, time_out_due
from tabletop.play.store.verification import rebuild_projection, verify
from tabletop.play.store.vote_rows import VOTE_DAYS
from tabletop.play.store.votes import (
    answer_vote,
    call_vote,
    close_expired_votes,
    open_vote_for,
    take_back_or_ask,
)

__all__ = [
    "CHOSEN",
    "RESIGN",
    "RECENT_REACH",
    "Recent",
    "ROUND_DEADLINE",
    "TABLE_EVENTS",
    "TAKE_BACK",
    "VOTE_DAYS",
    "VOTE_EVENTS",
    "GameNotActive",
    "NeedsAgreement",
    "NotASeat",
    "NotInvited",
    "Refused",
    "StaleMove",
    "TakeBackAnswer",
    "adjudicate",
    "answer_vote",
    "bot_seats",
    "call_vote",
    "can_take_back",
    "cancel_game",
    "close_expired_votes",
    "create_game",
    "fork_game",
    "hand_seat_to_bot",
    "hand_seats_to_bot",
    "has_recent_moves",
    "history",
    "import_finished_game",
    "is_take_back",
    "initial_state",
    "join_game",
    "keep_recent_moves",
    "log_webhook_change",
    "moves_after",
    "on_clock_settings_changed",
    "open_vote_for",
    "plan_take_back",
    "recent_moves",
    "decided_text",
    "moves_named",
    "question_text",
    "random_stream",
    "read_with_seats",
    "rebuild_projection",
    "replay",
    "replay_log",
    "resign",
    "resigned_seats",
    "retell_games_of",
    "seats_free",
    "seats_with_players",
    "start_rematch",
    "start_seated_game",
    "submit",
    "submit_lines",
    "take_back",
    "take_back_answer",
    "take_back_or_ask",
    "tell",
    "time_out",
    "time_out_due",
    "verify",
    "with_players",
    "viewers",
]
