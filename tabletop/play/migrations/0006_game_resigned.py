# The seats that resigned, projected on the game (every move read them from the log).

from django.db import migrations, models


def project_resignations(apps, schema_editor):
    Game = apps.get_model("play", "Game")
    Move = apps.get_model("play", "Move")
    resigned = {}
    for game_id, seat in (
        Move.objects.filter(payload={"kind": "resign"})
        .order_by("game_id", "seat")
        .values_list("game_id", "seat")
    ):
        resigned.setdefault(game_id, []).append(seat)
    for game_id, seats in resigned.items():
        Game.objects.filter(pk=game_id).update(resigned=seats)


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0005_log_lines_and_snapshots"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="resigned",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(project_resignations, migrations.RunPython.noop),
    ]
