"""Where each player placed in the games that finished before placings were recorded (the
archive's won/lost filter and the profiles count them). Ratings are not rebuilt: they start
with the games that end from now on."""

from django.db import migrations


def place(apps, schema_editor):
    Game = apps.get_model("play", "Game")
    Placing = apps.get_model("ratings", "Placing")
    finished = Game.objects.filter(status="finished").exclude(placings__isnull=False)
    for game in finished.iterator():
        outcome = game.outcome or {}
        seats = list(game.seats.order_by("position"))
        winners = set(outcome.get("winners") or [])
        resigned = set((outcome.get("details") or {}).get("resigned") or [])
        scores = outcome.get("scores") or [0] * len(seats)

        def standing(seat):
            group = 0 if seat in winners else 2 if seat in resigned else 1
            return group, -(scores[seat] or 0)

        order = sorted({standing(seat.position) for seat in seats})
        Placing.objects.bulk_create(
            Placing(
                game=game,
                user_id=seat.user_id,
                seat=seat.position,
                rank=order.index(standing(seat.position)) + 1,
                won=seat.position in winners,
            )
            for seat in seats
        )


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0001_initial"),
        ("play", "0007_forks"),
    ]

    operations = [migrations.RunPython(place, migrations.RunPython.noop)]
