"""The report button on a line of table talk: the line goes to the moderators (play/reports.py).

A plain POST form (no script): back to the page it was pressed on, with a word that the
moderators will read it; over the limit, the game page again with why, as 429.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tabletop.play import reports
from tabletop.web import chat, tables


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
