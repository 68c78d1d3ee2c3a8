"""The REST API: each view reads the request, calls the store, answers.

A refusal of the store (store.Refused) is answered by errors.handle_exception with the status
it names; every operation lists its answers, refusals included, for the OpenAPI schema.
"""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition
from django.views.decorators.vary import vary_on_headers
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, parsers, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from tabletop.api import throttles
from tabletop.api.parsers import JSONParser
from tabletop.api.serializers import (
    BallotSerializer,
    CallVoteSerializer,
    CreateGameSerializer,
    ErrorSerializer,
    GameDetailSerializer,
    GameSummarySerializer,
    LogLineSerializer,
    LogQuerySerializer,
    MoveResultSerializer,
    PositionSerializer,
    SubmitMoveSerializer,
    TakeBackAskedSerializer,
    TakeBackSerializer,
    TokenSerializer,
    VoteSerializer,
    game_detail,
    game_position,
    game_summary,
    vote_detail,
)
from tabletop.play import history, invitations, stamps, store, versions
from tabletop.play.models import Game, Invitation, Move, Seat, Vote

REFUSALS = {
    400: "The body could not be read (not JSON, nested too deep, a field out of range) or the "
    "store refused it: an illegal move (with `legal`), an option the game does not have.",
    401: "No credentials where they are needed, or a token that is not valid.",
    403: "Not yours to do: no seat in the game, not your turn, a private table you are not "
    "invited to, or (with a session cookie) no CSRF token.",
    404: "No such game, or no such move in it.",
    409: "The game is not in a state for this: not open any more, not started, over, or moved "
    "on since `expected_seq` (`current_seq` says where it is).",
    413: "The body is larger than the server reads.",
    415: "The body is not JSON.",
    429: "Too many requests; the Retry-After header says how many seconds to wait.",
}


def refusals(*statuses: int) -> dict[int, OpenApiResponse]:
    return {code: OpenApiResponse(ErrorSerializer, REFUSALS[code]) for code in statuses}


SEATS_WITH_PLAYERS = Prefetch("seats", queryset=Seat.objects.select_related("user"))


def find_game(game_id: int, user=None, *, with_seats: bool = False) -> Game:
    """The game; with `user`, only if they may see it (a private table is refused to anyone
    but its players and the people invited to it: 401 without credentials, else 403).
    `with_seats` reads its seats and players with it, for an answer that asks for them more
    than once (whose seat, the seats' summary, the invitations shown, the take-back)."""
    found = Game.objects.filter(pk=game_id)
    if with_seats:
        found = found.prefetch_related(SEATS_WITH_PLAYERS)
    found = found.first()
    if found is None:
        raise exceptions.NotFound(gettext("There is no game %(id)s.") % {"id": game_id})
    hidden = invitations.why_hidden(found, user) if user is not None else None
    if hidden and not user.is_authenticated:
        raise exceptions.NotAuthenticated(hidden)
    if hidden:
        raise exceptions.PermissionDenied(hidden)
    return found


class TokenView(ObtainAuthToken):
    # A stale token in the header must not stop anyone logging in afresh.
    authentication_classes = []
    # DRF's view turns throttling off; this one follows the API's throttle settings, and
    # limits tries per IP and, after wrong passwords for a name, refuses even the right one.
    throttle_classes = [
        *api_settings.DEFAULT_THROTTLE_CLASSES,
        throttles.TokenRequests,
        throttles.PasswordGuesses,
    ]
    parser_classes = [JSONParser, parsers.FormParser, parsers.MultiPartParser]

    @extend_schema(
        operation_id="auth_token_create",
        summary="Trade a username and password for an API token",
        request=AuthTokenSerializer,
        responses={200: TokenSerializer, **refusals(400, 413, 415, 429)},
    )
    def post(self, request: Request, *args, **kwargs) -> Response:
        return super().post(request, *args, **kwargs)


token = TokenView.as_view()


@extend_schema(
    methods=["GET"],
    operation_id="games_list",
    summary="Your games, the tables you are invited to, and every open table",
    responses={200: GameSummarySerializer(many=True), **refusals(401)},
)
@extend_schema(
    methods=["POST"],
    operation_id="games_create",
    summary="Create a game and take its first seat",
    request=CreateGameSerializer,
    responses={201: GameDetailSerializer, **refusals(400, 401, 403, 413, 415, 429)},
)
@api_view(["GET", "POST"])
@throttle_classes(
    [*api_settings.DEFAULT_THROTTLE_CLASSES, throttles.GameCreation, throttles.Invitations]
)
def games_list(request: Request) -> Response:
    if request.method == "GET":
        return Response([game_summary(game) for game in listed_games(request.user)])
    form = CreateGameSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    game = invitations.create_table(
        request.user,
        data["game"],
        data["players"],
        data["options"],
        days_per_move=data["days_per_move"],
        reminder_hours=data["reminder_hours"],
        timeout_policy=data["timeout_policy"],
        fill_with_bots=data["bots"],
        private=data["private"],
        invitees=data["invite"],
    )
    return Response(game_detail(game, request.user), status=status.HTTP_201_CREATED)


