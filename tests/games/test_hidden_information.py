"""Fair play: the rules show nobody what they could not see at the table.

Seeded random games; at every step and for every viewer (each seat and the spectator), the
position is dealt again in everything that viewer may not see (other hands, the order and
contents of the deck, the queue behind its backs, other seats' secret choices). The viewer's
view, its plain text and the log line of the step must read byte for byte the same, and so must
whom the game waits for, the moves a seat is offered and the refusals it would be given.

The log line is checked two ways. The same move is played again from the disguised position;
where the viewer's view afterwards is unchanged (the step did not turn up a disguised card),
the line must not change either. And a secret choice (a Castling pick, a standing order) reads
the same as any other choice of that kind that would have left the viewer's view unchanged.
A finished game shows everything, so only positions in play are disguised.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from types import ModuleType

import games
from games import IllegalMove, Rng, canonical, step_rng
from games.bots import random_move
from games.dos import rules as dos_rules
from games.dos.cards import sort_cards
from games.dr_hrubec.cards import BY_SLUG, CLOSING, ORDER
from tests.games.dr_hrubec.positions import operate, play, position, rolling
from tests.games.dr_hrubec.positions import rules as hrubec
from tests.helpers.playout import mutated

Disguise = Callable[[dict, int | None, Rng, bool], dict]
TRIES = 3


# Dealing the hidden parts again


def redeal(zones: list[list], rng: Rng, everything: bool) -> None:
    """The cards of `zones` dealt again, each zone keeping its size: all of them shuffled
    together, or just two of them swapped (a disguise the step is less likely to turn up)."""
    cards = [card for zone in zones for card in zone]
    if len(cards) < 2:
        return
    if everything:
        rng.shuffle(cards)
    else:
        i, j = rng.randint(0, len(cards) - 1), rng.randint(0, len(cards) - 1)
        cards[i], cards[j] = cards[j], cards[i]
    for zone in zones:
        size = len(zone)
        zone[:], cards = cards[:size], cards[size:]


def others(state: dict, viewer: int | None) -> list[int]:
    return [seat for seat in range(len(state["players"])) if seat != viewer]


def gazobu_hidden(state: dict, viewer: int | None, rng: Rng, everything: bool) -> dict:
    """Other hands and the draw pile dealt again (the hand sizes and the pile size are public)."""
    other = json.loads(canonical(state))
    redeal(
        [*(other["hands"][seat] for seat in others(state, viewer)), other["draw"]], rng, everything
    )
    return other


def dos_hidden(state: dict, viewer: int | None, rng: Rng, everything: bool) -> dict:
    """Other hands, their waiting penalty cards and the deck (whatever is nowhere else)."""
    other = json.loads(canonical(state))
    turn = other["turn"]
    zones = [other["hands"][seat] for seat in others(state, viewer)]
    if turn["seat"] != viewer:
        zones.append(turn["penalty"])
    redeal([*zones, dos_rules.deck_cards(state)], rng, everything)
    for zone in zones:
        sort_cards(zone)
    return other


def buttons_hidden(state: dict, viewer: int | None, rng: Rng, everything: bool) -> dict:
    """Other seats' standing orders, private until the game ends."""
    other = json.loads(canonical(state))
    orders = list(games.get("buttons").ORDERS)
    seats = others(state, viewer)
    for seat in seats if everything else [rng.choice(seats)]:
        other["orders"][seat] = rng.choice(orders)
    return other


def dr_hrubec_hidden(state: dict, viewer: int | None, rng: Rng, everything: bool) -> dict:
    """Other hands with the deck, the queue with the unused patients of the same tier (the
    backs show the tiers), and the Castling picks others have made but not yet shown."""
    other = json.loads(canonical(state))
    seats = others(state, viewer)
    what = "all" if everything else rng.choice(["cards", "patients", "picks"])
    if what in ("all", "cards"):
        redeal([*(other["hands"][seat] for seat in seats), other["deck"]], rng, everything)
        for seat in seats:
            other["hands"][seat].sort(key=ORDER.__getitem__)
    if what in ("all", "patients"):
        for tier in (1, 2, 3):
            queued = [p for p in other["queue"] if p != CLOSING and BY_SLUG[p].tier == tier]
            boxed = [p for p in other["box"] if BY_SLUG[p].tier == tier]
            redeal([queued, boxed], rng, everything)
            at = iter(queued)
            other["queue"] = [
                next(at) if p != CLOSING and BY_SLUG[p].tier == tier else p for p in other["queue"]
            ]
            other["box"] = [p for p in other["box"] if BY_SLUG[p].tier != tier] + boxed
        other["box"].sort(key=ORDER.__getitem__)
    castling = other["castling"]
    if what in ("all", "picks") and castling:
        for seat in seats:
            if castling["picks"][seat] is not None:
                castling["picks"][seat] = rng.choice(other["teams"][seat])
    return other


