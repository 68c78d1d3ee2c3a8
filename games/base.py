"""The rules contract every game module fulfils, and the pieces they share.

A game module is pure Python: it imports nothing from Django or the service. It exposes
`slug`, `title`, `min_players`, `max_players`, `options`, `version` and the functions
`setup`, `to_act`, `legal_moves`, `apply`, `view`, `outcome`, `describe`, `parse_move`
and `format_move` (see ../shared/DESIGN.md). State is plain JSON data.

Optional, beyond the contract: `move_groups(state, seat) -> list[MoveGroup]` (the legal moves
folded for a turn email; the service falls back on `group_moves`) and
`read_meanings(text, state, seat) -> list[dict]` (every legal move a reply line could mean;
`parse_move` plays the line only when there is exactly one) and
`reveals(before, seat, move, after) -> bool` (whether a step showed anyone something hidden,
so that it may not be taken back; see `reveals` below).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from games.texts import Text, tell


class IllegalMove(Exception):
    """A move the rules refuse. The message is shown to the player as it is."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


@dataclass
class Outcome:
    scores: list[int]
    winners: list[int]
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# The viewer of a finished game's log (`describe(..., viewer=EVERYONE)`): each line told in
# the third person with nothing hidden, the same for every reader. Only the service asks for
# it, and only once the game is over; a seat or None is told exactly what it always was.
EVERYONE = "all"

Viewer = int | str | None


def knows(viewer: Viewer, seat: int | None) -> bool:
    """Whether `viewer` may read what only `seat` knew: that seat itself, or everyone once the
    game is over."""
    return viewer == EVERYONE or (seat is not None and viewer == seat)


@dataclass
class Explanation:
    """A finished game's score told to its players: sentences, and a table whose rows start
    with their label (a player, a round) and follow `columns`. A game module may offer
    `explain(outcome, names) -> Explanation` over its own `Outcome.details`;
    `plain_explanation` is what every other game gets."""

    sentences: list[str]
    columns: list[str]
    rows: list[list[Any]]


def plain_explanation(outcome: dict, names: list[str]) -> Explanation:
    """The scores in words and a table, from most to fewest: a game with no `explain`, or one
    that ended with no breakdown. Its words are `Text`s, read in the reader's language."""
    scores = outcome.get("scores") or []
    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    told = ", ".join(f"{names[seat]} {scores[seat]}" for seat in order)
    return Explanation(
        sentences=[tell("The scores: %(scores)s.", scores=told)] if scores else [],
        columns=[tell("Player"), tell("Score")],
        rows=[[names[seat], scores[seat]] for seat in order],
    )


