"""Indexes for finding an account by its address or name whatever their case.

Every emailed reply finds its sender's account with `email__iexact` (PostgreSQL:
`UPPER(email::text) = UPPER(%s)`), and log-in and invitations find a name with
`username__iexact`; without an index on the same expression each was a scan of every account
(3-7 ms at 10,000 players, issue 31). auth.User is Django's model, so the indexes are made
here. SQLite's iexact is a LIKE, which no such index serves: there is nothing to make.
"""

from django.db import migrations

INDEXES = {
    "auth_user_email_upper": "UPPER(email::text)",
    "auth_user_username_upper": "UPPER(username::text)",
}


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, expression in INDEXES.items():
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON auth_user ({expression})")


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0008_tournament_notices"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_indexes, drop_indexes)]
