"""A finished game's review in the API (`games/{id}/analysis/`): each step's win chances, the
strong bot's choice beside the move played, and the turning points.

It reads the Analysis row the worker leaves (play/analysis.py). While a game runs there is
none to anyone: the answer is 404, whatever is stored, as if there were nothing.
"""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.api.serializers import MoveField
from tabletop.api.views import find_game, refusals
from tabletop.play.models import Analysis, Game

COMPUTING = (Analysis.Status.QUEUED, Analysis.Status.RUNNING)


# The status as a string with a pattern: an enum (a ChoiceField's) would be given a name
# that collides with the schema's other `status` enums.
@extend_schema_field({"type": "string", "pattern": "^(queued|running)$"})
class ComputingField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "pattern": "^done$"})
class DoneField(serializers.CharField):
    pass


class ProgressSerializer(serializers.Serializer):
    status = ComputingField(help_text="Waiting for the worker, or being computed.")
    steps_done = serializers.IntegerField(min_value=0)
    steps_total = serializers.IntegerField(min_value=0)


class SuggestionSerializer(serializers.Serializer):
    move = MoveField(help_text="The move the strong bot would have chosen in the chooser's seat.")
    text = serializers.CharField(help_text="That move in the game's notation.")


class StepSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The position after move `seq` (0 = the deal).")
    chances = serializers.ListField(
        child=serializers.FloatField(min_value=0, max_value=1),
        help_text="Each seat's chance of winning from this position, by seat.",
    )
    scores = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Each seat's score here, where the game keeps one.",
    )
    seat = serializers.IntegerField(allow_null=True, help_text="Who chose this step; null at 0.")
    played = serializers.CharField(allow_blank=True, help_text="The step as the log tells it.")
    suggestion = SuggestionSerializer(
        allow_null=True, help_text="What the bot would have chosen instead; null if nothing."
    )
    swing = serializers.FloatField(
        allow_null=True,
        help_text="The chooser's chance after the step played minus after the bot's choice.",
    )


class TurningPointSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="Whose chance fell.")
    player = serializers.CharField(allow_blank=True)
    before = serializers.FloatField(min_value=0, max_value=1)
    after = serializers.FloatField(min_value=0, max_value=1)
    suggestion = serializers.CharField(
        allow_blank=True, help_text="What the bot would have played there, in the notation."
    )


class AnalysisSerializer(serializers.Serializer):
    status = DoneField()
    rules_version = serializers.IntegerField()
    playouts = serializers.IntegerField(help_text="Playouts per step it was computed with.")
    finished = serializers.DateTimeField(allow_null=True)
    steps = StepSerializer(many=True, help_text="One per position, 0 to the game's last seq.")
    turning_points = TurningPointSerializer(many=True, help_text="Largest fall first.")


def shown_analysis(game: Game) -> Analysis:
    """The game's analysis under its rules version; none at all while the game runs."""
    found = None
    if game.is_over:
        found = Analysis.objects.filter(game=game, rules_version=game.rules_version).first()
    if found is None or found.status == Analysis.Status.FAILED:
        raise exceptions.NotFound(gettext("There is no review of this game."))
    return found


def step(entry: dict) -> dict:
    suggestion = entry.get("suggestion")
    if suggestion is not None and not isinstance(suggestion, dict):
        suggestion = {"move": {}, "text": str(suggestion)}
    return {
        "seq": entry["seq"],
        "chances": entry["chances"],
        "scores": entry.get("scores"),
        "seat": entry.get("seat"),
        "played": entry.get("played") or "",
        "suggestion": suggestion,
        "swing": entry.get("swing"),
    }


def turning_point(point: dict, names: list[str]) -> dict:
    suggestion = point.get("suggestion")
    if isinstance(suggestion, dict):
        suggestion = suggestion.get("text")
    seat = point["seat"]
    return {
        "seq": point["seq"],
        "seat": seat,
        "player": names[seat] if 0 <= seat < len(names) else "",
        "before": point["before"],
        "after": point["after"],
        "suggestion": suggestion or "",
    }


@extend_schema(
    operation_id="games_analysis_retrieve",
    summary="A finished game's review: win chances by step, the bot's choices, turning points",
    description="202 with the progress while the worker computes it; 404 while the game "
    "runs, or when there is no review of it.",
    responses={200: AnalysisSerializer, 202: ProgressSerializer, **refusals(401, 403, 404)},
)
@api_view(["GET"])
def analysis(request: Request, game_id: int) -> Response:
    found = shown_analysis(find_game(game_id, request.user))
    if found.status in COMPUTING:
        progress = {
            "status": found.status,
            "steps_done": found.steps_done,
            "steps_total": found.steps_total,
        }
        return Response(progress, status=status.HTTP_202_ACCEPTED)
    names = [seat.user.get_username() for seat in found.game.seats_with_players()]
    return Response(
        {
            "status": found.status,
            "rules_version": found.rules_version,
            "playouts": found.playouts,
            "finished": found.finished,
            "steps": [step(entry) for entry in sorted(found.steps, key=lambda e: e["seq"])],
            "turning_points": [turning_point(p, names) for p in found.turning_points],
        }
    )
