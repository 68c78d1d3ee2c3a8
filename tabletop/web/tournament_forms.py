"""Forms of the tournament pages: they read and check input; tabletop.tournaments decides."""

from __future__ import annotations

import re
from datetime import timedelta
from types import ModuleType

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tabletop.play import clock
from tabletop.tournaments import entries
from tabletop.tournaments.models import Tournament
from tabletop.web.forms import OPTION_VALUES, USERNAME, option_label, players_label

# A new tournament's sign-up stays open a week unless its organiser says otherwise.
SIGNUP_DAYS = 7
SEATING_CHOICES = [
    ("open", _("Anyone may join: the tournament is listed for everyone")),
    ("private", _("By invitation: only the players I name join and see it")),
]


def local_input(moment) -> str:
    """A time as a datetime-local input shows it: in the reader's zone, to the minute."""
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


class NewTournamentForm(forms.Form):
    """The organiser's form for one game: the game's options, the format, the time control
    and who may join."""

    name = forms.CharField(max_length=100, required=False, label=_("Name"))
    format = forms.ChoiceField(
        choices=Tournament.Format.choices,
        initial=Tournament.Format.SWISS,
        widget=forms.RadioSelect,
        label=_("Format"),
    )
    table_size = forms.TypedChoiceField(coerce=int, label=_("Players at each table"))
    rounds = forms.IntegerField(
        min_value=1,
        max_value=entries.MOST_SWISS_ROUNDS,
        initial=3,
        required=False,
        label=_("Rounds (Swiss)"),
        help_text=_("A round robin has as many rounds as it takes for everyone to meet."),
    )
    max_players = forms.IntegerField(
        min_value=2, max_value=entries.MOST_PLAYERS, initial=16, label=_("The most players")
    )
    days_per_move = forms.IntegerField(
        min_value=1, max_value=60, initial=3, label=_("Days per move")
    )
    round_days = forms.IntegerField(
        min_value=1,
        max_value=365,
        initial=14,
        label=_("Days per round"),
        help_text=_("Then the round's games still going are adjudicated."),
    )
    signup_deadline = forms.DateTimeField(
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        label=_("Sign-up closes"),
    )
    seating = forms.ChoiceField(
        choices=SEATING_CHOICES, initial="open", widget=forms.RadioSelect, label=_("Who may join")
    )
    invite = forms.CharField(
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": _("bob, cat")}),
        label=_("Invite players"),
        help_text=_("Players' names, separated by commas or new lines."),
    )

    def __init__(self, rules: ModuleType, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        sizes = range(rules.min_players, rules.max_players + 1)
        self.fields["table_size"].choices = [(n, players_label(n)) for n in sizes]
        self.fields["table_size"].initial = rules.min_players
        self.fields["signup_deadline"].initial = local_input(
            clock.now() + timedelta(days=SIGNUP_DAYS)
        )
        self.fields["signup_deadline"].help_text = gettext("In your time zone (%(zone)s).") % {
            "zone": timezone.get_current_timezone_name()
        }
        for name, values in rules.options.items():
            self.fields[f"option_{name}"] = forms.ChoiceField(
                choices=[
                    (str(value), OPTION_VALUES.get(str(value), str(value))) for value in values
                ],
                initial=str(values[0]),
                required=False,
                label=option_label(name),
            )

    def option_fields(self) -> list:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def options(self) -> dict:
        """The chosen options with their original types (the rules compare values exactly)."""
        chosen = {}
        for name, values in self.rules.options.items():
            by_text = {str(value): value for value in values}
            # An option left out is the game's usual one (its first).
            chosen[name] = by_text.get(self.cleaned_data.get(f"option_{name}"), values[0])
        return chosen

    def clean_invite(self) -> list:
        """The players named, each one found."""
        names = list(
            dict.fromkeys(n for n in re.split(r"[\s,;]+", self.cleaned_data["invite"]) if n)
        )
        if len(names) > entries.MOST_PLAYERS:
            raise forms.ValidationError(
                gettext("Invite at most %(most)d players at once.") % {"most": entries.MOST_PLAYERS}
            )
        known = {
            user.get_username(): user
            for user in get_user_model().objects.filter(username__in=names)
        }
        unknown = [n for n in names if n not in known or not USERNAME.fullmatch(n)]
        if unknown:
            raise forms.ValidationError(gettext("There is no player %s.") % ", ".join(unknown))
        return [known[n] for n in names]

    def is_private(self) -> bool:
        return self.cleaned_data["seating"] == "private"


class DropForm(forms.Form):
    """The organiser drops a player still in the running, with a reason kept in the log."""

    player = forms.TypedChoiceField(coerce=int, label=_("Player"))
    reason = forms.CharField(max_length=200, label=_("Reason"))

    def __init__(self, tournament: Tournament, *args, **kwargs):
        super().__init__(*args, **kwargs)
        still_in = tournament.entries.filter(dropped__isnull=True).select_related("player")
        self.fields["player"].choices = [(e.player_id, e.player.get_username()) for e in still_in]
        self.players = {e.player_id: e.player for e in still_in}

    def chosen_player(self):
        return self.players[self.cleaned_data["player"]]
