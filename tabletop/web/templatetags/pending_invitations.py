"""`{% invitations_awaiting_confirmation as found %}`: the invitations sent to an address the
viewer gave but has not confirmed yet (play.invitations.awaiting_confirmation).

A tag rather than a view's context because the refusal page (403.html) has no view of ours:
it and the dashboard show the same partial, web/_pending_invitations.html.
"""

from __future__ import annotations

from django import template

from tabletop.play import invitations
from tabletop.play.models import Invitation

register = template.Library()


@register.simple_tag(takes_context=True)
def invitations_awaiting_confirmation(context: template.Context) -> list[Invitation]:
    request = context.get("request")
    user = getattr(request, "user", None) or context.get("user")
    if not getattr(user, "is_authenticated", False):
        return []
    return invitations.awaiting_confirmation(user)
