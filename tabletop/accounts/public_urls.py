"""Whether a webhook URL points at the public internet, and where it really points.

A webhook makes our server send a request to an address a player chose: without this check a
player could make it call the database, Redis, the cloud's metadata service or anything else
on the private network. Only http(s) URLs whose host resolves to public addresses only pass;
the check runs when the URL is saved and again at each delivery, after DNS resolution, and the
delivery then connects to the very address that was checked (so a name that resolves to
somewhere else a second later cannot slip through). WEBHOOK_ALLOW_LOOPBACK (the tests) lets
loopback addresses through, and nothing else private.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext


class NotPublic(ValueError):
    """The URL may not be called; the message says why, in the player's words."""


@dataclass(frozen=True)
class Target:
    """A checked URL: its parts, and the address that was resolved and found public."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def check(url: str) -> Target:
    """The URL's target, resolved and checked; NotPublic when it may not be called."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https"):
        raise NotPublic(gettext("A webhook URL starts with https:// (or http://)."))
    if not parts.hostname:
        raise NotPublic(gettext("The webhook URL names no host."))
    if parts.username or parts.password:
        raise NotPublic(gettext("A webhook URL may not carry a user name or password."))
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise NotPublic(
            gettext("The port in the webhook URL is not a number from 1 to 65535.")
        ) from None
    address = first_public_address(parts.hostname, port)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, parts.hostname, port, path, address)


def first_public_address(host: str, port: int) -> str:
    """The first address `host` resolves to, when every one of them may be called."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise NotPublic(not_found(host)) from None
    addresses = [info[4][0] for info in found]
    if not addresses:
        raise NotPublic(not_found(host))
    for address in addresses:
        why = why_not_public(ipaddress.ip_address(address.split("%")[0]))
        if why:
            raise NotPublic(
                gettext("The host %(host)s is %(why)s; webhooks go to public hosts only.")
                % {"host": host, "why": why}
            )
    return addresses[0]


def not_found(host: str) -> str:
    return gettext("The host %(host)s could not be found.") % {"host": host}


def why_not_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """Why this address may not be called ("" when it may)."""
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    if address.is_loopback:
        return (
            "" if settings.WEBHOOK_ALLOW_LOOPBACK else gettext("this machine (a loopback address)")
        )
    if address.is_link_local:
        return gettext("a link-local address")
    if address.is_private:
        return gettext("a private address")
    if address.is_multicast or address.is_reserved or address.is_unspecified:
        return gettext("not a public address")
    if not address.is_global:
        return gettext("not a public address")
    return ""
