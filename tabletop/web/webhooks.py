"""A table's webhooks page: a seated player points the table's turns, reminders, talk and end
at a chat channel (Discord, Slack) or a receiver of their own (mail.outgoing does the rest).
Each player may add one; its owner or the table's creator removes it."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy

from tabletop.accounts.models import Webhook
from tabletop.mail import outgoing
from tabletop.mail.models import TableWebhook
from tabletop.play import store
from tabletop.web import tables


class TableWebhookForm(forms.Form):
    url = forms.CharField(
        label=gettext_lazy("Webhook URL"),
        max_length=1000,
        help_text=gettext_lazy(
            "An https:// address on a public host. Everyone at the table may read what "
            "is posted there: whose move it is, the talk, the result; never a hand."
        ),
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=Webhook.Format.choices,
        initial=Webhook.Format.DISCORD,
    )


@login_required
def table_webhook(request: HttpRequest, game_id: int) -> HttpResponse:
    game = tables.shown_game(request, game_id)
    if game.seat_of(request.user) is None:
        raise PermissionDenied(gettext("Only the players seated at this table set its webhook."))
    form = TableWebhookForm(request.POST or None)
    status = 200
    if request.method == "POST":
        try:
            if request.POST.get("action") == "remove":
                remove(request, game)
                return redirect("table-webhook", game.pk)
            if form.is_valid():
                data = form.cleaned_data
                outgoing.set_table_webhook(game, request.user, data["url"], data["format"])
                messages.success(request, gettext("Your webhook for the table is saved."))
                return redirect("table-webhook", game.pk)
            status = 400
        except store.Refused as refusal:
            form.add_error(None, refusal.message)
            status = refusal.status
    hooks = [
        {"hook": hook, "may_change": outgoing.may_change(hook, request.user)}
        for hook in outgoing.table_webhooks(game)
    ]
    own = any(shown["hook"].owner_id == request.user.pk for shown in hooks)
    context = {"game": game, "hooks": hooks, "own": own, "form": form}
    return render(request, "web/table_webhook.html", context, status=status)


def remove(request: HttpRequest, game) -> None:
    """The webhook the form names (the player's own when it names none), if it is theirs or
    their table's to remove."""
    named = request.POST.get("hook", "")
    hook = None
    if named.isdigit():
        hook = TableWebhook.objects.filter(game=game, pk=int(named)).select_related("owner").first()
        if hook is None:
            raise store.Refused(gettext("That webhook was removed already."))
    if outgoing.remove_table_webhook(game, request.user, hook):
        messages.success(request, gettext("The webhook is removed."))
