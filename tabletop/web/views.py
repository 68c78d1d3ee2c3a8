"""The web pages: each view reads the request, calls one function of the store, renders.

Every page works without JavaScript; with it, htmx swaps the game panel in place after a move
and polls it while others think. A move posts the move as JSON with the seq the page showed;
the store checks it again and a refusal is shown where the controls are.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response, quote_etag
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_cookie

from tabletop.accounts import limits
from tabletop.accounts.middleware import preferred_time_zone
from tabletop.play import invitations, presence, stamps, store, versions
from tabletop.play.export import export
from tabletop.play.models import Analysis, Game, Move
from tabletop.web import analysis, pages, step_links, tables
from tabletop.web.forms import MoveForm, NewGameForm


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def page(request: HttpRequest, template: str, context: dict, status: int = 200) -> HttpResponse:
    return render(request, template, context, status=status)


# ---------------------------------------------------------------------------- lobby


def dashboard(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return page(request, "web/welcome.html", {"games": pages.gallery()})
    version = pages.dashboard_version(request.user)  # before the games it stands for
    context = pages.dashboard(request.user)
    context["invitations"] = invitations.pending_for(request.user)
    context["version"] = version
    context["time_zone"] = preferred_time_zone(request.user)  # read with the player
    return page(request, "web/dashboard.html", context)


@login_required
def dashboard_games(request: HttpRequest) -> HttpResponse:
    """The dashboard's games alone, for htmx polling: nothing (204) while none has changed."""
    version = pages.dashboard_version(request.user)
    if request.GET.get("version") == version:
        return HttpResponse(status=204)
    context = {**pages.dashboard(request.user), "version": version, "polled": True}
    return page(request, "web/_dashboard_games.html", context)