# What a viewer sees


def seen(rules: ModuleType, state: dict, viewer: int | None) -> str:
    return json.dumps(rules.view(state, viewer), sort_keys=True)


def seen_in_text(rules: ModuleType, state: dict, viewer: int | None) -> str | None:
    return rules.view_text(state, viewer) if hasattr(rules, "view_text") else None


def offered(rules: ModuleType, state: dict, viewer: int | None, probes: list) -> tuple:
    """Whom the game waits for; for a seat, the moves its turn email lists and the answer it
    gets to each probe move it might send (accepted, or the refusal's words)."""
    if viewer is None:
        return (rules.to_act(state),)
    moves = [rules.format_move(move, state, viewer) for move in rules.legal_moves(state, viewer)]
    return rules.to_act(state), moves, [answer(rules, state, viewer, move) for move in probes]


def answer(rules: ModuleType, state: dict, seat: int, move: object) -> str:
    try:
        rules.apply(json.loads(canonical(state)), seat, copy.deepcopy(move), Rng("probe"))
    except IllegalMove as refusal:
        return str(refusal)
    return "accepted"


class Step:
    """One step played: the position before, the move, the position after."""

    def __init__(self, rules: ModuleType, before: dict, seat: int, move: dict, seed: str, n: int):
        self.rules, self.before, self.seat, self.move = rules, before, seat, move
        self.seed, self.n = seed, n
        self.after = self.play(before, move)

    def play(self, before: dict, move: dict) -> dict:
        rng = step_rng(self.seed, self.n)
        return self.rules.apply(json.loads(canonical(before)), self.seat, copy.deepcopy(move), rng)

    def other_choices(self) -> list[tuple[dict, dict]]:
        """The other moves of the same kind the seat could have made, with where they lead."""
        kind = self.move["kind"]
        moves = self.rules.legal_moves(self.before, self.seat)
        return [
            (move, self.play(self.before, move))
            for move in moves
            if move["kind"] == kind and move != self.move
        ]

    def line(self, before: dict, move: dict, after: dict, viewer: int | None) -> str:
        return self.rules.describe(before, self.seat, move, after, viewer)


def check_step(
    step: Step, viewer: int | None, disguise: Disguise, rng: Rng, tally: Counter
) -> None:
    """The view before, and the log line of the step, as `viewer` reads them."""
    rules, before, after = step.rules, step.before, step.after
    seen_before, text = seen(rules, before, viewer), seen_in_text(rules, before, viewer)
    probes = [step.move, mutated(step.move, rng)]
    offer = offered(rules, before, viewer, probes)
    line = step.line(before, step.move, after, viewer)
    seen_after = seen(rules, after, viewer)
    kind = step.move["kind"]
    for attempt in range(TRIES):
        other = disguise(before, viewer, rng, attempt == 0)
        assert seen(rules, other, viewer) == seen_before, (
            f"{rules.slug}: viewer {viewer} sees something hidden in the view"
        )
        # The text is built from the view alone (test_view_text.py): once per step is plenty.
        if attempt == 0:
            assert seen_in_text(rules, other, viewer) == text, (
                f"{rules.slug}: viewer {viewer} reads something hidden in the view text"
            )
        assert offered(rules, other, viewer, probes) == offer, (
            f"{rules.slug}: viewer {viewer} is offered or refused moves in a way that tells "
            "something hidden"
        )
        try:
            other_after = step.play(other, step.move)
        except IllegalMove:
            continue  # the move itself shows what was disguised (a card played from a hand)
        if seen(rules, other_after, viewer) != seen_after:
            continue  # the step turns up what was disguised (the card drawn)
        other_line = step.line(other, step.move, other_after, viewer)
        assert other_line == line, (
            f"{rules.slug}: viewer {viewer} reads something hidden in the log line of {step.move}:"
            f"\n  {line}\n  {other_line}"
        )
        tally["disguised", kind, viewer == step.seat] += 1


def check_secret_choice(step: Step, choices: list, viewer: int | None, tally: Counter) -> None:
    """Another choice the viewer could not tell from this one reads the same in the log."""
    rules = step.rules
    line = step.line(step.before, step.move, step.after, viewer)
    seen_after = seen(rules, step.after, viewer)
    for move, move_after in choices:
        if seen(rules, move_after, viewer) == seen_after:
            other_line = step.line(step.before, move, move_after, viewer)
            assert other_line == line, (
                f"{rules.slug}: viewer {viewer} can tell {move} from {step.move} in the log:"
                f"\n  {line}\n  {other_line}"
            )
            tally["unseen choice", step.move["kind"]] += 1


