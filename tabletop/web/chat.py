"""The game page's table talk and private note: each view posts to play, then shows the panel.

Both forms work without JavaScript (the page again, the refusal beside the form); with htmx
the panel is swapped in place.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tabletop.play import chat, notes, store
from tabletop.play.models import Game, Move
from tabletop.web import pages, tables
from tabletop.web.views import is_htmx, page


@require_POST
def say(request: HttpRequest, game_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return to_log_in(game_id)
    found = tables.shown_game(request, game_id)
    text = request.POST.get("text", "")
    try:
        chat.post(found, request.user, text, Move.Source.WEB)
    except chat.TooMany as refusal:
        response = panel(request, found, refusal.status, chat_error=refusal.message, draft=text)
        response["Retry-After"] = str(refusal.wait)
        return response
    except store.Refused as refusal:
        return panel(request, found, refusal.status, chat_error=refusal.message, draft=text)
    if is_htmx(request):
        return panel(request, found)
    return redirect(reverse("game", args=[found.pk]) + "#talk")


@require_POST
def keep_note(request: HttpRequest, game_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return to_log_in(game_id)
    found = tables.shown_game(request, game_id)
    text = request.POST.get("text", "")
    try:
        notes.keep(found, request.user, text)
    except store.Refused as refusal:
        return panel(request, found, refusal.status, note_error=refusal.message, note=text)
    if is_htmx(request):
        return panel(request, found, note_saved=True)
    messages.success(request, gettext("Your note is saved; only you can read it."))
    return redirect(reverse("game", args=[found.pk]) + "#note")


def panel(request: HttpRequest, game: Game, status: int = 200, **shown) -> HttpResponse:
    """The panel (htmx) or the whole page, with what the last post left to show."""
    game.refresh_from_db()
    context = {**pages.game_page(game, request.user), **shown}
    template = "web/game_panel.html" if is_htmx(request) else "web/game.html"
    return page(request, template, context, status=status)


def to_log_in(game_id: int) -> HttpResponse:
    return redirect(f"{reverse('login')}?next={reverse('game', args=[game_id])}")
