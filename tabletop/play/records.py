"""A finished game's record as plain text: a person reads it, a program replays it.

The format (version 1), one record a file (several may follow one another)::

    # tabletop game record 1
    Game: gazobu
    Title: Gazobu #12
    Rules version: 1
    Random scheme: 2
    Options: {"mode": "normal"}
    Seat 1: ann
    Seat 2 (computer): bot·1
    Started: 2026-12-01 09:58 UTC
    Finished: 2026-12-03 18:40 UTC
    Seed: 5f0c...
    Seed SHA-256: 9a1e...
    Result: ann 31, bot·1 12; ann wins
    Outcome: {"details": {}, "scores": [31, 12], "winners": [0]}
    Final position SHA-256: 77b2...

    1. ann (web, 2026-12-01 10:00): take 2
    [ben, 2026-12-04 08:12: a bold start]
    2. bot·1 (bot, 2026-12-01 10:00): place 5 1
    3. ann (resign, 2026-12-01 10:05) json: {"kind": "resign"}

The header is one `Key: value` line each up to the first blank line; `Title` and `Result` are
for people and are not read back. Seats are numbered from 1; "(computer)" marks a seat the
computer played. Times are UTC, to the minute.

Then one line per step of the log: its number, the player's name, how the step reached the
log (web, email, bot, timeout-bot, resign, vote...) and when, then after `: ` the move in the
game's own notation, the words an email reply uses (`rules.format_move`, read back with
`rules.parse_move` in the position before the step). A step the notation cannot say exactly
(resignations, take-backs, the table's votes, anything whose notation would read back as
another move) is written after ` json: ` as its JSON payload. Bracketed lines are comments on
the step above them (those before step 1 are on the deal): `[author, time: text]`, where a
comment a moderator hid says only `(a moderator hid this comment)`; reading skips them.

`read` turns a record into the same document `tabletop.play.transfer` imports, so an imported
record passes every check an imported JSON line does, and `export.rerun` replays it.
"""

from __future__ import annotations

import copy
import json
import re
from datetime import UTC, datetime

import games
from games import IllegalMove, RandomStream
from tabletop.play import clock, store, transfer
from tabletop.play.export import Entry, export, starting_state
from tabletop.play.models import Game

MARK = "# tabletop game record 1"
TIME = "%Y-%m-%d %H:%M"
HIDDEN_COMMENT = "(a moderator hid this comment)"
STEP = re.compile(
    r"(?P<seq>\d+)\. (?P<name>.+?) \((?P<source>[a-z-]+)(?:, (?P<at>[0-9: -]+))?\)"
    r"(?P<json> json)?: (?P<move>.*)"
)
SEAT = re.compile(r"Seat (?P<number>\d+)(?P<bot> \(computer\))?")


# ---------------------------------------------------------------------------- writing


def write(game: Game, with_comments: bool = True) -> str:
    """The record of a finished game; store.Refused for one still in play (its seed and
    hands are secret) or one played on from another game's position."""
    if not game.is_over:
        raise store.Refused("The record can be read once the game is over.")
    if game.forked_from_id is not None:
        raise store.Refused(
            "A game played on from another game's position has no text record yet; "
            "its JSON log replays it."
        )
    document = export(game)
    comments = comments_by_step(game) if with_comments else {}
    lines = [*header(game, document), "", *comment_lines(comments.get(0, []))]
    steps = zip(document["moves"], store.history(game), strict=True)
    for entry, (_move, before, _after) in steps:
        lines.append(step_line(game.rules, entry, before, document["players"]))
        lines += comment_lines(comments.get(entry["seq"], []))
    return "\n".join(lines) + "\n"


