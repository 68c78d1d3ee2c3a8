from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def start_turns_at_the_current_seq(apps, schema_editor):
    """Seats already waiting: their turn counts from now, so that a reply address from before
    this migration cannot be told apart from one of an older turn and plays nothing (its
    answer carries a fresh address)."""
    Game, Seat = apps.get_model("play", "Game"), apps.get_model("play", "Seat")
    seq_now = Subquery(Game.objects.filter(pk=OuterRef("game_id")).values("seq")[:1])
    Seat.objects.filter(turn_started__isnull=False).update(turn_seq=seq_now)


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="random_events",
            field=models.PositiveIntegerField(default=0),
        ),
        # Games that exist already drew under scheme 1 and must replay so; new ones get 2.
        migrations.AddField(
            model_name="game",
            name="random_scheme",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AlterField(
            model_name="game",
            name="random_scheme",
            field=models.PositiveSmallIntegerField(default=2),
        ),
        migrations.AddField(
            model_name="seat",
            name="turn_seq",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(start_turns_at_the_current_seq, migrations.RunPython.noop),
    ]
