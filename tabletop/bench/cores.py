"""Where the cores went during a load run: the CPU time each part of the stack took.

`make load` runs it beside Locust as a script (it imports nothing of the service):

    python tabletop/bench/cores.py --out cores.json --database tabletop_load \
        gunicorn=PID worker=PID smtpd=PID locust=PID

It reads /proc every `--every` seconds until stopped (SIGTERM) and writes, each time, the
seconds of CPU (user and system) each part has taken since it started watching: a process
with all its descendants, counting those that ended and were reaped too (their time is in
their parent's cutime/cstime); PostgreSQL as the backends serving `--database` (their
process titles name it), so that other databases on a shared server are not counted; Redis as
the whole redis-server process, which other users of a shared server also keep busy.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def read_stat(pid: int) -> tuple[int, float, float] | None:
    """(parent, own seconds, reaped children's seconds) of a process, or None once gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command may hold spaces and parentheses: the fields start after the last ")".
    fields = text[text.rindex(")") + 2 :].split()
    utime, stime, cutime, cstime = (int(value) for value in fields[11:15])
    return int(fields[1]), (utime + stime) / TICKS, (cutime + cstime) / TICKS


def title(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def processes() -> dict[int, tuple[int, float, float]]:
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = read_stat(int(entry))
            if stat is not None:
                found[int(entry)] = stat
    return found


def tree_seconds(root: int, table: dict[int, tuple[int, float, float]]) -> float:
    """A process's CPU with its living descendants' and the reaped ones' (in cutime)."""
    if root not in table:
        return 0.0
    children: dict[int, list[int]] = {}
    for pid, (parent, _own, _reaped) in table.items():
        children.setdefault(parent, []).append(pid)
    total, stack = 0.0, [root]
    while stack:
        pid = stack.pop()
        _parent, own, reaped = table[pid]
        total += own + reaped
        stack.extend(children.get(pid, []))
    return total


class Watch:
    """CPU seconds per part since the watch began; a part's process that ends keeps the
    time it was last seen with."""

    def __init__(self, roots: dict[str, int], database: str) -> None:
        self.roots, self.database = roots, database
        self.started = time.time()
        self.first: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self.backends_first: dict[int, float] = {}
        self.backends_last: dict[int, float] = {}

    def sample(self) -> None:
        table = processes()
        parts = {name: tree_seconds(pid, table) for name, pid in self.roots.items()}
        parts["redis"] = sum(
            own + reaped
            for pid, (_p, own, reaped) in table.items()
            if title(pid).startswith("redis-server")
        )
        for name, seconds in parts.items():
            if seconds or name not in self.last:
                self.first.setdefault(name, seconds)
                self.last[name] = seconds
        marker = f" {self.database} "
        for pid, (_parent, own, _reaped) in table.items():
            if pid in self.backends_last or marker in title(pid):
                self.backends_first.setdefault(pid, own)
                self.backends_last[pid] = own

    def seconds(self) -> dict[str, float]:
        spent = {name: self.last[name] - self.first[name] for name in self.last}
        spent["postgresql"] = sum(
            self.backends_last[pid] - self.backends_first[pid] for pid in self.backends_last
        )
        return spent

    def write(self, out: Path) -> None:
        figures = {"wall": time.time() - self.started, "cpu": self.seconds()}
        out.write_text(json.dumps(figures, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--every", type=float, default=2.0)
    parser.add_argument("parts", nargs="+", help="NAME=PID of each process tree to count")
    arguments = parser.parse_args()
    roots = {name: int(pid) for name, pid in (part.split("=", 1) for part in arguments.parts)}
    watch = Watch(roots, arguments.database)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(True))
    while not stopping:
        watch.sample()
        watch.write(arguments.out)
        time.sleep(arguments.every)
    watch.sample()
    watch.write(arguments.out)


if __name__ == "__main__":
    main()
