"""The review of a finished game on its history page: every seat's win chance (and score)
over the steps as a chart, the turning points, and the bot's suggestion beside each move.

It only reads the game's Analysis row (play/analysis.py computes it after the game ends);
the chart's geometry is made here, so that the template only draws it. Nothing of it is shown
while a game runs, to anyone: `shown_analysis` is the one way in, and it says no.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext

from tabletop.play.models import Analysis, Game

# The chart's own units (the viewBox): the page scales it to its width.
WIDTH = 640
CHANCES_HEIGHT = 220
SCORES_HEIGHT = 150
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 10, 14
# The colours and dashes of the site's seats (tabletop.css: .review-seat-N) go round after five.
SEAT_STYLES = 5
COMPUTING = (Analysis.Status.QUEUED, Analysis.Status.RUNNING)


@dataclass
class Tick:
    y: float
    label: str


@dataclass
class Column:
    """One step's strip of the chart: a click on it shows that step."""

    seq: int
    x: float
    width: float


@dataclass
class Chart:
    height: int
    bottom: float
    lines: list[dict] = field(default_factory=list)
    ticks: list[Tick] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)
    now_x: float = 0.0
    dots: list[dict] = field(default_factory=list)
    turns: list[dict] = field(default_factory=list)
    width: int = WIDTH
    left: int = LEFT
    right: int = WIDTH - RIGHT

    def y_of(self, value: float) -> float:
        """A value from 0 (the chart's foot) to 1 (its top)."""
        return round(self.bottom - (self.bottom - TOP) * value, 2)


def shown_analysis(game: Game) -> Analysis | None:
    """The game's analysis under its rules version; None while the game runs, whatever
    exists: no chance or suggestion may reach anyone during play."""
    if not game.is_over:
        return None
    return Analysis.objects.filter(game=game, rules_version=game.rules_version).first()


def percent(chance: float) -> str:
    return gettext("%(percent)s%%") % {"percent": round(chance * 100)}


def suggestion_text(suggestion) -> str:
    """The bot's choice in words; a turning point may hold it as the step's dict or as text."""
    if isinstance(suggestion, dict):
        return str(suggestion.get("text") or "")
    return str(suggestion or "")


def review(game: Game, seq: int) -> dict | None:
    """What the history page shows of the analysis at step `seq`; None while the game runs."""
    if not game.is_over:
        return None
    analysis = shown_analysis(game)
    if analysis is None:
        return {"status": "missing"}
    shown = {
        "status": analysis.status,
        "steps_done": analysis.steps_done,
        "steps_total": analysis.steps_total,
        "percent_done": round(100 * analysis.steps_done / max(analysis.steps_total, 1)),
        "poll": reverse("history-analysis", args=[game.pk]) + f"?seq={seq}",
    }
    if analysis.status != Analysis.Status.DONE or not analysis.steps:
        return shown
    names = [seat.user.get_username() for seat in game.seats_with_players()]
    steps = sorted(analysis.steps, key=lambda step: step["seq"])
    played = dict(game.moves.values_list("seq", "payload"))
    rows = step_rows(steps, played, names, seq)
    turning = turning_points(analysis.turning_points, names, seq)
    return {
        **shown,
        "legend": [
            {"seat": seat, "name": name, "style": seat % SEAT_STYLES}
            for seat, name in enumerate(names)
        ],
        "chances": chances_chart(steps, seq, analysis.turning_points),
        "scores": scores_chart(steps, seq),
        "names": names,
        "rows": rows,
        "turning_points": turning,
        "now": next((row for row in rows if row["seq"] == seq), None),
        "marks": log_marks(rows, turning),
    }


# ---------------------------------------------------------------------------- the words


def step_rows(steps: list[dict], played: dict, names: list[str], seq: int) -> list[dict]:
    """Each step for the table and the log: the chances after it, who chose it, what was
    played, and what the bot would have played where that differs."""
    rows = []
    for step in steps:
        suggestion = step.get("suggestion")
        differs = bool(suggestion) and (
            not isinstance(suggestion, dict) or suggestion.get("move") != played.get(step["seq"])
        )
        seat = step.get("seat")
        scores = step.get("scores") or []
        rows.append(
            {
                "seq": step["seq"],
                "current": step["seq"] == seq,
                "chances": [
                    {
                        "name": name,
                        "seat": i,
                        "percent": percent(chance),
                        "score": scores[i] if i < len(scores) else None,
                    }
                    for i, (name, chance) in enumerate(zip(names, step["chances"], strict=False))
                ],
                "seat": seat,
                "name": names[seat] if seat is not None and seat < len(names) else "",
                "played": step.get("played") or "",
                "suggestion": suggestion_text(suggestion) if differs else "",
                "agrees": seat is not None and not differs,
            }
        )
    return rows


