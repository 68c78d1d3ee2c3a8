"""The outbox, inbound mail and tables' webhooks in the admin: failed sends stay visible there
with their error."""

from django.contrib import admin

from tabletop.mail.models import InboundMail, Outbox, Suppression, TableWebhook


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "channel", "to", "game", "status", "attempts", "created", "sent"]
    list_filter = ["status", "kind", "channel"]
    search_fields = ["to", "last_error"]
    readonly_fields = [field.name for field in Outbox._meta.fields]


@admin.register(InboundMail)
class InboundMailAdmin(admin.ModelAdmin):
    list_display = ["received", "sender", "channel", "game", "result"]
    list_filter = ["result", "channel"]
    search_fields = ["sender", "message_id", "subject"]
    readonly_fields = [field.name for field in InboundMail._meta.fields]


admin.site.register(Suppression)


@admin.register(TableWebhook)
class TableWebhookAdmin(admin.ModelAdmin):
    """Switched-off webhooks show here with their last error."""

    list_display = ["game", "owner", "set_by", "format", "failures", "switched_off"]
    exclude = ["secret"]