class Rng:
    """A deterministic generator over SHA-256 in counter mode.

    Python's `random` may change between versions; SHA-256 never will, so a game started
    today replays to the same shuffles on any future interpreter.
    """

    def __init__(self, seed: bytes | str):
        self._seed = seed.encode() if isinstance(seed, str) else bytes(seed)
        self._counter = 0
        self._buffer = b""

    @property
    def drawn(self) -> bool:
        """Whether anything was drawn from this generator (a roll, a shuffle, a choice)."""
        return self._counter > 0

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
            self._buffer += block
            self._counter += 1
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b], by rejection so that no value is favoured."""
        if a > b:
            raise ValueError(f"empty range {a}..{b}")
        span = b - a + 1
        limit = (1 << 64) - (1 << 64) % span
        while True:
            value = int.from_bytes(self._take(8), "big")
            if value < limit:
                return a + value % span

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def choice(self, seq):
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randint(0, len(seq) - 1)]


def step_rng(seed: str, step: int) -> Rng:
    """The rng of move `step` (0 is setup) under random scheme 1."""
    return Rng(f"{seed}:{step}")


# How a game's steps get their randomness; a game keeps the scheme it started with, so old
# games replay exactly as they were played.
#   1: step n draws from Rng(seed:n). Every logged step, even one that reveals nothing (a
#      standing order), shifts the dice of every later step: a player could log free steps
#      until a peeked roll suited them.
#   2: one stream of random events. The k-th step that draws anything draws from
#      Rng(seed:event:k); a step that draws nothing leaves every later draw as it was.
RANDOM_SCHEMES = (1, 2)
LATEST_RANDOM_SCHEME = 2


@dataclass
class RandomStream:
    """Hands each step of one game the rng it may draw from, and counts the random events.

    Use: `rng = stream.rng_for(seq)`, apply the step with it, then `stream.settle(rng)`.
    `events` is how many steps (setup included) have drawn so far; the store keeps it with
    the projection so that the next step needs no replay.
    """

    seed: str
    scheme: int = LATEST_RANDOM_SCHEME
    events: int = 0

    def __post_init__(self) -> None:
        if self.scheme not in RANDOM_SCHEMES:
            raise IllegalMove(
                f"This game uses random scheme {self.scheme}; this server knows "
                f"{', '.join(map(str, RANDOM_SCHEMES))}."
            )

    def rng_for(self, seq: int) -> Rng:
        if self.scheme == 1:
            return step_rng(self.seed, seq)
        return Rng(f"{self.seed}:event:{self.events}")

    def settle(self, rng: Rng) -> None:
        if rng.drawn:
            self.events += 1

    def bot_rng(self, purpose: str, seq: int) -> Rng:
        """A bot's choices for a seat (at a timeout, or for a resigned seat); under scheme 2
        they too are untouched by steps that draw nothing."""
        if self.scheme == 1:
            return Rng(f"{self.seed}:{purpose}:{seq}")
        return Rng(f"{self.seed}:{purpose}:event:{self.events}")


# Rules versions. A rules change that alters how a log replays bumps the module's `version`;
# games started under an older one keep it for life. A module that keeps older versions lists
# them in `versions` and takes `setup(players, options, rng, version=...)`; the state of such a
# game carries whatever the module needs to play on under its version (see each module).


def supported_versions(rules) -> tuple[int, ...]:
    return tuple(getattr(rules, "versions", (rules.version,)))


def setup_at(rules, players, options: dict | None, rng: Rng, version: int) -> dict:
    """`rules.setup` for a game started under `version` of the rules."""
    if version == rules.version:
        return rules.setup(players, options, rng)
    if version not in supported_versions(rules):
        raise IllegalMove(
            f"This game was started under version {version} of the rules of {rules.title}; "
            f"this server has versions {', '.join(map(str, supported_versions(rules)))}."
        )
    return rules.setup(players, options, rng, version=version)


def seed_digest(seed: str) -> str:
    """The public commitment to a game's secret seed, shown from the start."""
    return hashlib.sha256(seed.encode()).hexdigest()


