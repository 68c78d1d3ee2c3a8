"""The pages' side of tables among friends: who may see a table, inviting, answering an
invitation, withdrawing one, cancelling a table, and asking for a rematch; and the one-click
game against the computer.

Each view reads the request and calls one function of play (invitations, rematches, store);
a refusal is shown on the game page with the status it names.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tabletop.accounts import limits
from tabletop.play import invitations, rematches, store
from tabletop.play.models import Game, Invitation
from tabletop.web import pages
from tabletop.web.forms import InviteForm, usual_players


def shown_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if the viewer may see it: a private table only to its players and the
    people invited to it; anyone else gets 403 with the reason."""
    game = store.read_with_seats(game_id)  # the table with it: the page shows it all
    if game is None:
        raise Http404(gettext("There is no game %(id)s.") % {"id": game_id})
    hidden = invitations.why_hidden(game, request.user)
    if hidden:
        raise PermissionDenied(hidden)
    return game


def refused(request: HttpRequest, game: Game, message: str, status: int) -> HttpResponse:
    """The game page again, with the refusal where the table's controls are."""
    game.refresh_from_db()
    if invitations.why_hidden(game, request.user):
        raise PermissionDenied(message)
    context = {**pages.game_page(game, request.user), "table_error": message}
    return render(request, "web/game.html", context, status=status)


def invitation_of(game: Game, invitation_id: int) -> Invitation:
    found = invitations.find(game, invitation_id)
    if found is None:
        raise Http404(
            gettext("There is no invitation %(id)s to this game.") % {"id": invitation_id}
        )
    return found


@login_required
@require_POST
@limits.limit("invite")
def invite(request: HttpRequest, game_id: int) -> HttpResponse:
    game = shown_game(request, game_id)
    form = InviteForm(request.POST)
    if not form.is_valid():
        error = " ".join(message for errors in form.errors.values() for message in errors)
        return refused(request, game, error, 400)
    try:
        invitation = invitations.invite(game, form.cleaned_data["invite"], request.user)
    except store.Refused as refusal:
        return refused(request, game, refusal.message, refusal.status)
    messages.success(
        request,
        gettext("Invitation sent to %(invitee)s; a seat is held for them.")
        % {"invitee": invitation.invitee},
    )
    return redirect("game", game.pk)


@login_required
@require_POST
def withdraw(request: HttpRequest, game_id: int, invitation_id: int) -> HttpResponse:
    game = shown_game(request, game_id)
    invitation = invitation_of(game, invitation_id)
    try:
        invitations.withdraw(invitation, request.user)
    except store.Refused as refusal:
        return refused(request, game, refusal.message, refusal.status)
    messages.success(
        request,
        gettext("The invitation to %(invitee)s is withdrawn.") % {"invitee": invitation.invitee},
    )
    return redirect("game", game.pk)


@login_required
@require_POST
def accept(request: HttpRequest, game_id: int, invitation_id: int) -> HttpResponse:
    game = shown_game(request, game_id)
    try:
        invitations.accept(invitation_of(game, invitation_id), request.user)
    except store.Refused as refusal:
        return refused(request, game, refusal.message, refusal.status)
    return redirect("game", game.pk)


@login_required
@require_POST
def decline(request: HttpRequest, game_id: int, invitation_id: int) -> HttpResponse:
    game = shown_game(request, game_id)
    try:
        invitations.decline(invitation_of(game, invitation_id), request.user)
    except store.Refused as refusal:
        return refused(request, game, refusal.message, refusal.status)
    messages.success(
        request,
        gettext("You declined the invitation to %(title)s #%(pk)s.")
        % {"title": game.title, "pk": game.pk},
    )
    return redirect("dashboard")


@login_required
@require_POST
def cancel(request: HttpRequest, game_id: int) -> HttpResponse:
    game = shown_game(request, game_id)
    if request.POST.get("confirm") != "yes":
        return refused(
            request, game, gettext("Tick the box to confirm that you cancel the table."), 400
        )
    try:
        store.cancel_game(game, request.user)
    except store.Refused as refusal:
        return refused(request, game, refusal.message, refusal.status)
    return redirect("game", game.pk)


@login_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    game = shown_game(request, game_id)
    try:
        proposal = rematches.accept(game, request.user)
    except store.Refused as refusal:
        return refused(request, game, refusal.message, refusal.status)
    if proposal.new_game_id is not None:
        return redirect("game", proposal.new_game_id)
    return redirect("game", game.pk)


@login_required
@require_POST
@limits.limit("create-game")
def play_the_computer(request: HttpRequest, slug: str) -> HttpResponse:
    """One click from the lobby or a rules page: a private game of `slug` at its usual seat
    count with the strong bot in every other seat, started at once (the new-game form holds
    every other choice)."""
    rules = pages.rules_for(slug)
    if rules is None:
        messages.error(
            request, gettext("There is no game called '%(slug)s'.") % {"slug": slug[:60]}
        )
        return render(request, "web/choose_game.html", {"games": pages.gallery()}, status=404)
    try:
        game = store.create_game(
            request.user, rules.slug, usual_players(rules), fill_with_bots=True, private=True
        )
    except store.Refused as refusal:
        messages.error(request, refusal.message)
        return redirect(f"{reverse('new-game')}?game={rules.slug}")
    return redirect("game", game.pk)