def turning_points(found: list[dict], names: list[str], seq: int) -> list[dict]:
    return [
        {
            "seq": point["seq"],
            "seat": point["seat"],
            "style": point["seat"] % SEAT_STYLES,
            "name": names[point["seat"]] if point["seat"] < len(names) else "",
            "before": percent(point["before"]),
            "after": percent(point["after"]),
            "suggestion": suggestion_text(point.get("suggestion")),
            "current": point["seq"] == seq,
        }
        for point in found
    ]


def log_marks(rows: list[dict], turning: list[dict]) -> dict[int, dict]:
    """What the log marks at a step: a turning point, the bot's other choice."""
    marks: dict[int, dict] = {}
    for row in rows:
        if row["suggestion"]:
            marks[row["seq"]] = {"suggestion": row["suggestion"], "turning": None}
    for point in turning:
        marks.setdefault(point["seq"], {"suggestion": "", "turning": None})["turning"] = point
    return marks


# ---------------------------------------------------------------------------- the charts


def x_of(seq: int, last: int) -> float:
    return round(LEFT + (WIDTH - LEFT - RIGHT) * seq / max(last, 1), 2)


def columns(last: int) -> list[Column]:
    """Strips centred on each step, together covering the chart from side to side."""
    step = (WIDTH - LEFT - RIGHT) / max(last, 1)
    strips = []
    for seq in range(last + 1):
        start = max(LEFT, x_of(seq, last) - step / 2)
        end = min(WIDTH - RIGHT, x_of(seq, last) + step / 2)
        strips.append(Column(seq=seq, x=round(start, 2), width=round(max(end - start, 1), 2)))
    return strips


def chart(height: int, series: list[tuple[int, list[float]]], seq: int, last: int) -> Chart:
    """The frame and one polyline per seat of (seq, value 0..1) points."""
    drawn = Chart(
        height=height, bottom=height - BOTTOM, columns=columns(last), now_x=x_of(seq, last)
    )
    y_of = drawn.y_of
    seats = max((len(values) for _, values in series), default=0)
    for seat in range(seats):
        points = [
            f"{x_of(at, last)},{y_of(values[seat])}" for at, values in series if seat < len(values)
        ]
        drawn.lines.append({"seat": seat, "style": seat % SEAT_STYLES, "points": " ".join(points)})
        here = next((values for at, values in series if at == seq), None)
        if here is not None and seat < len(here):
            drawn.dots.append(
                {"x": x_of(seq, last), "y": y_of(here[seat]), "style": seat % SEAT_STYLES}
            )
    return drawn


def chances_chart(steps: list[dict], seq: int, turning: list[dict]) -> Chart:
    last = steps[-1]["seq"]
    drawn = chart(CHANCES_HEIGHT, [(s["seq"], s["chances"]) for s in steps], seq, last)
    drawn.ticks = [Tick(y=drawn.y_of(share / 4), label=percent(share / 4)) for share in range(5)]
    drawn.turns = [
        {
            "x": x_of(point["seq"], last),
            "y": drawn.y_of(point["after"]),
            "style": point["seat"] % SEAT_STYLES,
        }
        for point in turning
    ]
    return drawn


def scores_chart(steps: list[dict], seq: int) -> Chart | None:
    """The scores on a scale from the lowest to the highest; None where the game keeps none."""
    scored = [(s["seq"], s["scores"]) for s in steps if s.get("scores")]
    if not scored:
        return None
    low = min(0, *(min(scores) for _, scores in scored))
    high = max(1, *(max(scores) for _, scores in scored))
    span = high - low
    scaled = [(at, [(score - low) / span for score in scores]) for at, scores in scored]
    drawn = chart(SCORES_HEIGHT, scaled, seq, steps[-1]["seq"])
    drawn.ticks = [
        Tick(y=drawn.y_of((value - low) / span), label=str(value))
        for value in sorted({low, round(low + span / 2), high})
    ]
    return drawn