def resolve_options(allowed: dict[str, tuple], chosen: dict[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults (the first allowed value) and refuse unknown names or values."""
    chosen = dict(chosen or {})
    unknown = sorted(set(chosen) - set(allowed))
    if unknown and not allowed:
        raise IllegalMove(
            tell("Unknown option %(name)s; this game has: none.", name=repr(unknown[0]))
        )
    if unknown:
        raise IllegalMove(
            tell(
                "Unknown option %(name)s; this game has: %(options)s.",
                name=repr(unknown[0]),
                options=", ".join(allowed),
            )
        )
    resolved = {}
    for name, values in allowed.items():
        value = chosen.get(name, values[0])
        if value not in values:
            raise IllegalMove(
                tell(
                    "Option %(name)s cannot be %(value)s; choose one of: %(values)s.",
                    name=name,
                    value=repr(value),
                    values=", ".join(str(v) for v in values),
                )
            )
        resolved[name] = value
    return resolved


def player_names(players: int | list[str]) -> list[str]:
    """Setup accepts a player count or the players' names; either way the state keeps names."""
    if isinstance(players, int):
        return [f"Player {n + 1}" for n in range(players)]
    return [str(name) for name in players]


def check_player_count(rules, names: list[str]) -> None:
    if not rules.min_players <= len(names) <= rules.max_players:
        raise IllegalMove(
            tell(
                "%(title)s is for %(least)s to %(most)s players, not %(count)s.",
                title=rules.title,
                least=rules.min_players,
                most=rules.max_players,
                count=len(names),
            )
        )


def canonical(state: Any) -> str:
    """The byte-stable form of a state: two replays of one log give the same string."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def require_move_kind(move: Any, kinds: tuple[str, ...]) -> str:
    """The move's kind, or a refusal that lists the kinds this game knows (the API's words,
    the same in every language)."""
    listed = ", ".join(kinds)
    if not isinstance(move, dict) or not isinstance(move.get("kind"), str):
        raise IllegalMove(
            tell("A move is an object with a 'kind'; try one of: %(kinds)s.", kinds=listed)
        )
    if move["kind"] not in kinds:
        raise IllegalMove(
            tell(
                "'%(kind)s' is not a move in this game; try one of: %(kinds)s.",
                kind=move["kind"],
                kinds=listed,
            )
        )
    return move["kind"]


# --- Legal moves listed for a reader on a phone ------------------------------------------
#
# Optional extension of the contract: `rules.move_groups(state, seat) -> list[MoveGroup]`
# folds a long list of legal moves into a few lines, one per kind of move. A game without it
# gets `group_moves` over its `format_move` spellings.


@dataclass(frozen=True)
class MoveGroup:
    """One line of a folded list: `head` followed by each of `variants` is a line a player may
    write, meaning exactly one legal move; `note` says what the line leaves out.

    Any part may be a `games.texts.Text` (a game that tells its moves and notes in the
    reader's language): the lines are told from them, so the service reads them whole in
    the reader's language; their English is "head: a, b (note)"."""

    head: str
    variants: tuple[str, ...] = ()
    note: str = ""

    def spellings(self) -> list[str]:
        return [
            tell("%(head)s %(variant)s", head=self.head, variant=variant)
            for variant in self.variants
        ] or [self.head]

    def line(self) -> str:
        text = self.head
        if self.variants:
            text = tell("%(head)s: %(variants)s", head=self.head, variants=self.variants_listed())
        if self.note:
            text = tell("%(line)s (%(note)s)", line=text, note=self.note)
        return text

    def variants_listed(self) -> Text | str:
        """The variants one after another; by semicolons where one has a comma of its own."""
        semicolons = any("," in variant for variant in self.variants)
        told = self.variants[0]
        for variant in self.variants[1:]:
            if semicolons:
                told = tell("%(first)s; %(next)s", first=told, next=variant)
            else:
                told = tell("%(first)s, %(next)s", first=told, next=variant)
        return told


def group_moves(spellings: list[str]) -> list[MoveGroup]:
    """Spellings that begin with the same word share a line, headed by what they share."""
    by_word: dict[str, list[list[str]]] = {}
    for spelling in spellings:
        words = spelling.split(" ")
        by_word.setdefault(words[0], []).append(words)
    groups = []
    for members in by_word.values():
        if len(members) == 1:
            groups.append(MoveGroup(" ".join(members[0])))
            continue
        shared = 1
        shortest = min(len(words) for words in members)
        while shared < shortest - 1 and len({tuple(w[: shared + 1]) for w in members}) == 1:
            shared += 1
        if shortest == 1:
            # One spelling is the first word alone ("draw" beside "draw, DOS!"): list them whole.
            groups.extend(MoveGroup(" ".join(words)) for words in members)
            continue
        head = " ".join(members[0][:shared])
        groups.append(MoveGroup(head, tuple(" ".join(words[shared:]) for words in members)))
    return groups


def spellings_in_line(line: str) -> list[str]:
    """The lines a player may write from one line of a folded list (MoveGroup.line read back)."""
    if line.endswith(")") and " (" in line:
        line = line[: line.rindex(" (")]
    head, colon, rest = line.partition(": ")
    if not colon:
        return [line]
    joiner = "; " if "; " in rest else ", "
    return [f"{head} {variant}" for variant in rest.split(joiner)]


# Take-backs. A step may be taken back only while it has shown nobody anything new: the store
# refuses once a step drew from the rng, and asks the rules whether it revealed anything else.


def reveals(rules, before: dict, seat: int, move: dict, after: dict) -> bool:
    """Whether a step that drew nothing showed anyone but its mover something new.

    A rules module that knows which of its steps hide nothing says so with its own
    `reveals(before, seat, move, after)`; otherwise any change in what another seat or a
    spectator sees counts, which never lets a revealing step be taken back (it may refuse a
    step that showed only what everyone knew, such as a public piece moving).
    """
    own = getattr(rules, "reveals", None)
    if own is not None:
        return bool(own(before, seat, move, after))
    players = len(before["players"])
    others = [viewer for viewer in [*range(players), None] if viewer != seat]
    return any(rules.view(before, viewer) != rules.view(after, viewer) for viewer in others)