@login_required
@limits.limit("create-game")
def new_game(request: HttpRequest) -> HttpResponse:
    rules = pages.rules_for(request.GET.get("game", "") or request.POST.get("game", ""))
    if rules is None:
        return page(request, "web/choose_game.html", {"games": pages.gallery()})
    form = NewGameForm(rules, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        wait = limits.spend(request, "invite", limits.of_player(request), len(data["invite"]))
        if wait:
            return limits.too_many(request, wait)
        try:
            game = invitations.create_table(
                request.user,
                rules.slug,
                data["players"],
                form.options(),
                days_per_move=data["days_per_move"],
                reminder_hours=data["reminder_hours"],
                timeout_policy=data["timeout_policy"],
                fill_with_bots=data["fill_with_bots"],
                private=form.is_private(),
                invitees=data["invite"],
            )
        except store.Refused as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect("game", game.pk)
    return page(request, "web/new_game.html", {"form": form, "rules": rules})


def open_games(request: HttpRequest) -> HttpResponse:
    found = (
        Game.objects.filter(status=Game.Status.OPEN, private=False)
        .order_by("-created")
        .prefetch_related("seats__user", "invitations")
    )
    found = list(found[:100])
    seated = {g.pk for g in found for s in g.seats.all() if s.user_id == request.user.pk}
    for listed in found:
        listed.held = sum(1 for i in listed.invitations.all() if i.holds_a_seat)
        listed.free = listed.players - len(listed.seats.all()) - listed.held
    return page(request, "web/open_games.html", {"games": found, "seated": seated})


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        store.join_game(game, request.user)
    except store.Refused as refusal:
        messages.error(request, refusal.message)
    return redirect("game", game.pk)


# ---------------------------------------------------------------------------- playing


def game(request: HttpRequest, game_id: int) -> HttpResponse:
    stamp = stamps.read(game_id, request.user)  # before the game: a write meanwhile shows
    found = tables.shown_game(request, game_id)
    presence.mark_seen(request.user, found)
    return page(request, "web/game.html", pages.game_page(found, request.user, stamp=stamp))


@cache_control(private=True, no_cache=True)
@vary_on_cookie
def panel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game panel alone, for htmx polling: nothing (204) while the game has not moved, and
    304 to a conditional GET whose ETag still holds, from the stamps in the cache (no query
    about the game), or else from one read of the game's version. Each poll tells mail the
    player is still at the game (no turn email meanwhile)."""
    stamp = stamps.read(game_id, request.user)
    if stamp is not None:
        unchanged = unchanged_since_stamp(request, stamp)
        if unchanged is not None:
            return unchanged
    seen = versions.read(game_id, request.user)
    # No such game, or only the full check can tell (it answers a stranger 403).
    found = None if seen and seen.plainly_shown else tables.shown_game(request, game_id)
    if seen is None:
        raise Http404(gettext("There is no game %(id)s.") % {"id": game_id})
    presence.mark_seen(request.user, seen)
    if stamp is None:
        unchanged = unchanged_since_version(request, seen)
        if unchanged is not None:
            return unchanged
    # Else the poll holds no token of the current stamps (a page built after a write, or
    # with the cache away, holds the database's version): the panel anew gives it one.
    found = found or tables.shown_game(request, game_id)
    context = pages.game_page(found, request.user, seen=seen, stamp=stamp)
    # The page polling holds the forms to ask the table and to resign, and keeps them.
    context["table_forms_held"] = request.GET.get("forms") == "held"
    response = page(request, "web/game_panel.html", context)
    return tagged(response, seen) if stamp is None else stamped(response, context["version"])


def unchanged_since_stamp(request: HttpRequest, stamp: stamps.Stamp) -> HttpResponse | None:
    """204 or 304 when the token the poll holds is still the viewer's: it was only handed to
    them with a page they were allowed to see, and any change to what they see changes it."""
    held = stamp.seq_held(request.GET.get("version"))
    if held is not None:
        response = HttpResponse(status=204)
    else:
        held = stamp.seq_in_etags(request.headers.get("If-None-Match", ""))
        if held is None:
            return None
        response = HttpResponseNotModified()
    presence.mark_seen_unless_fresh(request.user, presence.Shown(stamp.game_id, held), stamp.marked)
    return stamped(response, stamp.token(held))


def unchanged_since_version(request: HttpRequest, seen: versions.Version) -> HttpResponse | None:
    if request.GET.get("version") == seen.text:
        return tagged(HttpResponse(status=204), seen)
    unchanged = get_conditional_response(request, etag=quote_etag(seen.tag))
    return tagged(unchanged, seen) if unchanged is not None else None


def stamped(response: HttpResponse, token: str) -> HttpResponse:
    response["ETag"] = quote_etag(token)
    return response


def tagged(response: HttpResponse, seen: versions.Version) -> HttpResponse:
    """The version read before the page was built: a move meanwhile makes it older, never
    newer, so the next poll fetches again rather than keeping a stale panel."""
    response["ETag"] = quote_etag(seen.tag)
    return response


@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    found = tables.shown_game(request, game_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={reverse('game', args=[found.pk])}")
    form = MoveForm(request.POST)
    if not form.is_valid():
        error = " ".join(message for errors in form.errors.values() for message in errors)
        return refused(request, found, error, 400)
    try:
        store.submit(
            found,
            request.user,
            form.cleaned_data["move"],
            form.cleaned_data["expected_seq"],
            Move.Source.WEB,
        )
    except store.Refused as refusal:
        return refused(request, found, refusal.message, refusal.status)
    # The store hands the game back as the move left it, seats and players included. No
    # presence mark: the move in the log says when the player was at the game.
    if is_htmx(request):
        return page(request, "web/game_panel.html", pages.game_page(found, request.user))
    return redirect("game", found.pk)


def refused(request: HttpRequest, game: Game, error: str, status: int) -> HttpResponse:
    """The page again with the refusal where the controls are (and the current position)."""
    game.refresh_from_db()
    context = pages.game_page(game, request.user, error=error)
    template = "web/game_panel.html" if is_htmx(request) else "web/game.html"
    return page(request, template, context, status=status)


@login_required
@require_POST
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    found = tables.shown_game(request, game_id)
    if request.POST.get("confirm") != "yes":
        return refused(request, found, gettext("Tick the box to confirm that you resign."), 400)
    try:
        store.resign(found, request.user, Move.Source.RESIGN)
    except store.Refused as refusal:
        return refused(request, found, refusal.message, refusal.status)
    return redirect("game", found.pk)


@login_required
@require_POST
def undo(request: HttpRequest, game_id: int) -> HttpResponse:
    found = tables.shown_game(request, game_id)
    try:
        expected_seq = int(request.POST.get("expected_seq", ""))
    except ValueError:
        return refused(
            request, found, gettext("The undo lost its move number; reload and try again."), 400
        )
    try:
        store.take_back_or_ask(found, request.user, expected_seq, Move.Source.WEB)
    except store.Refused as refusal:
        return refused(request, found, refusal.message, refusal.status)
    if is_htmx(request):
        found.refresh_from_db()
        return page(request, "web/game_panel.html", pages.game_page(found, request.user))
    return redirect("game", found.pk)


@login_required
@require_POST
def call_vote(request: HttpRequest, game_id: int) -> HttpResponse:
    """The "ask the table" form: its subject field also carries how an ending is scored."""
    found = tables.shown_game(request, game_id)
    subject, _, how = request.POST.get("subject", "").partition(":")
    details = {name: request.POST[name] for name in ("days", "seat") if request.POST.get(name)}
    if how:
        details["how"] = how
    try:
        store.call_vote(found, request.user, subject, details, Move.Source.WEB)
    except store.Refused as refusal:
        return refused(request, found, refusal.message, refusal.status)
    return redirect("game", found.pk)


@login_required
@require_POST
def answer_vote(request: HttpRequest, game_id: int, vote_id: int) -> HttpResponse:
    found = tables.shown_game(request, game_id)
    yes = request.POST.get("yes")
    if yes not in ("yes", "no"):
        return refused(request, found, gettext("Answer the vote with yes or no."), 400)
    try:
        store.answer_vote(found, request.user, vote_id, yes == "yes", Move.Source.WEB)
    except store.Refused as refusal:
        return refused(request, found, refusal.message, refusal.status)
    return redirect("game", found.pk)


# ---------------------------------------------------------------------------- history


def game_history(request: HttpRequest, game_id: int, as_seat: int | None = None) -> HttpResponse:
    found = tables.shown_game(request, game_id)
    if found.status in (Game.Status.OPEN, Game.Status.CANCELLED):
        return redirect("game", found.pk)
    try:
        seq = int(request.GET.get("seq", found.seq))
    except ValueError:
        seq = found.seq
    shown = step_links.seat_shown(found, as_seat)  # a player's view: a finished game's only
    context = pages.history_page(found, request.user, seq, shown)
    if request.method == "POST" and found.is_over:
        # The "re-verify the whole log" button: replay it against the record and the seed.
        context["verification"] = pages.verification(found)
    return page(request, "web/history.html", context)


def history_analysis(request: HttpRequest, game_id: int) -> HttpResponse:
    """The history page's review block alone, which the page polls while it is computed.

    Once it is done, htmx is told to fetch the history section afresh (HX-Location), so that
    the log's marks and the step's suggestion fill in with the chart, without a reload."""
    found = tables.shown_game(request, game_id)
    if not found.is_over:
        raise Http404(gettext("A game is reviewed once it is over."))
    try:
        seq = max(0, min(int(request.GET.get("seq", found.seq)), found.seq))
    except ValueError:
        seq = found.seq
    shown = analysis.review(found, seq)
    response = page(request, "web/_analysis.html", {"game": found, "seq": seq, "review": shown})
    if is_htmx(request) and shown["status"] == Analysis.Status.DONE:
        path = reverse("history", args=[found.pk]) + f"?seq={seq}"
        response["HX-Location"] = json.dumps(
            {"path": path, "target": "#history", "select": "#history", "swap": "outerHTML"}
        )
    return response


def export_log(request: HttpRequest, game_id: int) -> HttpResponse:
    """The whole log as JSON, once the game is over (during play moves may hold secrets)."""
    found = tables.shown_game(request, game_id)
    if not found.is_over:
        raise Http404(gettext("The log can be downloaded once the game is over."))
    response = JsonResponse(
        export(found, found.seat_of(request.user)), json_dumps_params={"indent": 2}
    )
    filename = f"tabletop-{found.slug}-{found.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
