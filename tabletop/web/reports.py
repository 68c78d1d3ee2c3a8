"""The report buttons on a line of table talk and on a comment on a step: the line or comment
goes to the moderators (play/reports.py).

Plain POST forms (no script): back to the page it was pressed on (the history at the
comment's step), with a word that the moderators will read it; over the limit, that page
again with why, as 429.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tabletop.play import comments, reports
from tabletop.web import chat, pages, tables
from tabletop.web.comments import step_path, to_log_in
from tabletop.web.views import page


@require_POST
def report_talk(request: HttpRequest, game_id: int, message_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return chat.to_log_in(game_id)
    found = tables.shown_game(request, game_id)
    try:
        reports.report(found, message_id, request.user, request.POST.get("reason", ""))
    except reports.NoSuchLine as refusal:
        raise Http404(refusal.message) from None
    except reports.TooManyReports as refusal:
        response = chat.panel(request, found, refusal.status, report_error=refusal.message)
        response["Retry-After"] = str(refusal.wait)
        return response
    messages.success(request, gettext("Thank you: the moderators will read the line you reported."))
    if request.POST.get("back") == "history":
        return redirect(reverse("history", args=[found.pk]))
    return redirect(reverse("game", args=[found.pk]) + "#talk")


@require_POST
def report_comment(request: HttpRequest, game_id: int, comment_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return to_log_in(game_id, 0)
    found = tables.shown_game(request, game_id)
    try:
        reported = reports.report_comment(
            found, comment_id, request.user, request.POST.get("reason", "")
        )
    except reports.NoSuchComment as refusal:
        raise Http404(refusal.message) from None
    except reports.TooManyReports as refusal:
        seq = comments.find(found, comment_id).seq
        context = {**pages.history_page(found, request.user, seq), "report_error": refusal.message}
        response = page(request, "web/history.html", context, status=refusal.status)
        response["Retry-After"] = str(refusal.wait)
        return response
    messages.success(
        request, gettext("Thank you: the moderators will read the comment you reported.")
    )
    return redirect(f"{step_path(found.pk, reported.comment.seq)}#comment-{comment_id}")
