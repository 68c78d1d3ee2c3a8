from django.contrib import admin

from tabletop.accounts.models import Block, PlayerWebhook, Preferences, PushSubscription

admin.site.register(Preferences)


@admin.register(PlayerWebhook)
class PlayerWebhookAdmin(admin.ModelAdmin):
    """Switched-off webhooks show here with their last error; the secret is the player's."""

    list_display = ["user", "format", "failures", "switched_off"]
    exclude = ["secret"]


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ["user", "created"]
    exclude = ["p256dh", "auth"]


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ["blocker", "blocked", "created"]
    raw_id_fields = ["blocker", "blocked"]
