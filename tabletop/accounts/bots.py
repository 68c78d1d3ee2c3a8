"""The computer's players: accounts that sit in the seats a game's creator fills with bots.

Their names hold a middle dot, which the sign-up form's username rules never accept, so no
person can ever be mistaken for one (or take one's name). They cannot log in and have no
address, so no email is ever queued for them.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

BOT_NAME = "bot·{}"


def bot_player(number: int):
    """The bot account for a game's `number`-th bot seat (1, 2, ...)."""
    user, created = get_user_model().objects.get_or_create(
        username=BOT_NAME.format(number), defaults={"email": "", "is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def is_bot_name(name: str) -> bool:
    return name.startswith("bot·")
