"""Browser notifications in tests: the site's VAPID keys, and a browser that subscribes and
decrypts what the push service hands it (the receiver on loopback stands in for that service)."""

from __future__ import annotations

import base64
import json
import secrets

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid

from tabletop.accounts.models import Preferences


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def public_bytes(key) -> bytes:
    return key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


@pytest.fixture
def vapid(settings) -> Vapid:
    key = Vapid()
    key.generate_keys()
    settings.VAPID_PRIVATE_KEY = b64url(
        key.private_key.private_numbers().private_value.to_bytes(32, "big")
    )
    settings.VAPID_PUBLIC_KEY = b64url(public_bytes(key.private_key))
    return key


class Browser:
    """What a browser keeps of its subscription: the keys the push message is encrypted to."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = secrets.token_bytes(16)

    def keys(self) -> dict:
        return {"p256dh": b64url(public_bytes(self.key)), "auth": b64url(self.auth)}

    def read(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def wants_push(user, *events: str) -> None:
    preferences, _ = Preferences.objects.get_or_create(user=user)
    preferences.set_channels({event: {"push": True} for event in events})
    preferences.save()
