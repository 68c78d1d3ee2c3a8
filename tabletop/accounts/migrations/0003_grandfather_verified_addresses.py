"""Grandfather the addresses of every account that existed before verification did.

Game email now goes only to verified addresses. These players have been getting their turn
emails, and answering them, at these addresses all along, which is proof enough; cutting
them off in the middle of their games would lose those games to timeouts. New sign-ups verify
by the emailed link (or by signing up through an invitation's link).

Where two accounts share an address (made outside the sign-up page, which refused that),
only the older one is verified: an address plays under one account.
"""

from django.conf import settings
from django.db import migrations


def grandfather_addresses(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    EmailAddress = apps.get_model("account", "EmailAddress")
    verified = set(EmailAddress.objects.filter(verified=True).values_list("email", flat=True))
    for user in User.objects.exclude(email="").order_by("pk").iterator():
        email = user.email.lower()
        has_primary = EmailAddress.objects.filter(user=user, primary=True).exists()
        address, _ = EmailAddress.objects.get_or_create(
            user=user, email=email, defaults={"primary": not has_primary}
        )
        if not address.verified and email not in verified:
            address.verified = True
            address.save(update_fields=["verified"])
            verified.add(email)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_used_link"),
        ("account", "0009_emailaddress_unique_primary_email"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(grandfather_addresses, migrations.RunPython.noop, elidable=True),
    ]
