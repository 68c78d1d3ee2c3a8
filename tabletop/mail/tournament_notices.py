"""Who hears what a tournament did, on the channels each player chose for "tournament":

- a round seated: every player at a table of it hears of their new game (who they play, the
  link) and of the round's deadline; a player sitting the round out hears of the bye;
- a player dropped: that player, with the reason as logged, and the organiser;
- the end: every player, with the winners and their own place;
- called off before its start: every player who had joined.

Each row is written in the transaction of what it tells (tournaments' signals are sent inside
it), so nothing is told of a seating or a drop that rolled back. The row's context holds the
words it tells, so the email, the webhook and the notification say the same.
"""

from __future__ import annotations

from tabletop.accounts import links
from tabletop.mail import outbox
from tabletop.mail.models import Outbox

KIND = Outbox.Kind.TOURNAMENT


def about(tournament) -> dict:
    return {
        "tournament": tournament.pk,
        "tournament_name": tournament.name,
        "tournament_url": links.absolute(links.tournament_path(tournament.pk)),
    }


def tell(users, game=None, **context) -> None:
    """Email (where wanted) and the other channels chosen, for each of these players."""
    for user in users:
        outbox.queue(KIND, game, user, **context)
        # Keyed by seat, and a tournament's news is told to no seat: one player per call.
        outbox.queue_for_channels(KIND, game, {None: user}, **context)


def tell_of_a_new_game(tournament, played_round, game, players) -> None:
    names = [player.get_username() for player in players]
    for player in players:
        others = [name for name in names if name != player.get_username()]
        tell(
            [player],
            game,
            news="new-game",
            round=played_round.number,
            rounds=tournament.rounds,
            opponents=others,
            round_deadline=played_round.deadline.isoformat(),
            game_url=links.absolute(links.game_path(game.pk)),
            **about(tournament),
        )


def tell_of_byes(tournament, played_round, byes) -> None:
    tell(
        byes,
        news="bye",
        round=played_round.number,
        rounds=tournament.rounds,
        round_deadline=played_round.deadline.isoformat(),
        **about(tournament),
    )


def tell_of_a_drop(tournament, entry, reason: str) -> None:
    told = [entry.player]
    if tournament.organiser_id != entry.player_id:
        told.append(tournament.organiser)
    tell(
        told,
        news="dropped",
        dropped=entry.player.get_username(),
        reason=reason,
        **about(tournament),
    )


def tell_of_the_end(tournament, winners, places: dict[int, int]) -> None:
    names = [winner.get_username() for winner in winners]
    for entry in tournament.entries.select_related("player"):
        tell(
            [entry.player],
            news="over",
            winners=names,
            place=places.get(entry.player_id),
            **about(tournament),
        )


def tell_of_cancelling(tournament) -> None:
    players = [entry.player for entry in tournament.entries.select_related("player")]
    tell(players, news="cancelled", **about(tournament))
