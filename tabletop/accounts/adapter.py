"""tabletop's adapter of django-allauth (settings.ACCOUNT_ADAPTER): our words, our emails.

allauth's account emails (verifying an address, resetting a password, a log-in code) are
rendered from our triples `emails/<name>-subject.txt`, `-body.txt`, `-body.html`, like every
other email, with links on SITE_URL rather than on whatever Host the request named.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.core.mail import EmailMultiAlternatives
from django.http import HttpResponse
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from tabletop.accounts import addresses, limits, links
from tabletop.accounts.models import Preferences

# allauth's email templates -> ours.
EMAILS = {
    "account/email/email_confirmation_signup": "verify-address",
    "account/email/email_confirmation": "verify-address",
    "account/email/password_reset_key": "password-reset",
    "account/email/login_code": "login-code",
    "account/email/delete_account": "delete-account",
}

LOGGED_IN = "account/messages/logged_in.txt"
SIGNED_UP = "account/messages/signed_up.txt"


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "email_taken": gettext_lazy("Someone already plays with this address; log in instead."),
        "username_password_mismatch": gettext_lazy("That name and password do not match."),
        "email_password_mismatch": gettext_lazy("That address and password do not match."),
        "too_many_login_attempts": gettext_lazy(
            "Too many attempts with this name or from this network; wait a while, or have a "
            "log-in code emailed to you."
        ),
    }

    def pre_authenticate(self, request, **credentials) -> None:
        """Wrong passwords tried for this name at any door (the API's token too) count here:
        past RATE_LIMITS["password-failures"] even the right one waits."""
        name = credentials.get("username") or credentials.get("email") or ""
        if name and limits.wait_for(request, "password-failures", limits.of_name(name)):
            raise self.validation_error("too_many_login_attempts")
        super().pre_authenticate(request, **credentials)

    def render_mail(
        self,
        template_prefix: str,
        email: str | list[str],
        context: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> EmailMultiAlternatives:
        name = EMAILS.get(template_prefix)
        if name is None:
            return super().render_mail(template_prefix, email, context, headers)
        context = {**context, "site_url": links.absolute("/")}
        # The page's language (the one asking, as a rule), unless the player chose their own.
        language = recipient_language(context.get("user")) or translation.get_language()
        with translation.override(language):
            subject = " ".join(render_to_string(f"emails/{name}-subject.txt", context).split())
            text = render_to_string(f"emails/{name}-body.txt", context)
            html = render_to_string(f"emails/{name}-body.html", context)
        to = [email] if isinstance(email, str) else email
        # RFC 3834: vacation responders must not answer these either.
        headers = {"Auto-Submitted": "auto-generated", **(headers or {})}
        message = EmailMultiAlternatives(subject, text, self.get_from_email(), to, headers=headers)
        message.attach_alternative(html, "text/html")
        return message

    def post_login(self, request, user, *, signup: bool, **kwargs) -> HttpResponse:
        # allauth greets every log-in alike; someone who has just signed up is new, not back.
        request.just_signed_up = signup
        return super().post_login(request, user, signup=signup, **kwargs)

    def save_user(self, request, user, form, commit: bool = True):
        """A player signing up in Polish or Czech (their browser's language) keeps it as their
        setting, so that their emails, which know no browser, come in it too."""
        user = super().save_user(request, user, form, commit)
        shown = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
        if commit and user.pk and shown != settings.LANGUAGE_CODE:
            Preferences.objects.update_or_create(user=user, defaults={"language": shown})
        return user

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        return links.absolute(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def get_email_verification_redirect_url(self, email_address) -> str:
        """Confirming the address an invitation went to took its seat: land at that table (by
        way of the log-in page when the link was opened in a browser not logged in)."""
        game = addresses.landing(self.request)
        if game is None:
            return super().get_email_verification_redirect_url(email_address)
        if self.request.user.is_authenticated:
            return game
        return links.login_path() + "?" + urlencode({REDIRECT_FIELD_NAME: game}, safe="/")

    def get_reset_password_from_key_url(self, key: str) -> str:
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return links.absolute(path.replace("UID-KEY", quote(key)))

    def add_message(
        self,
        request,
        level: int,
        message_template: str | None = None,
        message_context: dict[str, Any] | None = None,
        extra_tags: str = "",
        message: str | None = None,
    ) -> None:
        """allauth reads a rendered flash back as text, which the page escapes again; the
        template escaped what it put in as it rendered, so its own markup (the link to the local
        outbox while DEBUG is on) is kept. allauth greets every log-in alike; someone who has
        just signed up is greeted as new, not back."""
        if message_template == LOGGED_IN and getattr(request, "just_signed_up", False):
            message_template = SIGNED_UP
        if message is None and message_template:
            try:
                rendered = render_to_string(message_template, message_context or {}, request)
            except TemplateDoesNotExist:
                return
            if not rendered.strip():
                return
            message = mark_safe(rendered.strip())
        super().add_message(request, level, message_template, message_context, extra_tags, message)


def recipient_language(user) -> str | None:
    """The player's chosen language; None keeps the language active now."""
    if user is None or not getattr(user, "pk", None):
        return None
    return Preferences.objects.filter(user=user).values_list("language", flat=True).first() or None
