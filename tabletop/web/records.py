"""The pages of players' records: a player's profile, a game's leaderboard, the archive of
finished games. Each reads the request and renders what tabletop.ratings gives it."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

import games
from tabletop.ratings import archive as archives
from tabletop.ratings import profiles, standings


def player(request: HttpRequest, username: str) -> HttpResponse:
    found = get_object_or_404(get_user_model(), username=username)
    shown = profiles.profile(found, request.user)
    context = {
        "player": found,
        "profile": shown,
        "wait": profiles.describe_wait(shown.average_seconds_to_move),
    }
    return render(request, "web/player.html", context)


def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        rules = games.get(slug)
    except KeyError:
        raise Http404(gettext("There is no game %(id)s.") % {"id": repr(slug)}) from None
    context = {
        "rules": rules,
        "ratings": standings.leaderboard(slug),
        "min_games": standings.LEADERBOARD_MIN_GAMES,
        "games": games.all(),
    }
    return render(request, "web/leaderboard.html", context)


def archive(request: HttpRequest) -> HttpResponse:
    found = archives.archive(request.GET, request.user)
    status = 200
    if found.is_valid():
        page = Paginator(found.qs, archives.PAGE_SIZE).get_page(request.GET.get("page"))
        for game in page:
            game.winner_names = archives.winners_of(game)
    else:
        page, status = None, 400
    query = request.GET.copy()
    query.pop("page", None)
    context = {"filter": found, "page": page, "query": query.urlencode()}
    return render(request, "web/archive.html", context, status=status)
