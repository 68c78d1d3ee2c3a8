"""'Play on from here': a new game from a step of a finished game's history (store.fork_game).

The page asks who sits in each seat of the position: the game's players where they were (or
swapped), or the computer; someone who did not play it sits alone against the computer. What
is offered is tabletop.play.fork_seats', which the API's fork offers too."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy

from tabletop.accounts import limits
from tabletop.play import fork_seats, store
from tabletop.play.fork_seats import COMPUTER
from tabletop.play.models import Game
from tabletop.web import tables


class SeatsForm(forms.Form):
    seq = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, game: Game, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.people = fork_seats.choosable(game, user)
        offered = fork_seats.default_seating(game, user)
        choices = [(str(u.pk), u.get_username()) for u in self.people] + [
            (COMPUTER, gettext_lazy("the computer (strong bot)"))
        ]
        names = game.state.get("players") if isinstance(game.state, dict) else None
        for seat in game.seats_with_players():
            label = gettext("Seat %(number)s") % {"number": seat.position + 1}
            if names:
                label = gettext("Seat %(number)s (played by %(name)s)") % {
                    "number": seat.position + 1,
                    "name": names[seat.position],
                }
            self.fields[f"seat_{seat.position}"] = forms.ChoiceField(
                label=label, choices=choices, initial=choice_of(offered[seat.position])
            )

    def seated(self) -> list:
        by_pk = {str(u.pk): u for u in self.people}
        return [
            by_pk.get(self.cleaned_data[name]) for name in self.fields if name.startswith("seat_")
        ]


def choice_of(person) -> str:
    return COMPUTER if person is None else str(person.pk)


@login_required
@limits.limit("create-game")  # a fork is a new game: it counts with those made on any door
def fork(request: HttpRequest, game_id: int) -> HttpResponse:
    source = tables.shown_game(request, game_id)
    if not source.is_over:
        return redirect("game", source.pk)
    form = SeatsForm(source, request.user, request.POST or None, initial=initial_seq(request))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                game = store.fork_game(
                    source, form.cleaned_data["seq"], form.seated(), request.user
                )
            except store.Refused as refusal:
                form.add_error(None, refusal.message)
                status = refusal.status
            else:
                return redirect("game", game.pk)
    context = {"game": source, "form": form, "seq": form["seq"].value()}
    return render(request, "web/fork.html", context, status=status)


def initial_seq(request: HttpRequest) -> dict:
    try:
        return {"seq": max(0, int(request.GET.get("seq", 0)))}
    except ValueError:
        return {"seq": 0}