def play_and_check(
    slug: str,
    players: int,
    seed: str,
    disguise: Disguise,
    tally: Counter,
    options: dict | None = None,
    secret_kinds: tuple[str, ...] = (),
    share: int = 1,
) -> None:
    """One game by random bots, checked for every viewer at one step in `share` (drawn at
    random) and at every secret choice or optional move (they are rare).

    Mostly a seat the game waits for answers it; now and then any seat with something to do
    makes any of its moves, so that optional moves (a DOS catch, a standing order) happen too.
    """
    rules = games.get(slug)
    state = rules.setup(players, options or {}, step_rng(seed, 0))
    bot, disguiser = Rng(f"{seed}:bot"), Rng(f"{seed}:disguise")
    n = 0
    while rules.to_act(state):
        if bot.randint(1, 8) == 1:
            seat = bot.choice([s for s in range(players) if rules.legal_moves(state, s)])
            move = bot.choice(rules.legal_moves(state, seat))
        else:
            seat = bot.choice(rules.to_act(state))
            move = random_move(rules, state, seat, bot)
        n += 1
        step = Step(rules, state, seat, move, seed, n)
        secret = move["kind"] in secret_kinds
        rare = secret or move["kind"] in getattr(rules, "side_kinds", ())
        if rare or disguiser.randint(1, share) == 1:
            choices = step.other_choices() if secret else []
            for viewer in [None, *range(players)]:
                check_step(step, viewer, disguise, disguiser, tally)
                if viewer != seat:
                    check_secret_choice(step, choices, viewer, tally)
            tally["checked", move["kind"]] += 1
        state = step.after


def assert_log_lines_were_compared(tally: Counter) -> None:
    """Every kind of move played had its log line compared for a viewer other than the mover."""
    for kind in [key[1] for key in tally if key[0] == "checked"]:
        assert tally["disguised", kind, False], f"no disguised log line of a {kind} was compared"


# The games


def test_gazobu_other_hands_and_the_draw_pile_change_nothing_a_player_sees():
    tally: Counter = Counter()
    for players in (2, 3, 4):
        for n in range(2):
            play_and_check("gazobu", players, f"hidden-gazobu-{players}-{n}", gazobu_hidden, tally)
    assert_log_lines_were_compared(tally)


def test_dos_other_hands_penalty_cards_and_the_deck_change_nothing_a_player_sees():
    tally: Counter = Counter()
    for players in (2, 3, 4):
        seed = f"hidden-dos-{players}"
        play_and_check("dos", players, seed, dos_hidden, tally, {"target": 100}, share=2)
    assert_log_lines_were_compared(tally)
    assert tally["disguised", "catch", False] and tally["disguised", "dos", False]


def test_buttons_other_players_standing_orders_change_nothing_a_player_sees():
    tally: Counter = Counter()
    for players in (2, 3, 4):
        seed = f"hidden-buttons-{players}"
        play_and_check(
            "buttons", players, seed, buttons_hidden, tally, secret_kinds=("order",), share=2
        )
    assert_log_lines_were_compared(tally)
    assert tally["unseen choice", "order"], "no standing order was compared with another"


def test_dr_hrubec_other_hands_the_deck_the_queue_and_castling_picks_change_nothing_seen():
    tally: Counter = Counter()
    for players in (2, 3, 5):
        seed = f"hidden-dr-hrubec-{players}"
        secret = ("castle",)
        play_and_check("dr_hrubec", players, seed, dr_hrubec_hidden, tally, None, secret, 2)
    assert_log_lines_were_compared(tally)
    assert tally["unseen choice", "castle"], "no Castling pick was compared with another"


# A forced discard: version 1 answered it itself from a hand of one kind of card, so the others
# learnt the rest of that hand; version 2 asks whenever the hand holds two cards or more.


def forced_discard_as_the_others_see_it(version: int) -> list[tuple]:
    """Fracture cured with a hand of two Nurses, and with a Bribe and a Nurse."""
    seen_by_the_others = []
    for hand in (["nurse", "nurse"], ["bribe", "nurse"]):
        state = position(
            version=version,
            tables=["fracture", None],
            phase="operate",
            teams=[["butcher"], []],
            hands=[sorted(hand, key=ORDER.__getitem__), []],
        )
        before = copy.deepcopy(state)
        after = play(state, 0, operate("surgery"), rolling(6))
        line = hrubec.describe(before, 0, operate("surgery"), after, 1)
        seen_by_the_others.append((seen(hrubec, after, 1), hrubec.to_act(after), line))
    return seen_by_the_others


def test_dr_hrubec_a_forced_discard_does_not_tell_the_others_what_the_hand_holds():
    seen_by_the_others = forced_discard_as_the_others_see_it(version=2)
    assert seen_by_the_others[0] == seen_by_the_others[1]


def test_dr_hrubec_version_1_games_keep_answering_a_one_kind_discard_themselves():
    seen_by_the_others = forced_discard_as_the_others_see_it(version=1)
    assert seen_by_the_others[0] != seen_by_the_others[1]
    assert "discards Nurse" in seen_by_the_others[0][2]
