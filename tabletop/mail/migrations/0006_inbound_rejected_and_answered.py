from django.db import migrations, models


def mark_answered(apps, schema_editor):
    """Until now every message but automatic mail was answered."""
    InboundMail = apps.get_model("mail", "InboundMail")
    InboundMail.objects.exclude(result="ignored").update(answered=True)


class Migration(migrations.Migration):
    dependencies = [
        ("mail", "0005_move_preferences_to_accounts"),
    ]

    operations = [
        migrations.AddField(
            model_name="inboundmail",
            name="answered",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="inboundmail",
            name="result",
            field=models.CharField(
                choices=[
                    ("accepted", "Accepted"),
                    ("refused", "Refused"),
                    ("answered", "answered a command"),
                    ("ignored", "ignored (automatic mail)"),
                    ("rejected", "rejected (could not be read; refused for good)"),
                ],
                max_length=10,
            ),
        ),
        migrations.RunPython(mark_answered, migrations.RunPython.noop),
    ]
