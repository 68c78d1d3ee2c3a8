"""Account pages: signing up, the settings page, and the signed way into a game from an email."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from tabletop.accounts import links
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
    """The link in a turn email: log the player in and open the game."""
    try:
        user, game_id = links.open_game_link(token)
    except links.BadLink as problem:
        return bad_link(request, problem)
    if request.user != user:
        login(request, user, backend=MODEL_BACKEND)
    return redirect(links.game_path(game_id))


def bad_link(request: HttpRequest, problem: links.BadLink) -> HttpResponse:
    context = {"problem": str(problem), "login_url": links.login_path()}
    return render(request, "accounts/bad_link.html", context, status=400)
