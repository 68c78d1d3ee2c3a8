"""Forms of the web pages: they read and check input; the store decides."""

from __future__ import annotations

import re
from types import ModuleType

from django import forms
from django.core.validators import validate_email
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tabletop.play import jsontext
from tabletop.play.models import Game

REMINDER_CHOICES = [
    (72, _("3 days before")),
    (48, _("2 days before")),
    (24, _("1 day before")),
    (12, _("12 hours before")),
    (6, _("6 hours before")),
    (2, _("2 hours before")),
    (1, _("1 hour before")),
]
MAX_INVITES = 10
SEATING_CHOICES = [
    ("open", _("Anyone: the table is listed under open games until its seats are taken")),
    ("private", _("Only the players I invite: nobody else sees the table")),
]
# Django's own rule for usernames (UnicodeUsernameValidator), so a typo is caught here.
USERNAME = re.compile(r"[\w.@+-]+")
USERNAME_LENGTH = 150


UNREADABLE_MOVE = _("That move could not be read; reload the page.")


def players_label(count: int) -> str:
    return ngettext("%(count)d player", "%(count)d players", count) % {"count": count}


# The games' options and their worded values, in words that can be translated; any other
# option reads as its name.
OPTION_LABELS = {"mode": _("Mode"), "target": _("Target score"), "layout": _("Board layout")}
OPTION_VALUES = {"basic": _("basic"), "normal": _("normal"), "random": _("random")}


def usual_players(rules: ModuleType) -> int:
    """The seat count a new game of `rules` starts with unless the player asks for more:
    the form's first choice, and the one-click game against the computer's."""
    return rules.min_players


def option_label(name: str) -> str:
    return OPTION_LABELS.get(name) or name.replace("_", " ").capitalize()


class NewGameForm(forms.Form):
    """The lobby form for one game: seats, its options, the time control and invitations."""

    players = forms.TypedChoiceField(coerce=int, label=_("Players"))
    days_per_move = forms.IntegerField(
        min_value=1, max_value=60, initial=3, label=_("Days per move")
    )
    reminder_hours = forms.TypedMultipleChoiceField(
        coerce=int,
        choices=REMINDER_CHOICES,
        initial=[24, 2],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Remind me"),
    )
    timeout_policy = forms.ChoiceField(
        choices=Game.Timeout.choices,
        initial=Game.Timeout.BOT,
        widget=forms.RadioSelect,
        label=_("When the deadline passes"),
    )
    fill_with_bots = forms.BooleanField(
        required=False,
        label=_("Play now against the computer"),
        help_text=_("Bots take every other seat and the game starts at once."),
    )
    seating = forms.ChoiceField(
        choices=SEATING_CHOICES,
        initial="open",
        required=False,
        widget=forms.RadioSelect,
        label=_("Who may sit"),
    )
    invite = forms.CharField(
        required=False,
        max_length=MAX_INVITES * 260,
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": _("bob, friend@example.com")}),
        label=_("Invite friends"),
        help_text=_(
            "Players' names or email addresses, separated by commas or new lines; each "
            "gets an email with a link, and a seat is held for them until they answer."
        ),
    )

    def __init__(self, rules: ModuleType, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        counts = range(rules.min_players, rules.max_players + 1)
        self.fields["players"].choices = [(n, players_label(n)) for n in counts]
        self.fields["players"].initial = usual_players(rules)
        for name, values in rules.options.items():
            self.fields[f"option_{name}"] = forms.ChoiceField(
                choices=[
                    (str(value), OPTION_VALUES.get(str(value), str(value))) for value in values
                ],
                initial=str(values[0]),
                label=option_label(name),
            )

    def option_fields(self) -> list:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def clean_invite(self) -> list[str]:
        invitees = [a for a in re.split(r"[\s,;]+", self.cleaned_data["invite"]) if a]
        for invitee in invitees:
            check_invitee(invitee)
        if len(invitees) > MAX_INVITES:
            raise forms.ValidationError(
                gettext("Invite at most %(most)d players at once.") % {"most": MAX_INVITES}
            )
        return list(dict.fromkeys(a.lower() if "@" in a else a for a in invitees))

    def clean_seating(self) -> str:
        return self.cleaned_data["seating"] or "open"

    def is_private(self) -> bool:
        return self.cleaned_data["seating"] == "private"

    def options(self) -> dict:
        """The chosen options with their original types (the rules compare values exactly)."""
        chosen = {}
        for name, values in self.rules.options.items():
            by_text = {str(value): value for value in values}
            chosen[name] = by_text[self.cleaned_data[f"option_{name}"]]
        return chosen


def check_invitee(invitee: str) -> None:
    """A player's name or an email address, or a ValidationError that says which it is not."""
    shown = invitee if len(invitee) <= 60 else invitee[:57] + "..."
    if "@" in invitee:
        try:
            validate_email(invitee)
        except forms.ValidationError:
            raise forms.ValidationError(
                gettext("'%(invitee)s' is not an email address.") % {"invitee": shown}
            ) from None
    elif len(invitee) > USERNAME_LENGTH or not USERNAME.fullmatch(invitee):
        raise forms.ValidationError(
            gettext("'%(invitee)s' is neither a player's name nor an email address.")
            % {"invitee": shown}
        )


class InviteForm(forms.Form):
    invite = forms.CharField(max_length=254, label=_("Invite a player by name or email address"))

    def clean_invite(self) -> str:
        invitee = self.cleaned_data["invite"].strip()
        check_invitee(invitee)
        return invitee


class MoveForm(forms.Form):
    """A move control's post: the move as JSON and the seq the page showed."""

    move = forms.CharField(max_length=4000)
    expected_seq = forms.IntegerField(min_value=0)

    def clean_move(self) -> dict:
        try:
            move = jsontext.loads(self.cleaned_data["move"])
        except jsontext.TooDeep as refusal:
            raise forms.ValidationError(
                gettext("That move could not be read. %(why)s") % {"why": refusal}
            ) from None
        except ValueError:
            raise forms.ValidationError(UNREADABLE_MOVE) from None
        if not isinstance(move, dict):
            raise forms.ValidationError(UNREADABLE_MOVE)
        return move
