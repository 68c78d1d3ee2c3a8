"""Account pages: allauth's log-in and sign-up under the paths players and emails hold, the
settings page, and the signed way into a game from an email."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from allauth.account import views as allauth_views
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from tabletop.accounts import (
    addresses,
    blocks,
    channels,
    limits,
    link_sessions,
    links,
    public_urls,
    zones,
)
from tabletop.accounts.forms import PreferencesForm, WebhookForm, channel_grid, settings_groups
from tabletop.accounts.models import PlayerWebhook, Preferences, PushSubscription
from tabletop.accounts.signals import clock_settings_changed, signed_up_by_invitation

MODEL_BACKEND = "tabletop.accounts.backends.PlayerBackend"


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


def push_available() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    preferences, _ = Preferences.objects.get_or_create(user=request.user)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    if action in CHANNEL_ACTIONS:
        return CHANNEL_ACTIONS[action](request)
    posted = request.POST if request.method == "POST" and not action else None
    form = PreferencesForm(posted, instance=preferences, push_available=push_available())
    if posted is not None and form.is_valid():
        preferences = form.save()
        # The next page speaks the language just chosen, so its confirmation does too.
        chosen = preferences.language or translation.get_language_from_request(request)
        with translation.override(chosen):
            messages.success(request, gettext("Your settings are saved."))
            if channels.unheard_webhook_events(preferences):
                unheard = gettext(
                    "You ticked events in the Webhook column, but no webhook is on: set its "
                    "address under Webhook below, or those events reach you only on the other "
                    "channels ticked."
                )
                messages.warning(request, unheard)
        return redirect("settings")
    return render_settings(request, form, WebhookForm(user=request.user))


def render_settings(request: HttpRequest, form, webhook_form, status: int = 200) -> HttpResponse:
    preferences = form.instance
    webhook = PlayerWebhook.objects.filter(user=request.user).first()
    calendar_url = links.absolute(reverse("calendar-feed", args=[preferences.calendar_secret()]))
    context = {
        "form": form,
        "groups": settings_groups(form),
        "grid": channel_grid(form, push_available()),
        "webhook_form": webhook_form,
        "webhook": webhook,
        "webhook_working": webhook is not None and webhook.active,
        "webhook_unheard": bool(channels.unheard_webhook_events(preferences)),
        "push_key": settings.VAPID_PUBLIC_KEY if push_available() else "",
        "push_browsers": request.user.push_subscriptions.count(),
        "calendar_url": calendar_url,
        # Calendar apps open webcal:// addresses as a subscription that they keep polling.
        "calendar_subscribe": "webcal://" + calendar_url.split("://", 1)[-1],
        "calendar_download": calendar_url + "?download=1",
        "address_verified": addresses.is_verified(request.user),
    }
    return render(request, "accounts/settings.html", context, status=status)


def save_webhook(request: HttpRequest) -> HttpResponse:
    webhook_form = WebhookForm(request.POST, user=request.user)
    if not webhook_form.is_valid():
        preferences = Preferences.objects.get(user=request.user)
        form = PreferencesForm(instance=preferences, push_available=push_available())
        return render_settings(request, form, webhook_form, status=400)
    saved = webhook_form.save()
    messages.success(
        request, gettext("Your webhook is saved.") if saved else gettext("Your webhook is removed.")
    )
    return redirect(reverse("settings") + "#channels")


def new_webhook_secret(request: HttpRequest) -> HttpResponse:
    channels.new_webhook_secret(request.user)
    messages.success(
        request, gettext("Your webhook has a new secret; the old one no longer verifies.")
    )
    return redirect(reverse("settings") + "#channels")


def new_calendar_address(request: HttpRequest) -> HttpResponse:
    channels.new_calendar_token(request.user)
    messages.success(
        request, gettext("Your calendar has a new address; the old one no longer works.")
    )
    return redirect(reverse("settings") + "#calendar")


CHANNEL_ACTIONS = {
    "webhook": save_webhook,
    "webhook-secret": new_webhook_secret,
    "calendar-reset": new_calendar_address,
}


@login_required
@require_http_methods(["POST", "DELETE"])
def push_subscription(request: HttpRequest) -> HttpResponse:
    """The settings page's script subscribes this browser to notifications (POST, the
    browser's PushSubscription as JSON) or forgets it (DELETE, its endpoint)."""
    if not push_available():
        return JsonResponse(
            {"detail": gettext("This site sends no browser notifications.")}, status=404
        )
    try:
        data = json.loads(request.body or b"{}")
        endpoint = str(data["endpoint"])
        keys = data.get("keys") or {}
    except (ValueError, KeyError, TypeError):
        return JsonResponse(
            {"detail": gettext("Send the browser's subscription as JSON.")}, status=400
        )
    if request.method == "DELETE":
        PushSubscription.objects.filter(user=request.user, endpoint=endpoint).delete()
        return JsonResponse({"subscribed": False})
    try:
        channels.subscribe_browser(request.user, endpoint, keys)
    except (ValueError, public_urls.NotPublic) as problem:
        return JsonResponse({"detail": str(problem)}, status=400)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_POST
def set_time_zone(request: HttpRequest) -> HttpResponse:
    """The browser's zone, accepted from the proposal on the dashboard: that one field only."""
    name = request.POST.get("time_zone", "")
    if not zones.is_known(name):
        return HttpResponseBadRequest(
            gettext("%(name)s is not a time zone we know.")
            % {"name": name or gettext("An empty name")}
        )
    preferences, _ = Preferences.objects.get_or_create(user=request.user)
    preferences.time_zone = name
    preferences.save(update_fields=["time_zone"])
    clock_settings_changed.send(sender=Preferences, user=request.user)
    messages.success(request, gettext("Your time zone is now %(name)s.") % {"name": name})
    return redirect("dashboard")


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
        used = links.BadLink(gettext("This link has been used already; log in to open the game."))
        return bad_link(request, used, game_path)
    login(request, user, backend=MODEL_BACKEND)
    link_sessions.start(request, game_id)
    messages.info(
        request, gettext("The link in your email opens this game only; log in for everything else.")
    )
    return redirect(game_path)


def bad_link(request: HttpRequest, problem: links.BadLink, next_path: str = "") -> HttpResponse:
    login_url = links.login_path()
    if next_path:
        login_url += "?" + urlencode({REDIRECT_FIELD_NAME: next_path}, safe="/")
    context = {"problem": str(problem), "login_url": login_url}
    return render(request, "accounts/bad_link.html", context, status=400)


@login_required
@require_POST
def block_player(request: HttpRequest) -> HttpResponse:
    """Block a player (from their page) or lift a block (`unblock`, from the settings page);
    back to where it was asked."""
    found = get_user_model().objects.filter(username=request.POST.get("player", "")).first()
    if found is None or found.pk == request.user.pk:
        return HttpResponseBadRequest(gettext("There is no such player to block."))
    name = found.get_username()
    if request.POST.get("action") == "unblock":
        blocks.unblock(request.user, found.pk)
        messages.success(request, gettext("You no longer block %(name)s.") % {"name": name})
        if request.POST.get("from") == "settings":
            return redirect(reverse("settings") + "#blocks")
        return redirect("player", name)
    blocks.block(request.user, found)
    messages.success(
        request,
        gettext(
            "You block %(name)s: they cannot invite you or join your tables, and you no longer "
            "read what they say at a table. They are not told."
        )
        % {"name": name},
    )
    return redirect("player", name)
