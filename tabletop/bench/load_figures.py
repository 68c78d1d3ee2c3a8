"""The load test's figures, told: a run's summary, where the cores went, and the capacity
search's steps against goal 1's latencies. Plain functions of the figures the locustfile
gathers (tabletop/bench/locustfile.py), apart so that it keeps to Locust's players."""

from __future__ import annotations

# Goal 1's latencies, which a step must meet for the machine to hold its players.
P95_MS, P99_MS = 250, 1000


def meets_latencies(figures: dict) -> bool:
    """Goal 1's latencies: every kind of page and API request under 250 ms at p95 and 1 s
    at p99, and not one failure (an email's SMTP conversation is held to its own goal, an
    answer within 60 s, and reported beside)."""
    web = [k for k in figures["kinds"].values() if k["method"] != "SMTP"]
    return figures["failures"] == 0 and all(k["p95"] < P95_MS and k["p99"] < P99_MS for k in web)


def capacity(steps: list[dict]) -> int:
    """The most online players of the steps met before the first one missed."""
    held = 0
    for step in steps:
        if not step["held"]:
            break
        held = step["online_target"]
    return held


def describe(figures: dict) -> list[str]:
    lines = [
        f"Steady state over {figures['seconds']:.0f} s (once the players had come online):",
        f"  moves/s {figures['moves_per_second']:.1f} {figures['moves_by_source']}",
        f"  polls/s {figures['polls_per_second']:.1f}",
        f"  turn and answer emails taken by the sink /s {figures['mail_in_per_second']:.1f}",
        f"  turn emails out /s {figures['turn_emails_per_second']:.1f}, "
        f"email replies in /s {figures['replies_per_second']:.1f}",
        f"  longest an email reply waited for its answer {figures['longest_answer_seconds']:.0f} s"
        f" (answered), {figures['longest_unanswered_seconds']:.0f} s (unanswered at the end)",
        f"  {'request':28} {'count':>7} {'fail':>5} {'p50':>6} {'p95':>6} {'p99':>6} (ms)",
    ]
    for name, k in figures["kinds"].items():
        lines.append(
            f"  {name:28} {k['requests']:7} {k['failures']:5} "
            f"{k['p50']:6.0f} {k['p95']:6.0f} {k['p99']:6.0f}"
        )
    lines.append(
        f"  failures {figures['failures']}, stale moves refused {figures['stale']}, "
        f"email replies refused {figures['refused_replies']}, "
        f"replies never answered {figures['unanswered_replies']}"
    )
    lines.extend(f"  error x{count}: {error}" for error, count in figures["errors"].items())
    lines.extend(describe_cores(figures["cores"], figures["seconds"]))
    return lines


def describe_cores(cores: dict, seconds: float) -> list[str]:
    if not cores:
        return []
    total = sum(part["seconds"] for part in cores.values())
    lines = [f"  where the cores went over {seconds:.0f} s (CPU seconds, cores, share):"]
    for name, part in sorted(cores.items(), key=lambda item: -item[1]["seconds"]):
        share = part["seconds"] / total if total else 0.0
        lines.append(
            f"    {name:11} {part['seconds']:8.1f} s {part['cores']:5.2f} cores {share:5.0%}"
        )
    lines.append(f"    {'all':11} {total:8.1f} s {total / seconds:5.2f} cores")
    return lines


def step_line(step: dict) -> str:
    web = {name: k for name, k in step["kinds"].items() if k["method"] != "SMTP"}
    worst = max(web.items(), key=lambda item: item[1]["p95"], default=("-", {}))
    cores = sum(part["cores"] for part in step["cores"].values())
    return (
        f"  {step['online_target']:5} online: moves/s {step['moves_per_second']:.1f}, "
        f"polls/s {step['polls_per_second']:.1f}, failures {step['failures']}, "
        f"worst p95 {worst[1].get('p95', 0):.0f} ms ({worst[0]}), "
        f"p99 {max((k['p99'] for k in web.values()), default=0):.0f} ms, "
        f"{cores:.2f} cores busy: " + ("held" if step["held"] else "MISSED")
    )


def describe_steps(steps: list[dict]) -> list[str]:
    lines = ["Capacity search (goal 1: p95 < 250 ms, p99 < 1 s, 0 failures, every kind):"]
    lines.extend(step_line(step) for step in steps)
    found = capacity(steps)
    lines.append(f"Capacity: {found} online players on this machine at goal 1's latencies")
    for step in steps:
        if not step["held"] or step is steps[-1]:
            lines.append(f"  the step of {step['online_target']} online:")
            lines.extend(describe(step)[1:])
            break
    return lines
