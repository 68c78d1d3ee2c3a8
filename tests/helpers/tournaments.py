"""Small helpers to run tournaments through their services, as players and bots would."""

from __future__ import annotations

from datetime import timedelta

from games import Rng
from tabletop.play import clock, store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game
from tabletop.tournaments import entries
from tabletop.tournaments.models import RoundGame, Tournament


def signed_up(organiser, players: list, slug: str, **settings) -> Tournament:
    """A tournament with `players` joined, still open for sign-up."""
    settings.setdefault("signup_deadline", clock.now() + timedelta(days=7))
    tournament = entries.create_tournament(organiser, f"{slug} cup", slug, **settings)
    if tournament.private:
        entries.invite(tournament, organiser, players)
    for player in players:
        entries.join_tournament(tournament, player)
    return tournament


def games_of_round(tournament: Tournament, number: int | None = None) -> list[Game]:
    tournament.refresh_from_db()
    number = number or tournament.current_round
    links = RoundGame.objects.filter(round__tournament=tournament, round__number=number)
    return [link.game for link in links.select_related("game").order_by("table")]


def finish_with_bots(game: Game, steps_by_people: int = 4, seed: str = "people") -> Game:
    """A few steps as the seated players would make them, then the strong bot takes every
    seat and plays the game to its end (in the store, as a seat given to the bot plays)."""
    play_bot_steps(game, Rng(f"{seed}-{game.pk}"), steps_by_people)
    for position in range(game.players):
        store.hand_seat_to_bot(game.pk, position)
    game.refresh_from_db()
    return game


def finish_round(tournament: Tournament, seed: str = "people") -> list[Game]:
    """Every running game of the current round finished by bots (finish_with_bots); the last
    one's end seats the next round by itself. The round's games, finished."""
    number = tournament.current_round
    for game in games_of_round(tournament, number):
        if game.status == Game.Status.ACTIVE:
            finish_with_bots(game, seed=seed)
    tournament.refresh_from_db()
    return games_of_round(tournament, number)


def hand_count(tournament: Tournament) -> dict[int, float]:
    """Each player's points counted from the games themselves (their stored outcomes, by
    placing) and the byes logged: the standings' sum done another way."""
    from tabletop.tournaments.models import TournamentEvent
    from tabletop.tournaments.standings import BYE_POINTS, placing_points

    points = {entry.player_id: 0.0 for entry in tournament.entries.all()}
    links = RoundGame.objects.filter(round__tournament=tournament).select_related("game")
    for link in links:
        game = link.game
        if not game.is_over:
            continue
        seats = list(game.seats.order_by("position").values_list("user_id", flat=True))
        earned = placing_points(game.outcome["scores"], game.outcome["winners"])
        for user_id, value in zip(seats, earned, strict=True):
            points[user_id] += value
    for event in tournament.events.filter(kind=TournamentEvent.Kind.SEATED):
        for player in event.data["byes"]:
            points[player] += BYE_POINTS
    return points
