from django.db import migrations


class Migration(migrations.Migration):
    """Preferences moved to the accounts app: the table is renamed, every row stays."""

    dependencies = [
        ("mail", "0004_inbound_and_digest"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable(name="preferences", table="accounts_preferences"),
            ],
            state_operations=[migrations.DeleteModel(name="Preferences")],
        ),
    ]
