"""Account pages: allauth's log-in and sign-up under the paths players and emails hold, the
settings page, and the signed way into a game from an email."""

from __future__ import annotations

from urllib.parse import urlencode

from allauth.account import views as allauth_views
from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from tabletop.accounts import addresses, limits, link_sessions, links
from tabletop.accounts.forms import PreferencesForm, settings_groups
from tabletop.accounts.models import Preferences
from tabletop.accounts.signals import signed_up_by_invitation

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


class LoginView(allauth_views.LoginView):
    def form_invalid(self, form) -> HttpResponse:
        response = super().form_invalid(form)
        return limits.refuse_too_many_attempts(self.request, form, response, "login_failed")


class RequestLoginCodeView(allauth_views.RequestLoginCodeView):
    def form_invalid(self, form) -> HttpResponse:
        response = super().form_invalid(form)
        return limits.refuse_too_many_attempts(self.request, form, response, "request_login_code")


class SignupView(allauth_views.SignupView):
    """allauth's sign-up; opened from an invitation's link, it offers the invited address,
    takes it as verified (the invitation reached it) and announces the sign-up, so that play
    seats the new player at the invitation's table."""

    def invitation(self) -> str:
        return self.request.GET.get("invitation", "")

    def get_initial(self) -> dict:
        initial = super().get_initial()
        invited = addresses.invited_address(self.invitation()) if self.invitation() else None
        if invited:
            initial["email"] = invited
        return initial

    def form_valid(self, form) -> HttpResponse:
        email = form.cleaned_data["email"]
        trusted = addresses.trust_invited_address(self.request, self.invitation(), email)
        response = super().form_valid(form)
        user = getattr(self, "user", None)
        if trusted and user is not None and user.pk and addresses.is_verified(user, email):
            _, invitation = addresses.read_invitation_token(self.invitation())
            signed_up_by_invitation.send(
                sender=type(user), user=user, email=email.strip().lower(), invitation=invitation
            )
        return response


login_page = LoginView.as_view()
request_login_code = RequestLoginCodeView.as_view()
signup = SignupView.as_view()


def old_password_reset(request: HttpRequest) -> HttpResponse:
    """Django's password reset page moved to allauth's; a form sent to the old one still works
    (308 keeps the method and the body)."""
    target = reverse("account_reset_password")
    if request.GET:
        target += "?" + request.GET.urlencode()
    return redirect(target, permanent=True, preserve_request=True)


def too_many_requests(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """ROOT_URLCONF.handler429: where allauth sends a request over one of its limits."""
    return limits.allauth_refusal(request)


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    preferences, _ = Preferences.objects.get_or_create(user=request.user)
    form = PreferencesForm(request.POST or None, instance=preferences)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your settings are saved.")
        return redirect("settings")
    context = {
        "form": form,
        "groups": settings_groups(form),
        "address_verified": addresses.is_verified(request.user),
    }
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
