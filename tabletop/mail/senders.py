"""Whether a received message really comes from the domain its From names: DKIM.

Anyone can write any From. A reply is taken as its sender's only when a DKIM signature of the
From domain, or of a parent of it ("relaxed" alignment, as DMARC has it), verifies. A
signature that covers only part of the body (l=) does not count: text could have been added
below the signed part.
"""

from __future__ import annotations

import logging

import dkim

log = logging.getLogger(__name__)

# A message with many signatures costs a DNS lookup each; real mail has one to three.
MOST_SIGNATURES = 5
DNS_SECONDS = 5


def lookup_txt(name: bytes, timeout: float = DNS_SECONDS) -> bytes | None:
    """The TXT record of a DNS name (the selector's public key). Tests serve their own."""
    return dkim.dnsplug.get_txt(name, timeout=timeout)


def aligned(domain: str, signer: str) -> bool:
    """The signing domain is the From domain or a parent of it (never a bare top-level name)."""
    domain, signer = domain.lower().rstrip("."), signer.lower().rstrip(".")
    return "." in signer and (domain == signer or domain.endswith("." + signer))


def signed_by(raw: bytes, domain: str) -> bool:
    """True when a DKIM signature aligned with `domain` verifies over the whole message."""
    if not domain:
        return False
    try:
        checker = dkim.DKIM(raw, minkey=1024, timeout=DNS_SECONDS)
        count = sum(1 for name, _ in checker.headers if name.lower() == b"dkim-signature")
    except Exception:  # a header block dkimpy cannot even split: nothing verifies
        return False
    return any(verified(checker, index, domain) for index in range(min(count, MOST_SIGNATURES)))


def verified(checker: dkim.DKIM, index: int, domain: str) -> bool:
    try:
        # Read the signature's own fields first: an unaligned one costs no DNS lookup.
        checker.verify_headerprep(index)
        signer = checker.domain.decode("ascii", "replace")
        if not aligned(domain, signer) or b"l" in checker.signature_fields:
            return False
        if b"from" not in checker.include_headers:
            return False
        return bool(checker.verify(idx=index, dnsfunc=txt_record))
    except dkim.DKIMException as error:
        log.info("DKIM signature %d does not verify: %s", index, error)
    except Exception:  # the resolver's own failures: no verdict is no signature
        log.warning("DKIM signature %d could not be checked", index, exc_info=True)
    return False


def txt_record(name: bytes, timeout: float = DNS_SECONDS) -> bytes | None:
    # Looked up at call time, so that a test's own lookup_txt is the one used.
    return lookup_txt(name, timeout)