def header(game: Game, document: dict) -> list[str]:
    names = document["players"]
    seats = [
        f"Seat {seat + 1}{' (computer)' if seat in document['bots'] else ''}: {name}"
        for seat, name in enumerate(names)
    ]
    return [
        MARK,
        f"Game: {game.slug}",
        f"Title: {game.title} #{game.pk}",
        f"Rules version: {game.rules_version}",
        f"Random scheme: {game.random_scheme}",
        f"Options: {compact(game.options)}",
        *seats,
        f"Started: {moment(game.started)} UTC",
        f"Finished: {moment(game.finished)} UTC",
        f"Seed: {game.seed}",
        f"Seed SHA-256: {game.seed_sha256}",
        f"Result: {result(names, game.outcome)}",
        f"Outcome: {compact(game.outcome)}",
        f"Final position SHA-256: {document['final_state_sha256']}",
    ]


def step_line(rules, entry: dict, before: dict, names: list[str]) -> str:
    seat, move = entry["seat"], entry["move"]
    at = datetime.fromisoformat(entry["at"])
    said = notation(rules, move, before, seat)
    written = f": {said}" if said is not None else f" json: {compact(move)}"
    return f"{entry['seq']}. {names[seat]} ({entry['source']}, {moment(at)}){written}"


def notation(rules, move: dict, before: dict, seat: int) -> str | None:
    """The move in the game's words, or None when those words would not read back as
    exactly this move (or the step is the service's own, no rules move)."""
    if move == store.RESIGN or move.get("kind") in (store.TAKE_BACK, *store.TABLE_EVENTS):
        return None
    try:
        text = rules.format_move(move, before, seat)
        exact = rules.parse_move(text, before, seat) == move
    except (IllegalMove, KeyError, TypeError, ValueError):
        return None  # a move the notation has no words for: its JSON says it
    if not exact or not text.strip() or "\n" in text:
        return None
    return text


def comments_by_step(game: Game) -> dict[int, list]:
    found: dict[int, list] = {}
    for comment in game.comments.select_related("user").order_by("seq", "created", "pk"):
        found.setdefault(comment.seq, []).append(comment)
    return found


def comment_lines(comments: list) -> list[str]:
    return [f"[{c.user.get_username()}, {moment(c.created)}: {comment_text(c)}]" for c in comments]


def comment_text(comment) -> str:
    # A comment a moderator hid keeps its place, without its words.
    if comment.hidden:
        return HIDDEN_COMMENT
    # A comment's own line breaks would start lines of their own: one line each.
    return " ".join(comment.text.split())


def result(names: list[str], outcome: dict) -> str:
    scores = outcome.get("scores") or []
    winners = [names[seat] for seat in outcome.get("winners", []) if seat < len(names)]
    counted = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=False))
    if not winners:
        won = "nobody wins"
    else:
        won = " and ".join(winners) + (" wins" if len(winners) == 1 else " win")
    return f"{counted}; {won}" if counted else won


def moment(at: datetime | None) -> str:
    if at is None:
        return "-"
    return clock.to_the_minute(at).astimezone(UTC).strftime(TIME)


