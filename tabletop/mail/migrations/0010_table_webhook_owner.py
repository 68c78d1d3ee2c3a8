"""A table may hear several webhooks, one per player who set one, each belonging to its owner.

Every existing webhook is owned by whoever set it (`set_by`), or, were that ever unknown, by
the table's creator. No game, move or seat changes.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def own_by_who_set_them(apps, schema_editor):
    TableWebhook = apps.get_model("mail", "TableWebhook")
    for hook in TableWebhook.objects.select_related("game").filter(owner__isnull=True):
        hook.owner_id = hook.set_by_id or hook.game.created_by_id
        hook.save(update_fields=["owner"])


class Migration(migrations.Migration):
    dependencies = [
        ("mail", "0009_vote_email"),
        ("play", "0005_log_lines_and_snapshots"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="tablewebhook",
            name="owner",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="table_webhooks",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(own_by_who_set_them, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tablewebhook",
            name="owner",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="table_webhooks",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="tablewebhook",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="webhooks",
                to="play.game",
            ),
        ),
        migrations.AlterModelOptions(name="tablewebhook", options={"ordering": ["pk"]}),
        migrations.AddConstraint(
            model_name="tablewebhook",
            constraint=models.UniqueConstraint(
                fields=("game", "owner"), name="one_table_webhook_per_owner"
            ),
        ),
    ]
