"""What the API reads and what it answers with."""

from __future__ import annotations

from rest_framework import serializers

import games
from tabletop.play.models import Game


class CreateGameSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=list(games.slugs()))
    players = serializers.IntegerField(min_value=1, max_value=8)
    options = serializers.DictField(required=False, default=dict)
    days_per_move = serializers.IntegerField(required=False, default=3)
    reminder_hours = serializers.ListField(
        child=serializers.IntegerField(), required=False, default=[24, 2]
    )
    timeout_policy = serializers.ChoiceField(
        choices=Game.Timeout.values, required=False, default=Game.Timeout.BOT
    )


class SubmitMoveSerializer(serializers.Serializer):
    move = serializers.JSONField()
    expected_seq = serializers.IntegerField(min_value=0)


def seat_summary(game: Game) -> list[dict]:
    return [
        {
            "position": seat.position,
            "player": seat.user.get_username(),
            "deadline": seat.deadline,
        }
        for seat in game.seats.select_related("user")
    ]


def game_summary(game: Game) -> dict:
    return {
        "id": game.pk,
        "game": game.slug,
        "title": game.title,
        "status": game.status,
        "players": game.players,
        "seq": game.seq,
        "to_act": game.to_act,
        "seats": seat_summary(game),
    }


def game_detail(game: Game, user) -> dict:
    """The game as `user` may see it: their view and legal moves, or a spectator's."""
    seat = game.seat_of(user)
    detail = {
        **game_summary(game),
        "options": game.options,
        "your_seat": seat,
        "seed_sha256": game.seed_sha256,
        "seed": game.revealed_seed,
        "days_per_move": game.days_per_move,
        "reminder_hours": game.reminder_hours,
        "timeout_policy": game.timeout_policy,
        "view": None,
        "legal_moves": [],
        "outcome": game.outcome,
    }
    if game.state is not None:
        rules = game.rules
        detail["view"] = rules.view(game.state, seat)
        if seat is not None and game.status == Game.Status.ACTIVE:
            detail["legal_moves"] = [
                {"move": move, "text": rules.format_move(move, game.state, seat)}
                for move in rules.legal_moves(game.state, seat)
            ]
    return detail
