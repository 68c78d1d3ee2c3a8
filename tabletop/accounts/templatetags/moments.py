"""`{{ deadline|moment }}`: a time in the reader's zone and language, the zone named
("Fri 4 Dec, 00:20 (Europe/Warsaw)"); `{{ deadline|moment:"Asia/Tokyo" }}` names the zone.

Here, in accounts, so that pages and emails load the same filter (`{% load moments %}`).
"""

from __future__ import annotations

from django import template

from tabletop.accounts import moments

register = template.Library()


@register.filter(name="moment")
def moment(value, zone: str | None = None) -> str:
    return moments.moment(value, zone)
