"""The history page's comments on a finished game's steps: each view asks play/comments.py,
then goes back to the step (or shows the page again with the refusal beside the form)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tabletop.play import chat, comments, store
from tabletop.play.models import Game
from tabletop.web import pages, tables
from tabletop.web.views import page


@require_POST
def comment(request: HttpRequest, game_id: int) -> HttpResponse:
    seq = step_posted(request)
    if not request.user.is_authenticated:
        return to_log_in(game_id, seq)
    found = tables.shown_game(request, game_id)
    text = request.POST.get("text", "")
    try:
        written = comments.write(found, request.user, seq, text)
    except store.Refused as refusal:
        return refused(request, found, seq, refusal, comment_draft=text)
    return redirect(f"{step_path(found.pk, seq)}#comment-{written.pk}")


@require_POST
def edit_comment(request: HttpRequest, game_id: int, comment_id: int) -> HttpResponse:
    found, own = comment_of(request, game_id, comment_id)
    try:
        comments.edit(own, request.user, request.POST.get("text", ""))
    except store.Refused as refusal:
        return refused(request, found, own.seq, refusal)
    return redirect(f"{step_path(found.pk, own.seq)}#comment-{own.pk}")


@require_POST
def delete_comment(request: HttpRequest, game_id: int, comment_id: int) -> HttpResponse:
    found, own = comment_of(request, game_id, comment_id)
    try:
        comments.delete(own, request.user)
    except store.Refused as refusal:
        return refused(request, found, own.seq, refusal)
    return redirect(f"{step_path(found.pk, own.seq)}#comments")


def comment_of(request: HttpRequest, game_id: int, comment_id: int):
    found = tables.shown_game(request, game_id)
    try:
        return found, comments.find(found, comment_id)
    except comments.NoSuchComment as refusal:
        raise Http404(refusal.message) from None


def step_posted(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("seq", ""))
    except ValueError:
        return -1  # no step: play/comments.py refuses it in words


def refused(
    request: HttpRequest, game: Game, seq: int, refusal: store.Refused, **shown
) -> HttpResponse:
    """The history at the step again, with why the comment was not saved."""
    context = {**pages.history_page(game, request.user, seq), **shown}
    context["comment_error"] = refusal.message
    response = page(request, "web/history.html", context, status=refusal.status)
    if isinstance(refusal, chat.TooMany):
        response["Retry-After"] = str(refusal.wait)
    return response


def step_path(game_id: int, seq: int) -> str:
    return f"{reverse('history', args=[game_id])}?seq={max(seq, 0)}"


def to_log_in(game_id: int, seq: int) -> HttpResponse:
    return redirect(f"{reverse('login')}?next={reverse('history', args=[game_id])}")
