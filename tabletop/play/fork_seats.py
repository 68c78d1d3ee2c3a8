"""Who sits where when a finished game is played on from a step ('Play on from here'), for
every door that offers it (the page's form, the API): who may be chosen, the seating offered
first, and a seating named by players' names or ids read into accounts.

Whether a seating is allowed at all is the store's decision (store.fork_game); this module
only says what to offer and reads what was chosen, so that the page and the API offer alike.
Apart from tabletop.play.forks because that module is under the store (its replay uses it),
and this one is over it.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils.translation import gettext

from tabletop.play import store
from tabletop.play.models import Game

# The name a seat is given to the computer (the strong bot) by, on the page and in the API.
COMPUTER = "computer"


def choosable(game: Game, user: AbstractBaseUser) -> list:
    """Who may be seated: the game's players, if `user` is one of them; else `user` alone."""
    players = [seat.user for seat in game.seats_with_players() if not seat.is_bot]
    return players if any(p.pk == user.pk for p in players) else [user]


def default_seating(game: Game, user: AbstractBaseUser) -> list:
    """The seating offered first (None: the computer): the same players in the same seats if
    `user` played the game, else `user` in the first seat and the computer in the others."""
    seats = game.seats_with_players()
    if any(seat.user_id == user.pk and not seat.is_bot for seat in seats):
        return [None if seat.is_bot else seat.user for seat in seats]
    return [user if seat.position == 0 else None for seat in seats]


def seating(game: Game, user: AbstractBaseUser, chosen: list) -> list:
    """The accounts for the seats as `chosen` names them, one entry a seat: a player's name, a
    player's id, or COMPUTER (None in the answer). An entry that names nobody `user` may
    choose is refused (store.Refused) with who may be; the store judges the rest."""
    people = choosable(game, user)
    by_name = {person.get_username(): person for person in people}
    by_id = {person.pk: person for person in people}
    seated = []
    for entry in chosen:
        if entry == COMPUTER:
            seated.append(None)
            continue
        person = by_id.get(entry) if isinstance(entry, int) else by_name.get(entry)
        if person is None:
            raise store.Refused(
                gettext("%(entry)s cannot be seated here; choose among %(names)s, or the computer.")
                % {"entry": entry, "names": ", ".join(sorted(by_name))}
            )
        seated.append(person)
    return seated
