"""Demo players and games, so a newcomer has something to look at and move in."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import Rng
from tabletop.accounts import addresses
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game

PLAYERS = ("alice", "bob", "carol")
PASSWORD = "tabletop-demo"
# Each demo game: slug, seats, how many random steps to play into it.
DEMO_GAMES = (
    ("gazobu", 3, 9),
    ("dos", 3, 12),
    ("dr_gomb", 3, 10),
    ("buttons", 3, 12),
    ("dr_hrubec", 3, 10),
)


def demo_users():
    users = []
    for name in PLAYERS:
        user, created = get_user_model().objects.get_or_create(
            username=name, defaults={"email": f"{name}@example.com"}
        )
        if created:
            user.set_password(PASSWORD)
            user.save()
        # The demo addresses take game email, as a player's confirmed address does.
        addresses.verify(user)
        users.append(user)
    return users


class Command(BaseCommand):
    help = "Create the demo players (alice, bob, carol) and a game part-way through per game."

    def handle(self, *args, **options):
        users = demo_users()
        rng = Rng("demo")
        for slug, seats, steps in DEMO_GAMES:
            if Game.objects.filter(slug=slug, created_by=users[0]).exists():
                continue
            game = store.create_game(users[0], slug, seats, {})
            for user in users[1:seats]:
                store.join_game(game, user)
            play_bot_steps(game, rng, steps)
        self.stdout.write(f"tabletop is at {settings.SITE_URL}/")
        self.stdout.write("Log in as " + ", ".join(PLAYERS) + f" with the password {PASSWORD!r}.")
        self.stdout.write(f"The API takes a token from {settings.SITE_URL}/api/auth/token/.")
