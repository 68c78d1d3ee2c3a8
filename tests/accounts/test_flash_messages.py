"""Account flashes are rendered from our templates: what they name shows as text, and their own
markup (the local outbox's link while DEBUG is on) as markup."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.db import SessionStore
from django.template import engines

from tabletop.accounts.adapter import AccountAdapter


def test_a_flash_shows_the_address_it_names_as_text_and_its_outbox_link_as_a_link(rf, settings, db):
    settings.DEBUG = True
    settings.EMAIL_BACKEND = "tabletop.mail.backends.LocalOutboxBackend"
    request = rf.get("/accounts/signup/")
    request.user = AnonymousUser()
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    AccountAdapter(request).add_message(
        request,
        messages.INFO,
        "account/messages/email_confirmation_sent.txt",
        {"email": "<b>eve</b>@example.com"},
    )
    shown = engines["django"].from_string("{% for m in messages %}{{ m }}{% endfor %}")
    page = shown.render({"messages": messages.get_messages(request)})
    assert "We sent a link to &lt;b&gt;eve&lt;/b&gt;@example.com" in page
    assert '<a href="/mail/">Read it in the local outbox.</a>' in page
