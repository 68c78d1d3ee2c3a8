"""The archive of finished games: filtered by game, player, date and result, sorted; the
same filters for the page and the API (django-filter), over the games the viewer may see."""

from __future__ import annotations

import django_filters
from django import forms
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext_lazy as _

import games
from tabletop.play.models import Game
from tabletop.ratings.profiles import shown_games

PAGE_SIZE = 25
ISO_DATE = "%Y-%m-%d"
# Filters that, given empty, would quietly mean "any": refused instead (the API's schema
# promises a value of its kind).
NOT_EMPTY = ("game", "finished_after", "finished_before", "result", "sort", "page")
RESULTS = [
    ("won", _("won by the player")),
    ("lost", _("lost by the player")),
    ("shared", _("a shared victory")),
]


class ArchiveForm(forms.Form):
    def clean(self) -> dict:
        data = super().clean()
        if data.get("result") in ("won", "lost") and not data.get("player"):
            raise forms.ValidationError(
                _("Name a player to find the games they won or lost."), code="needs_player"
            )
        after, before = data.get("finished_after"), data.get("finished_before")
        if after and before and after > before:
            raise forms.ValidationError(
                _("The first date is after the last one: no game finished between them."),
                code="dates",
            )
        return data


class ArchiveFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(
        field_name="slug",
        choices=[(rules.slug, rules.title) for rules in games.all()],
        label=_("Game"),
    )
    player = django_filters.CharFilter(method="with_player", label=_("Player"))
    finished_after = django_filters.DateFilter(
        field_name="finished",
        lookup_expr="date__gte",
        label=_("Finished on or after"),
        input_formats=[ISO_DATE],
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    finished_before = django_filters.DateFilter(
        field_name="finished",
        lookup_expr="date__lte",
        label=_("Finished on or before"),
        input_formats=[ISO_DATE],
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    result = django_filters.ChoiceFilter(choices=RESULTS, method="with_result", label=_("Result"))
    sort = django_filters.OrderingFilter(
        fields=(("finished", "finished"), ("seq", "moves"), ("slug", "game")),
        field_labels={
            "finished": _("date"),
            "seq": _("moves"),
            "slug": _("game"),
            # Ours rather than django-filter's "%s (descending)", which speaks no Czech.
            "-finished": _("date (descending)"),
            "-moves": _("moves (descending)"),
            "-game": _("game (descending)"),
        },
        label=_("Sort"),
    )

    class Meta:
        model = Game
        fields: list[str] = []
        form = ArchiveForm

    def with_player(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        return queryset.filter(seats__user__username=value)

    def with_result(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        if value == "shared":
            shared = Game.objects.annotate(
                winners=Count("placings", filter=Q(placings__won=True))
            ).filter(winners__gt=1)
            return queryset.filter(pk__in=shared.values("pk"))
        player = self.form.cleaned_data["player"]
        return queryset.filter(placings__user__username=player, placings__won=(value == "won"))


def empty_filters(params) -> dict[str, list[str]]:
    """The filters given without a value, with what to do instead."""
    return {
        name: [_("Give a value, or leave this filter out.")]
        for name in NOT_EMPTY
        if name in params and not params[name].strip()
    }


def archive(params, viewer) -> ArchiveFilter:
    """The filter over the finished games `viewer` may see, newest first unless sorted."""
    found = (
        shown_games(viewer)
        .filter(status=Game.Status.FINISHED)
        .order_by("-finished", "-pk")
        .prefetch_related("seats__user")
    )
    return ArchiveFilter(params, queryset=found)


def winners_of(game: Game) -> list[str]:
    """The names of the winners (read from the prefetched seats and the outcome)."""
    winners = set((game.outcome or {}).get("winners") or [])
    return [seat.user.get_username() for seat in game.seats.all() if seat.position in winners]
