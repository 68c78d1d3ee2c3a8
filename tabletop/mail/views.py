"""Mail pages: the local outbox of the embedded default."""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tabletop.mail.models import LocalMail


def local_outbox(request: HttpRequest) -> HttpResponse:
    """Mail kept by the embedded default's backend; only there, or for staff."""
    local = settings.EMAIL_BACKEND == "tabletop.mail.backends.LocalOutboxBackend"
    if not (local and (settings.DEBUG or request.user.is_staff)):
        raise Http404("No local outbox here.")
    return render(request, "mail/local_outbox.html", {"mails": LocalMail.objects.all()[:200]})