def listed_games(user) -> QuerySet:
    """The caller's games, the open tables they are invited to and the open public tables, in
    two queries however many (the list is what API clients poll): the games without their
    states, then their seats and players.

    The three kinds are found each through its own index and joined by UNION: one filter of
    the three ORed together is no index's, and PostgreSQL read every game of the site for it
    (5 ms a poll at 10,000 games, issue 31)."""
    invited = Invitation.objects.for_player(user).holding_seats().values("game")
    open_tables = Game.objects.filter(status=Game.Status.OPEN).order_by()  # SQLite: no ORDER
    shown = (
        open_tables.filter(private=False)
        .values("pk")
        .union(open_tables.filter(pk__in=invited).values("pk"))
    )
    if user.is_authenticated:
        shown = shown.union(Seat.objects.filter(user=user).order_by().values("game"))
    return (
        Game.objects.filter(pk__in=shown)
        .defer("state", "outcome", "options")
        .prefetch_related(SEATS_WITH_PLAYERS)
        .order_by("pk")
    )


def detail_etag(request: Request, game_id: int) -> str | None:
    """The game's ETag for this viewer, for a 304 while nothing they see has changed: the
    token of the game's stamps (play/stamps.py), which answers a client that holds it with no
    query about the game; else the game's version, read once, gives the 200 its ETag. None
    for anyone only find_game's full check can judge, so it refuses them."""
    stamp = stamps.read(game_id, request.user)  # before the game: a write meanwhile shows
    if stamp is not None:
        held = stamp.seq_in_etags(request.headers.get("If-None-Match", ""))
        if held is not None:
            return stamp.token(held)
    seen = versions.read(game_id, request.user)
    if seen is None or not seen.plainly_shown:
        return None
    return seen.tag if stamp is None else stamp.token(seen.seq)


@extend_schema(
    operation_id="games_retrieve",
    summary="A game as you may see it",
    description="Sent with the ETag it answered before (If-None-Match), the answer is 304 "
    "without a body while nothing you see of the game has changed.",
    responses={200: GameDetailSerializer, **refusals(401, 403, 404)},
)
@api_view(["GET"])
@cache_control(private=True, no_cache=True)
@vary_on_headers("Authorization", "Cookie")
@condition(etag_func=detail_etag)
def game(request: Request, game_id: int) -> Response:
    return Response(game_detail(find_game(game_id, request.user, with_seats=True), request.user))


