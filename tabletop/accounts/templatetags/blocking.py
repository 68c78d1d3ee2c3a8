"""The players a player blocks, for the settings page's list (accounts/_blocks.html)."""

from __future__ import annotations

from django import template

from tabletop.accounts import blocks

register = template.Library()


@register.simple_tag
def blocked_players(user) -> list:
    return blocks.blocked_by(user)


@register.simple_tag
def blocks_player(user, player) -> bool:
    """Whether `user` blocks `player` (for the player's page)."""
    return blocks.has_blocked(user, player)
