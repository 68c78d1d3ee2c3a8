"""Account pages: signing up, the settings page, and the signed way into a game from an email."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from tabletop.accounts import link_sessions, links
from tabletop.accounts.forms import PreferencesForm, SignupForm, settings_groups
from tabletop.accounts.models import Preferences

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=MODEL_BACKEND)
        target = request.POST.get("next") or ""
        return redirect(target if target.startswith("/") and not target.startswith("//") else "/")
    context = {"form": form, "next": request.GET.get("next", "")}
    return render(request, "registration/signup.html", context)


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    preferences, _ = Preferences.objects.get_or_create(user=request.user)
    form = PreferencesForm(request.POST or None, instance=preferences)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your settings are saved.")
        return redirect("settings")
    context = {"form": form, "groups": settings_groups(form)}
    return render(request, "accounts/settings.html", context)


def go(request: HttpRequest, token: str) -> HttpResponse:
    """The link in an email: open the game, logging the player in once and for that game only."""
    try:
        user, game_id = links.open_game_link(token)
    except links.BadLink as problem:
        return bad_link(request, problem)
    game_path = links.game_path(game_id)
    if request.user == user:
        if links.use_game_link(token, user):
            link_sessions.allow_game(request, game_id)
        return redirect(game_path)
    if not links.may_log_in_by_link(user):
        return redirect_to_login(game_path)
    if not links.use_game_link(token, user):
        used = links.BadLink("This link has been used already; log in to open the game.")
        return bad_link(request, used, game_path)
    login(request, user, backend=MODEL_BACKEND)
    link_sessions.start(request, game_id)
    messages.info(
        request, "The link in your email opens this game only; log in for everything else."
    )
    return redirect(game_path)


def bad_link(request: HttpRequest, problem: links.BadLink, next_path: str = "") -> HttpResponse:
    login_url = links.login_path()
    if next_path:
        login_url += "?" + urlencode({REDIRECT_FIELD_NAME: next_path}, safe="/")
    context = {"problem": str(problem), "login_url": login_url}
    return render(request, "accounts/bad_link.html", context, status=400)