@extend_schema(
    operation_id="games_join",
    summary="Take the next free seat; the last seat taken starts the game",
    request=None,
    responses={200: GameDetailSerializer, **refusals(400, 401, 403, 404, 409, 429)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def join(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    store.join_game(found, request.user)
    found.refresh_from_db()
    return Response(game_detail(found, request.user))


@extend_schema(
    methods=["GET"],
    operation_id="games_moves_list",
    summary="The log as you may read it (empty until the game starts)",
    parameters=[
        LogQuerySerializer,
        OpenApiParameter(
            "Link",
            str,
            OpenApiParameter.HEADER,
            response=[200],
            description='The next page of the log (rel="next"), when more lines follow.',
        ),
    ],
    responses={200: LogLineSerializer(many=True), **refusals(400, 401, 403, 404)},
)
@extend_schema(
    methods=["POST"],
    operation_id="games_moves_create",
    summary="Make a move",
    request=SubmitMoveSerializer,
    responses={201: MoveResultSerializer, **refusals(400, 401, 403, 404, 409, 413, 415, 429)},
)
@api_view(["GET", "POST"])
def moves(request: Request, game_id: int) -> Response:
    if request.method == "POST":
        return submit_move(request, game_id)
    found = find_game(game_id, request.user)
    query = LogQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)  # a bad query is refused whatever the game's state
    if found.status in (Game.Status.OPEN, Game.Status.CANCELLED):
        return Response([])  # nothing is logged before the last seat is taken
    after, limit = query.validated_data["after"], query.validated_data["limit"]
    upto = after + limit
    response = Response(history.lines(found, found.seat_of(request.user), after, upto))
    if upto < found.seq:
        following = request.build_absolute_uri(f"?after={upto}&limit={limit}")
        response["Link"] = f'<{following}>; rel="next"'
    return response


def submit_move(request: Request, game_id: int) -> Response:
    """A move needs no look at the game before the store's: the store reads the game once,
    locked, with its seats, and refuses anyone without a seat (private table or not) and a
    game that does not exist."""
    form = SubmitMoveSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    game = Game(pk=game_id)  # the store fills it in as the move leaves it
    logged = store.submit(
        game,
        request.user,
        form.validated_data["move"],
        form.validated_data["expected_seq"],
        Move.Source.API,
    )
    # No presence mark: the move in the log says when the player was at the game.
    return Response(
        {"logged": [move.seq for move in logged], **game_position(game, request.user)},
        status=status.HTTP_201_CREATED,
    )


@extend_schema(
    operation_id="games_takeback_create",
    summary="Take back your latest steps while nothing new has been seen since",
    description="Immediate (201) while nobody else has played since and none of the steps "
    "drew a card or a die or showed anyone something new; when others have played since but "
    "nothing was seen, 202 with the vote that asks them to accept it; 400 with the reason "
    "once something was seen; 409 when the game moved on since `expected_seq`.",
    request=TakeBackSerializer,
    responses={
        201: MoveResultSerializer,
        202: TakeBackAskedSerializer,
        **refusals(400, 401, 403, 404, 409, 413, 415),
    },
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def takeback(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    form = TakeBackSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    done = store.take_back_or_ask(
        found, request.user, form.validated_data["expected_seq"], Move.Source.API
    )
    if isinstance(done, Vote):
        done.refresh_from_db()
        detail = "Others have played since: they are asked to accept the take-back."
        return Response(
            {"detail": detail, "vote": vote_detail(done)}, status=status.HTTP_202_ACCEPTED
        )
    return Response(
        {"logged": [done.seq], **game_detail(found, request.user)},
        status=status.HTTP_201_CREATED,
    )


@extend_schema(
    methods=["GET"],
    operation_id="games_votes_list",
    summary="The votes put to the table, open and closed",
    responses={200: VoteSerializer(many=True), **refusals(401, 403, 404)},
)
@extend_schema(
    methods=["POST"],
    operation_id="games_votes_create",
    summary="Put a question to the table",
    description="extend (days 1-7, seat), replace (seat), end (how: scored|abandoned) or "
    "take-back (your latest steps, when others have played since). Passes on a majority of "
    "the players it does not concern (everyone, to end the game); your own ballot is yes.",
    request=CallVoteSerializer,
    responses={201: VoteSerializer, **refusals(400, 401, 403, 404, 409, 413, 415)},
)
@api_view(["GET", "POST"])
def votes(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    if request.method == "GET":
        return Response([vote_detail(vote) for vote in found.votes.all()])
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    form = CallVoteSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    details = dict(form.validated_data)
    subject = details.pop("subject")
    vote = store.call_vote(found, request.user, subject, details, Move.Source.API)
    vote.refresh_from_db()
    return Response(vote_detail(vote), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="games_votes_answer",
    summary="Answer a vote: yes or no",
    request=BallotSerializer,
    responses={200: VoteSerializer, **refusals(400, 401, 403, 404, 409, 413, 415)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def vote(request: Request, game_id: int, vote_id: int) -> Response:
    found = find_game(game_id, request.user)
    if not found.votes.filter(pk=vote_id).exists():
        raise exceptions.NotFound(f"There is no vote {vote_id} in game {game_id}.")
    form = BallotSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    answered = store.answer_vote(
        found, request.user, vote_id, form.validated_data["yes"], Move.Source.API
    )
    answered.refresh_from_db()
    return Response(vote_detail(answered))


@extend_schema(
    operation_id="games_states_retrieve",
    summary="The position after move `seq` as you may see it (0 = the start)",
    responses={200: PositionSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["GET"])
def state_at(request: Request, game_id: int, seq: int) -> Response:
    found = find_game(game_id, request.user)
    if found.status == Game.Status.CANCELLED:
        raise store.GameNotActive("This table was cancelled before it started.", current_seq=0)
    if found.status == Game.Status.OPEN:
        raise store.GameNotActive("This game has not started yet.", current_seq=found.seq)
    try:
        return Response(history.position(found, seq, found.seat_of(request.user)))
    except store.Refused as error:
        raise exceptions.NotFound(error.message) from None


@extend_schema(exclude=True)
@api_view(["GET", "POST", "PUT", "PATCH", "DELETE"])
@permission_classes([AllowAny])
def not_found(request: Request) -> Response:
    """Any other address under /api/: a JSON 404, as a client of the API expects."""
    raise exceptions.NotFound(f"There is nothing at {request.path}.")
