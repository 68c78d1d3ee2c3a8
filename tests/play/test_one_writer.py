"""Only the store writes the log and its projections (../shared/DESIGN.md): moves, seats, votes,
log lines and snapshots are made in `tabletop/play/store/` and nowhere else in the service."""

from __future__ import annotations

import re
from pathlib import Path

import tabletop

SERVICE = Path(tabletop.__file__).resolve().parent
LOGGED = r"(Move|Seat|Vote|LogLine|Snapshot)"
WRITE = re.compile(
    rf"\b{LOGGED}\.objects\.(create|bulk_create|bulk_update|update|get_or_create|update_or_create)"
    rf"|\b{LOGGED}\("
)
# The store; the models that define the rows; migrations, which move data as Django does; and the
# benchmark, which lays out thousands of seated tables to measure, never a real game.
ALLOWED = ("play/store/", "play/models.py", "/migrations/", "bench/")


def writers() -> list[str]:
    found = []
    for path in sorted(SERVICE.rglob("*.py")):
        where = path.relative_to(SERVICE).as_posix()
        if any(allowed in f"/{where}" for allowed in ALLOWED):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if WRITE.search(line):
                found.append(f"tabletop/{where}:{number}: {line.strip()}")
    return found


def test_nothing_but_the_store_writes_moves_seats_votes_or_log_lines():
    assert writers() == []


def test_the_check_sees_a_write_outside_the_store():
    assert WRITE.search("Move.objects.create(game=game, seq=1)")
    assert WRITE.search("Seat(game=game, position=0)")
    assert not WRITE.search("Move.objects.filter(game=game).first()")
