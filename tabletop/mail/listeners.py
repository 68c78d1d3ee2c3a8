"""Mail listens to what the store announces (tabletop.play.signals) and queues who is told.

Each receiver runs inside the transaction of the move that caused it, so the outbox rows it
writes commit or roll back with that move; the worker sends them after commit.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tabletop.accounts.signals import account_deleted, data_asked
from tabletop.mail import comment_notices, outbox, tournament_notices
from tabletop.mail.models import Outbox, TableWebhook
from tabletop.play import signals
from tabletop.tournaments import signals as tournament_signals
from tabletop.tournaments.models import TournamentEvent
from tabletop.tournaments.results import standings_of


def tell_seats_it_is_their_turn(sender, game, seats, **_) -> None:
    outbox.queue_turns(game, seats)


def tell_everyone_the_game_is_over(sender, game, **_) -> None:
    outbox.queue_game_over(game)


def tell_everyone_what_a_deadline_did(sender, game, seat, source, moves, **_) -> None:
    outbox.queue_timeout(game, seat, source, moves)


def ask_the_table(sender, game, vote, **_) -> None:
    outbox.queue_vote(game, vote)


def send_the_invitation(sender, invitation, **_) -> None:
    outbox.queue_invitation(invitation)


def tell_the_table_it_is_cancelled(sender, game, **_) -> None:
    outbox.queue_table_cancelled(game)


def tell_the_table_what_was_said(sender, message, **_) -> None:
    outbox.queue_chat(message)


def keep_quiet_about_what_was_hidden(sender, message, **_) -> None:
    outbox.forget_talk(message)


def tell_the_table_of_a_comment(sender, comment, **_) -> None:
    comment_notices.tell_the_table(comment)


def keep_quiet_about_a_hidden_comment(sender, comment, **_) -> None:
    comment_notices.forget(comment)


def tell_of_the_byes(sender, tournament, round, **_) -> None:
    seating = tournament.events.filter(kind=TournamentEvent.Kind.SEATED).last()
    byes = list(get_user_model().objects.filter(pk__in=seating.data["byes"]))
    if byes:
        tournament_notices.tell_of_byes(tournament, round, byes)


def tell_of_a_new_game(sender, tournament, round, game, players, **_) -> None:
    tournament_notices.tell_of_a_new_game(tournament, round, game, players)


def tell_of_a_drop(sender, tournament, entry, reason, **_) -> None:
    tournament_notices.tell_of_a_drop(tournament, entry, reason)


def tell_of_the_end(sender, tournament, winners, **_) -> None:
    places = {row.player: row.rank for row in standings_of(tournament)}
    tournament_notices.tell_of_the_end(tournament, winners, places)


def tell_of_cancelling(sender, tournament, **_) -> None:
    tournament_notices.tell_of_cancelling(tournament)


def connect_tournaments() -> None:
    tournament_signals.round_started.connect(tell_of_the_byes, dispatch_uid="mail-t-byes")
    tournament_signals.game_seated.connect(tell_of_a_new_game, dispatch_uid="mail-t-game")
    tournament_signals.player_dropped.connect(tell_of_a_drop, dispatch_uid="mail-t-drop")
    tournament_signals.tournament_over.connect(tell_of_the_end, dispatch_uid="mail-t-over")
    tournament_signals.tournament_cancelled.connect(
        tell_of_cancelling, dispatch_uid="mail-t-cancelled"
    )


def connect() -> None:
    connect_tournaments()
    signals.seats_waiting.connect(tell_seats_it_is_their_turn, dispatch_uid="mail-turns")
    signals.game_ended.connect(tell_everyone_the_game_is_over, dispatch_uid="mail-game-over")
    signals.timeout_applied.connect(tell_everyone_what_a_deadline_did, dispatch_uid="mail-timeout")
    signals.player_invited.connect(send_the_invitation, dispatch_uid="mail-invitation")
    signals.vote_called.connect(ask_the_table, dispatch_uid="mail-vote")
    signals.table_cancelled.connect(
        tell_the_table_it_is_cancelled, dispatch_uid="mail-table-cancelled"
    )
    signals.talk_said.connect(tell_the_table_what_was_said, dispatch_uid="mail-talk-said")
    signals.talk_hidden.connect(keep_quiet_about_what_was_hidden, dispatch_uid="mail-talk-hidden")
    signals.comment_written.connect(tell_the_table_of_a_comment, dispatch_uid="mail-comment")
    signals.comment_hidden.connect(
        keep_quiet_about_a_hidden_comment, dispatch_uid="mail-comment-hidden"
    )
    account_deleted.connect(forget_the_former_player, dispatch_uid="mail-account-deleted")
    data_asked.connect(table_webhooks_owned_by, dispatch_uid="mail-my-data")


def forget_the_former_player(sender, user, **_) -> None:
    """Nothing more goes to a deleted account, and the tables stop posting where they chose."""
    TableWebhook.objects.filter(owner=user).delete()
    waiting = (Outbox.Status.PENDING, Outbox.Status.HELD)
    Outbox.objects.filter(user=user, status__in=waiting).update(status=Outbox.Status.SKIPPED)


def table_webhooks_owned_by(sender, user, **_) -> dict:
    """A player's own data: the tables' webhooks that are theirs."""
    hooks = TableWebhook.objects.filter(owner=user).order_by("game_id")
    return {
        "table_webhooks": [
            {"game": hook.game_id, "url": hook.url, "format": hook.format, "active": hook.active}
            for hook in hooks
        ]
    }
