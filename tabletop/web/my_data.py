"""A player's own data on the web: the file of everything held about them, and deleting
their account (asked for on the settings page, confirmed from the emailed link)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tabletop.accounts import deletion, links
from tabletop.accounts.my_data import as_json, file_name, my_data


@require_GET
@login_required
def download_my_data(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(
        as_json(my_data(request.user)), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{file_name(request.user)}"'
    return response


@require_POST
@login_required
def ask_to_delete_account(request: HttpRequest) -> HttpResponse:
    if deletion.send_deletion_link(request.user):
        messages.success(
            request,
            gettext(
                "We have emailed you a link to delete your account; it works for %(hours)s "
                "hours. Nothing is deleted until you open it and confirm."
            )
            % {"hours": deletion.LINK_HOURS},
        )
    else:
        messages.error(
            request,
            gettext("Your account has no email address to send the link to; add one first."),
        )
    return redirect(links.settings_path() + "#my-data")


def delete_account(request: HttpRequest, token: str) -> HttpResponse:
    """The emailed link: a page to confirm (opening a link deletes nothing), then the
    deletion, which logs the player out."""
    try:
        owner = deletion.account_of_link(token)
    except deletion.BadDeletionLink as problem:
        return _bad_link(request, str(problem))
    if request.user.is_authenticated and request.user.pk != owner.pk:
        return _bad_link(request, gettext("This link is for another account; log out first."))
    if request.method != "POST":
        return render(request, "web/delete_account.html", {"owner": owner})
    deletion.delete_account(owner)
    logout(request)
    messages.success(request, gettext("Your account is deleted. Thank you for playing."))
    return redirect("/")


def _bad_link(request: HttpRequest, problem: str) -> HttpResponse:
    context = {"problem": problem, "login_url": links.login_path()}
    return render(request, "accounts/bad_link.html", context, status=400)
