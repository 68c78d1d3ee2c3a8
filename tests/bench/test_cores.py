"""Where the cores went (tabletop/bench/cores.py): a process's CPU time counts its children's,
the ones that ended too, as gunicorn's and Celery's workers are counted with their master."""

from __future__ import annotations

import subprocess
import sys

from tabletop.bench import cores

# A child that spends 0.3 s of CPU in a grandchild of its own, waits for it (so the time is
# in the child's reaped children's), then says so and waits for its stdin to close.
PARENT = """
import subprocess, sys
subprocess.run([sys.executable, "-c", '''
import time
while time.process_time() < 0.3:
    pass
'''], check=True)
print("burnt", flush=True)
sys.stdin.read()
"""


TEXT = {"capture_output": True, "text": True, "check": True}


def test_a_process_counts_the_cpu_of_a_child_that_ended():
    child = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "burnt"
        assert cores.tree_seconds(child.pid, cores.processes()) >= 0.29
    finally:
        child.stdin.close()
        child.wait()


def test_a_process_that_is_gone_counts_nothing():
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], **TEXT)
    gone = int(child.stdout)
    assert cores.read_stat(gone) is None
    assert cores.tree_seconds(gone, cores.processes()) == 0.0