def compact(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


# ---------------------------------------------------------------------------- reading


def is_record(text: str) -> bool:
    return text.lstrip().startswith(MARK)


def split(text: str) -> list[str]:
    """The records of a file that holds one or more, each from its first line on."""
    found: list[list[str]] = []
    for line in text.splitlines():
        if line.strip() == MARK:
            found.append([])
        if found:
            found[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in found]


def import_record(text: str) -> Game:
    """Store the game of a record, through the same checks as an imported JSON line."""
    return transfer.import_line(json.dumps(read(text)))


def read(text: str) -> dict:
    """The export document (`tabletop.play.export`) a record says; store.Refused with the
    line at fault when it is no record, or a step does not read or replay."""
    lines = text.strip().splitlines()
    if not lines or lines[0].strip() != MARK:
        raise store.Refused(f"This is no tabletop game record: it must begin {MARK!r}.")
    end = next((n for n, line in enumerate(lines) if not line.strip()), len(lines))
    document = read_header(lines[1:end])
    document["moves"] = read_steps(document, lines[end + 1 :])
    return document


def read_header(lines: list[str]) -> dict:
    fields, players, bots = {}, [], []
    for line in lines:
        key, sep, value = line.partition(": ")
        if not sep:
            raise store.Refused(f"The header line {line!r} is not 'Key: value'.")
        seat = SEAT.fullmatch(key)
        if seat:
            if int(seat["number"]) != len(players) + 1:
                raise store.Refused(f"{key} is out of order: seats are numbered 1, 2, ...")
            bots += [len(players)] if seat["bot"] else []
            players.append(value)
        else:
            fields[key] = value
    try:
        return {
            "game": fields["Game"],
            "rules_version": int(fields["Rules version"]),
            "random_scheme": int(fields["Random scheme"]),
            "options": json.loads(fields["Options"]),
            "players": players,
            "bots": bots,
            "seed": fields["Seed"],
            "seed_sha256": fields["Seed SHA-256"],
            "outcome": json.loads(fields["Outcome"]),
            "final_state_sha256": fields.get("Final position SHA-256"),
            "started": read_moment(fields.get("Started", "-")),
            "finished": read_moment(fields.get("Finished", "-")),
        }
    except KeyError as missing:
        raise store.Refused(f"The header has no {missing.args[0]!r} line.") from None
    except ValueError as error:
        raise store.Refused(f"The header does not read: {error}.") from None


def read_moment(text: str) -> str | None:
    text = text.removesuffix(" UTC")
    if text == "-":
        return None
    moment_read = datetime.strptime(text, TIME).replace(tzinfo=UTC)
    return moment_read.isoformat()


def read_steps(document: dict, lines: list[str]) -> list[dict]:
    """Each step line as an exported move. The notation is read in the position before the
    step, so the steps are replayed as they are read."""
    try:
        rules = games.get(document["game"])
    except KeyError:
        raise store.Refused(f"This server has no game {document['game']!r}.") from None
    stream = RandomStream(document["seed"], document["random_scheme"])
    try:
        positions = [starting_state(rules, document, stream)]
    except (IllegalMove, KeyError, TypeError, ValueError) as error:
        raise store.Refused(f"The game cannot be set up as the header says: {error}.") from None
    moves = []
    for line in lines:
        if not line.strip() or line.startswith("["):
            continue  # comments are for people; the log is the steps
        entry = read_step(rules, line, positions[-1], document["players"], len(moves) + 1)
        positions.append(replayed_step(rules, entry, positions, stream))
        moves.append(entry)
    return moves


def read_step(rules, line: str, before: dict, names: list[str], expected: int) -> dict:
    step = STEP.fullmatch(line.strip())
    if step is None:
        raise store.Refused(f"The line {line!r} is no step: 'N. name (source, time): move'.")
    seq = int(step["seq"])
    if seq != expected:
        raise store.Refused(f"Step {seq} is out of order: step {expected} was expected.")
    if step["name"] not in names:
        raise store.Refused(f"Step {seq} names {step['name']!r}, who has no seat.")
    seat = names.index(step["name"])
    try:
        if step["json"]:
            move = json.loads(step["move"])
        else:
            move = rules.parse_move(step["move"], before, seat)
        at = read_moment(step["at"]) if step["at"] else None
    except (IllegalMove, ValueError) as error:
        raise store.Refused(f"Step {seq} does not read: {error}") from None
    if not isinstance(move, dict):
        raise store.Refused(f"Step {seq} is no move: a JSON object is expected.")
    return {"seq": seq, "seat": seat, "move": move, "source": step["source"], "at": at}


def replayed_step(rules, entry: dict, positions: list[dict], stream: RandomStream) -> dict:
    """The position after one step; a take-back goes back to one read before it."""

    def restore(seq: int) -> dict:
        if not 1 <= seq < len(positions):
            # No position to go back to: refused below with the replay's other failures.
            raise ValueError(f"it withdraws move {seq}, which was not played before it")
        return copy.deepcopy(positions[seq - 1])

    step = Entry(entry["seq"], entry["seat"], entry["move"])
    try:
        [(_, _, after)] = store.replay_log(rules, positions[-1], [step], stream, restore)
    except (IllegalMove, KeyError, TypeError, ValueError) as error:
        raise store.Refused(f"Step {entry['seq']} is refused on replay: {error}") from None
    return after
