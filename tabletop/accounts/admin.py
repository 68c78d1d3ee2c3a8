from django.contrib import admin

from tabletop.accounts.models import Preferences

admin.site.register(Preferences)
