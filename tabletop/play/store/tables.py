"""Tables before play: creating a game, taking its seats (invitations hold some),
cancelling a table that has not started, starting a game once seated, and a rematch.

Apart because seating is a different question from play: nothing here moves a piece but the
bots that open a started game.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import games
from games import IllegalMove, RandomStream
from games.base import check_player_count, player_names, resolve_options
from tabletop.accounts import blocks
from tabletop.accounts.bots import bot_player
from tabletop.play import signals, stamps, texts
from tabletop.play.models import Game, Seat
from tabletop.play.store.errors import GameNotActive, NotASeat, NotInvited, Refused
from tabletop.play.store.locks import lock_game
from tabletop.play.store.moves import advance
from tabletop.play.store.projection import bot_seats, project
from tabletop.play.store.replays import set_up


def create_game(
    creator: AbstractBaseUser,
    slug: str,
    players: int,
    options: dict | None = None,
    *,
    days_per_move: int = 3,
    reminder_hours: list[int] | None = None,
    timeout_policy: str = Game.Timeout.BOT,
    join: bool = True,
    fill_with_bots: bool = False,
    private: bool = False,
) -> Game:
    """A new open game; the creator takes the first seat unless `join` is False.

    `fill_with_bots` seats the computer in every other seat, so the game starts at once.
    A `private` table seats only the players invited to it (invitations.py).
    """
    try:
        rules = games.get(slug)
    except KeyError as error:
        raise Refused(error.args[0]) from None
    try:
        check_player_count(rules, player_names(int(players)))
        resolved = resolve_options(rules.options, options)
    except IllegalMove as refusal:
        raise Refused(texts.in_active_language(refusal.reason)) from None
    if timeout_policy not in Game.Timeout.values:
        raise Refused(
            gettext("Timeout policy must be one of: %(policies)s.")
            % {"policies": ", ".join(Game.Timeout.values)}
        )
    if not 1 <= int(days_per_move) <= 60:
        raise Refused(gettext("Days per move must be between 1 and 60."))
    ladder = sorted({int(h) for h in (reminder_hours if reminder_hours is not None else [24, 2])})
    if any(h <= 0 or h >= int(days_per_move) * 24 for h in ladder):
        raise Refused(gettext("Reminders must fall between the start of a turn and its deadline."))
    with transaction.atomic():
        game = Game.objects.create(
            slug=slug,
            options=resolved,
            players=int(players),
            rules_version=rules.version,
            created_by=creator,
            days_per_move=int(days_per_move),
            reminder_hours=sorted(ladder, reverse=True),
            timeout_policy=timeout_policy,
            private=bool(private),
        )
        stamps.game_changed(game.pk)  # the creator's dashboard lists it
        if join or fill_with_bots:
            _take_seat(game, creator)
        for number in range(1, game.players) if fill_with_bots else ():
            _take_seat(game, bot_player(number), is_bot=True)
    return game


def join_game(game: Game, user: AbstractBaseUser) -> Seat:
    """Take the next free seat; the game starts when the last seat is taken.

    An invited player takes the seat their invitation holds (accepting it); anyone else only
    a seat that no invitation holds, and only at a table that is not private.
    """
    with transaction.atomic():
        game = lock_game(game.pk)
        if game.status == Game.Status.CANCELLED:
            raise GameNotActive(gettext("This table was cancelled before it started."))
        if game.status != Game.Status.OPEN:
            raise GameNotActive(gettext("This game is not open for joining any more."))
        if game.seats.filter(user=user).exists():
            raise Refused(gettext("You already have a seat in this game."))
        _check_not_blocked(game, user)
        if not game.invitations.for_player(user).holding_seats().exists():
            _check_a_seat_is_free(game)
        seat = _take_seat(game, user)
    return seat


def seats_free(game: Game) -> int:
    """The seats nobody sits in and no invitation holds: the ones anyone may take."""
    held = game.invitations.holding_seats().count()
    return max(0, game.players - game.seats.count() - held)


def _check_not_blocked(game: Game, user) -> None:
    """Nobody takes a seat at a table whose creator or one of whose players blocks them; the
    refusal names nobody, so that they do not learn who it was."""
    at_the_table = [game.created_by_id, *game.seats.values_list("user_id", flat=True)]
    if blocks.anyone_blocks(at_the_table, user):
        raise NotASeat(gettext("You cannot join this table."))


def _check_a_seat_is_free(game: Game) -> None:
    if game.private:
        raise NotInvited(
            gettext("This table is private: only the players invited to it take its seats.")
        )
    if not seats_free(game):
        raise GameNotActive(
            gettext(
                "Every free seat at this table is held for an invited player; a seat opens if "
                "an invitation is declined or withdrawn."
            )
        )


def _take_seat(game: Game, user, is_bot: bool = False) -> Seat:
    position = game.seats.count()
    seat = Seat.objects.create(game=game, position=position, user=user, is_bot=is_bot)
    stamps.game_changed(game.pk, [user.pk])  # their dashboard lists the game from now on
    _accept_invitation(game, user)
    if game.seats.count() == game.players:
        start_play(game)
    return seat


def _accept_invitation(game: Game, user) -> None:
    """Taking a seat accepts the invitation that held it (and names the player on it)."""
    game.invitations.for_player(user).holding_seats().update(accepted=timezone.now(), user=user)


def cancel_game(game: Game, user: AbstractBaseUser) -> Game:
    """The creator calls off a table that has not started; its seats and invitations stay
    as they were, for the page to tell what became of the table."""
    with transaction.atomic():
        game = lock_game(game.pk)
        if game.created_by_id != user.pk:
            raise NotASeat(
                gettext("Only %(name)s, who set this table, can cancel it.")
                % {"name": game.created_by.get_username()}
            )
        if game.status == Game.Status.CANCELLED:
            raise GameNotActive(gettext("This table is cancelled already."))
        if game.status != Game.Status.OPEN:
            raise GameNotActive(
                gettext("This game has started, so it can no longer be cancelled; resign instead.")
            )
        game.status = Game.Status.CANCELLED
        game.finished = timezone.now()
        game.save(update_fields=["status", "finished"])
        signals.table_cancelled.send(sender=Game, game=game)
    return game


def start_rematch(game: Game) -> Game:
    """The same table again, started: the same players in the same seats, the same options
    and time control, a new seed; private, since its players are chosen."""
    rules = game.rules
    try:
        options = resolve_options(rules.options, game.options)
    except IllegalMove as refusal:
        raise Refused(texts.in_active_language(refusal.reason)) from None
    with transaction.atomic():
        rematch = Game.objects.create(
            slug=game.slug,
            options=options,
            players=game.players,
            rules_version=rules.version,
            created_by=game.created_by,
            days_per_move=game.days_per_move,
            reminder_hours=game.reminder_hours,
            timeout_policy=game.timeout_policy,
            private=True,
            rematch_of=game,
        )
        stamps.game_changed(rematch.pk)
        for seat in game.seats.order_by("position"):
            Seat.objects.create(
                game=rematch, position=seat.position, user=seat.user, is_bot=seat.is_bot
            )
        start_play(rematch)
    return rematch


def start_seated_game(
    creator: AbstractBaseUser,
    slug: str,
    players: list,
    options: dict | None = None,
    *,
    days_per_move: int = 3,
    timeout_policy: str = Game.Timeout.BOT,
    private: bool = False,
) -> Game:
    """A game whose players were chosen elsewhere (a tournament's seating), started at once:
    `players` take the seats in order. Nobody joins it and nobody is asked; the refusals a
    table's door gives (blocks, invitations) were the seating's to weigh."""
    rules = games.get(slug)
    try:
        check_player_count(rules, player_names(len(players)))
        resolved = resolve_options(rules.options, options)
    except IllegalMove as refusal:
        raise Refused(texts.in_active_language(refusal.reason)) from None
    with transaction.atomic():
        game = Game.objects.create(
            slug=slug,
            options=resolved,
            players=len(players),
            rules_version=rules.version,
            created_by=creator,
            days_per_move=int(days_per_move),
            reminder_hours=[24, 2] if int(days_per_move) > 1 else [2],
            timeout_policy=timeout_policy,
            private=bool(private),
        )
        for position, user in enumerate(players):
            Seat.objects.create(game=game, position=position, user=user)
        start_play(game)
    return game


def start_play(game: Game) -> None:
    """Set the game up and open play: the first position projected, then the bots' steps
    until a person has to act."""
    stream = RandomStream(game.seed, game.random_scheme)
    state = set_up(game, stream)
    game.random_events = stream.events
    game.status = Game.Status.ACTIVE
    game.started = timezone.now()
    project(game, state, previously_waiting=[])
    game.save()
    if set(game.to_act) & set(bot_seats(game)):
        advance(game, [])  # the bots move until a person has to
