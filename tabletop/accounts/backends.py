"""Who a session's player is: Django's and allauth's authentication backends, reading the
player with their preferences in one query compiled once per thread.

Every request of a logged-in player reads the player, and every page reads their time zone and
language (middleware.py). Read together, the preferences cost no round trip of their own, and
a poll of the live panel that answers "nothing changed" asks the database this one query and
the cache only for the session and the game's stamps. The query is prepared (`prepared`) as
the API's token query is: building it cost the ORM more than running it.

Sessions opened before these backends name Django's and allauth's by their own paths; the
session store reads those as these (sessions.py), so nobody is logged out by the change.
"""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError
from django.db import router

from tabletop import prepared

# No player has this id: the prepared query's stand-in.
STAND_IN_PLAYER = -7_770_301


class ReadsThePlayerWithPreferences:
    def get_user(self, user_id):
        player = player_with_preferences(user_id)
        return player if player is not None and self.user_can_authenticate(player) else None


class PlayerBackend(ReadsThePlayerWithPreferences, ModelBackend):
    """Django's ModelBackend (log-in links, the admin, the tests' force_login)."""


class PlayerAuthenticationBackend(ReadsThePlayerWithPreferences, AuthenticationBackend):
    """allauth's backend (log-in by name or address and password, and by a code)."""


# What the backends were called in sessions opened before them.
FORMER_PATHS = {
    "django.contrib.auth.backends.ModelBackend": f"{__name__}.{PlayerBackend.__name__}",
    "allauth.account.auth_backends.AuthenticationBackend": (
        f"{__name__}.{PlayerAuthenticationBackend.__name__}"
    ),
}


def player_with_preferences(user_id):
    """The player, their preferences read with them (None on the relation when they have
    never changed any: `Preferences.of` gives the defaults); None if there is no such player."""
    model = get_user_model()
    alias = router.db_for_read(model)
    try:
        user_id = model._meta.pk.to_python(user_id)
    except ValidationError:
        return None
    if not isinstance(user_id, int) or not prepared.is_an_id(alias, model, user_id):
        return None
    query = prepared.prepare(
        alias,
        "player with preferences",
        lambda: model._default_manager.select_related("preferences").filter(pk=STAND_IN_PLAYER),
    )
    found = prepared.instances(query, {STAND_IN_PLAYER: user_id})
    return found[0] if found else None
