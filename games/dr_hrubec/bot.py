"""The strong bot of Dr. Hrubec: it sits in for an absent friend and sees only their view.

`bot_move(state, seat, rng)` reads nothing of the state but `view(state, seat)`. From the view
it deals a position that agrees with everything the seat can see: the others' hands and the
draw deck from the cards nobody has seen face up, the queue from the unseen patients of the
tiers its backs show, and the others' hidden Castling picks. On that position it tries every
legal move one step ahead and keeps the one it values most: an operation is weighed over the
six faces of the die, a draw or a call from the queue over a few dealings.

A position is valued as an expected margin of the final scores: for every player their points
so far, the expected result of the patient on their table (or of the admittance still due this
turn), their team's expected result over the patients still to come times the operations they
may still make, and their hand (the bot's own card by card; the others' by its size alone,
which is all the view shows). The bot's value is its own less the best of the others'. Only
public facts and the bot's own hand enter the valuation, so a dealing of the hidden cards
changes a value only through what a move turns up (a card drawn, a patient called).

Its figures (2 players, seats alternating; measured by a script, not a test): it wins about
nine games in ten against random players and against the greedy bot, thinking a few
milliseconds a move.
"""

from __future__ import annotations

import functools
import json

from games.base import Rng
from games.dr_hrubec.cards import (
    BY_SLUG,
    CLOSING,
    ONGOING,
    ORDER,
    PATIENTS,
    SPECIALIZATIONS,
    full_set,
)
from games.dr_hrubec.rules import apply
from games.dr_hrubec.rules.moves import legal_moves
from games.dr_hrubec.rules.operation import DICE_CARDS
from games.dr_hrubec.rules.scoring import die_counts_as, standing, team_totals
from games.dr_hrubec.view import view

# How many dealings of the hidden cards weigh a move that turns one up.
DEALINGS = 4
# The share of the patients still to come that one player may expect to operate on.
OPERATIONS_SHARE = 0.6
# An operation to come is on the best of a few patients (the waiting room, and the queue called
# on past those too hard), and a bad one taken for want of room costs at most this on average.
CHOICES = 5
WORST_EXPECTED = -0.5
# What a card in hand is worth until it is played: action cards by name, another player's
# card by the average, a doctor by a share of what hiring him would add to the team.
ACTION_WORTH = {
    "nurse": 1.0,
    "bribe": 1.2,
    "blackout": 0.8,
    "euthanasia": 1.0,
    "dr_hrubec_on_duty": 0.6,
    "holiday": 0.6,
    "lunch_break": 0.6,
    "heroic_act": 0.5,
    "heart_attack": 0.3,
    "castling": 0.3,
    **{card: 0.4 for card in ONGOING},
}
HIDDEN_CARD_WORTH = 0.6
DOCTOR_IN_HAND = 0.2
HIRING_SHARE = 0.4
# Effects after an operation, in points: a card drawn or discarded, a doctor won or lost.
CARD = 0.5
DOCTOR = 1.0
AFTER_A_CURE = {"leper": CARD, "appendix": CARD, "siamese_twins": CARD, "fracture": -CARD}
AFTER_A_DEATH = {
    "geek": CARD,
    "blisters": -CARD,
    "constipation": -CARD,
    "infected_prostitute": -DOCTOR,
}
WIN_BONUS = 3.0


def bot_move(state: dict, seat: int, rng: Rng) -> dict:
    """A strong legal move for `seat`, from what `view(state, seat)` shows and nothing else."""
    shown = view(state, seat)
    guess = deal_hidden(shown, rng)
    moves = legal_moves(guess, seat)
    if len(moves) == 1:
        return moves[0]
    dealings = [guess]
    best, best_value = moves[0], None
    for move in moves:
        if turns_up_a_card(guess, seat, move):
            while len(dealings) < DEALINGS:
                dealings.append(deal_hidden(shown, rng))
            value = sum(value_after(each, seat, move) for each in dealings) / len(dealings)
        else:
            value = value_after(guess, seat, move)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = move, value
    return best


def turns_up_a_card(state: dict, seat: int, move: dict) -> bool:
    kind = move["kind"]
    return kind in ("draw", "queue") or kind == "hire" and move["doctor"] == "dr_zero"


def value_after(state: dict, seat: int, move: dict) -> float:
    if move["kind"] != "operate":
        return worth(apply(copied(state), seat, move, Rng("bot")), seat)
    faces = [apply(copied(state), seat, move, Rng(seed)) for seed in DIE_SEEDS]
    return sum(worth(after, seat) for after in faces) / 6


def copied(state: dict) -> dict:
    return json.loads(json.dumps(state))


def die_seed(face: int) -> str:
    """The seed of an rng whose first roll of the die shows `face`, to weigh an operation
    face by face (a fresh rng each time: drawing from one moves it on)."""
    n = 0
    while Rng(f"bot-die-{n}").randint(1, 6) != face:
        n += 1
    return f"bot-die-{n}"


DIE_SEEDS = [die_seed(face) for face in range(1, 7)]


# Dealing what the seat cannot see


def deal_hidden(shown: dict, rng: Rng) -> dict:
    """A whole position that agrees with the view: the unseen cards dealt at random."""
    me = shown["you"]
    count = len(shown["players"])
    unseen = unseen_cards(shown)
    rng.shuffle(unseen)
    hands = []
    for seat in range(count):
        if seat == me:
            hands.append(list(shown["hand"]))
            continue
        size = shown["hand_counts"][seat]
        hands.append(sorted(unseen[:size], key=ORDER.__getitem__))
        unseen = unseen[size:]
    queue, box = deal_patients(shown, rng)
    state = {
        "players": list(shown["players"]),
        "places": shown["waiting_places"],
        "active": shown["active"],
        "phase": shown["phase"],
        "hands": hands,
        "teams": [list(team) for team in shown["teams"]],
        "tables": list(shown["tables"]),
        "waiting": list(shown["waiting_room"]),
        "queue": queue,
        "deck": unseen,
        "discard": list(shown["discard"]),
        "ongoing": shown["ongoing"],
        "cured": [list(pile) for pile in shown["cured"]],
        "morgue": [list(pile) for pile in shown["morgue"]],
        "gone": list(shown["gone"]),
        "box": box,
        "bonus": list(shown["bonus"]),
        "blackout": list(shown["blackout"]),
        "pending": [dict(effect) for effect in shown["effects"]],
        "castling": castling_guess(shown, rng),
        "alcoholic_staggered": shown["alcoholic_staggered"],
        "closing": list(shown["closing_turns"]) if shown["closing"] else None,
        "last": last_operation(shown["last_operation"]),
        "events": [],
    }
    if shown["rules_version"] != 1:
        state["version"] = shown["rules_version"]
    return state


def unseen_cards(shown: dict) -> list[str]:
    """The doctors and action cards in no place the seat can see: other hands and the deck."""
    left = [card for card in full_set() if BY_SLUG[card].kind != "patient"]
    seen = list(shown["hand"]) + list(shown["discard"])
    seen += [doctor for team in shown["teams"] for doctor in team]
    if shown["ongoing"]:
        seen.append(shown["ongoing"])
    for card in seen:
        left.remove(card)
    return left


def deal_patients(shown: dict, rng: Rng) -> tuple[list[str], list[str]]:
    """The queue from its backs (tier 1s, then 2s, then 3s, then the closing card); the rest
    of the unseen patients stay in the box."""
    queue, box = [], []
    for tier, count in zip((1, 2, 3), shown["queue"]["tiers"], strict=True):
        patients = [slug for slug in unseen_patients(shown) if BY_SLUG[slug].tier == tier]
        rng.shuffle(patients)
        queue += patients[:count]
        box += patients[count:]
    if shown["queue"]["closing_card_left"]:
        queue.append(CLOSING)
    return queue, sorted(box, key=ORDER.__getitem__)


def unseen_patients(shown: dict) -> list[str]:
    seen = set(shown["waiting_room"]) | set(shown["gone"])
    seen |= {patient for patient in shown["tables"] if patient}
    seen |= {patient for pile in shown["cured"] + shown["morgue"] for patient in pile}
    return [patient for patient in PATIENTS if patient not in seen]


def castling_guess(shown: dict, rng: Rng) -> dict | None:
    """Castling as the seat sees it; the picks others made in secret are guessed at random."""
    castling = shown["castling"]
    if castling is None:
        return None
    picks = []
    for seat, chosen in enumerate(castling["chosen"]):
        if seat == shown["you"]:
            picks.append(castling["your_choice"])
        else:
            picks.append(rng.choice(shown["teams"][seat]) if chosen else None)
    return {"seats": list(castling["seats"]), "picks": picks}


def last_operation(shown: dict | None) -> dict | None:
    if shown is None:
        return None
    return {key: value for key, value in shown.items() if key not in ("difficulty", "cured")}


# Valuing a position


def worth(state: dict, me: int) -> float:
    """The bot's expected margin over the best of the others at the end of the game."""
    if state["phase"] == "over":
        scores = [standing(state, seat) for seat in range(len(state["players"]))]
        margin = scores[me] - max(score for seat, score in enumerate(scores) if seat != me)
        return margin + (WIN_BONUS if margin >= 0 else 0.0)
    outlook = Outlook(state, me)
    teams = outlook.teams
    values = [outlook.player(seat, teams[seat], me) for seat in range(len(teams))]
    return values[me] - max(value for seat, value in enumerate(values) if seat != me)


class Outlook:
    """What is still to come, from public facts only: the patients and the operations left."""

    def __init__(self, state: dict, me: int):
        self.state = state
        ongoing = state["ongoing"]
        self.dice = ongoing if ongoing in DIE_READINGS else ""
        self.changes = BY_SLUG[ongoing].changes if ongoing else {}
        self.pool = patients_to_come(state)
        self.qualities: dict[tuple, float] = {}
        self.operations = 0.0
        if state["closing"] is None:
            still_coming = sum(weight for _, weight in self.pool)
            self.operations = OPERATIONS_SHARE * still_coming / len(state["players"])
        self.teams = teams_after_castling(state, me, self)

    def skills(self, team: list[str]) -> tuple[int, ...]:
        """The team ability sheet with the ongoing card's changes, in specialization order."""
        return tuple(
            total + self.changes.get(spec, 0) for spec, total in team_totals(tuple(sorted(team)))
        )

    def operation(self, patient: str, team: list[str], bonus: int, blackout: bool) -> float:
        return expected_operation(
            patient, self.skills(team), bonus, blackout, self.dice, team_traits(team)
        )

    def quality(self, team: list[str], bonus: int = 0, blackout: bool = False) -> float:
        """The expected result of one operation to come: the best of a few patients, since a
        player picks from the waiting room or calls past those too hard."""
        key = (tuple(sorted(team)), bonus, blackout)
        if key not in self.qualities:
            outcomes = sorted(
                (max(self.operation(patient, team, bonus, blackout), WORST_EXPECTED), weight)
                for patient, weight in self.pool
            )
            self.qualities[key] = best_of(outcomes, CHOICES)
        return self.qualities[key]

    def player(self, seat: int, team: list[str], me: int) -> float:
        state = self.state
        value = float(standing(state, seat))
        bonus, blackout = state["bonus"][seat], state["blackout"][seat]
        patient = state["tables"][seat]
        if patient and self.will_operate(seat):
            value += self.operation(patient, team, bonus, blackout)
        elif not patient and self.admits_this_turn(seat):
            value += self.admission(team, bonus, blackout)
        elif not patient and self.operations and (bonus or blackout):
            value += self.quality(team, bonus, blackout) - self.quality(team)
        if self.operations:
            value += self.operations * self.quality(team)
        if seat == me:
            value += sum(self.card_worth(card, team) for card in state["hands"][seat])
        elif state["closing"] is None:
            value += HIDDEN_CARD_WORTH * len(state["hands"][seat])
        return value

    def admits_this_turn(self, seat: int) -> bool:
        state = self.state
        return state["active"] == seat and state["phase"] in ("morning", "admittance")

    def admission(self, team: list[str], bonus: int, blackout: bool) -> float:
        """What the admittance still due this turn brings: the best waiting patient, or
        nothing for calling the queue while the waiting room has room."""
        state = self.state
        choices = [self.operation(patient, team, bonus, blackout) for patient in state["waiting"]]
        if len(state["waiting"]) < state["places"]:
            choices.append(0.0)
        return max(choices)

    def will_operate(self, seat: int) -> bool:
        closing = self.state["closing"]
        if closing is None:
            return True
        return seat in closing or (
            seat == self.state["active"] and self.state["phase"] == "operate"
        )

    def card_worth(self, card: str, team: list[str]) -> float:
        if self.state["closing"] is not None:
            return 0.0
        if BY_SLUG[card].kind == "action":
            return ACTION_WORTH[card]
        return DOCTOR_IN_HAND + HIRING_SHARE * max(0.0, self.hiring_gain(card, team))

    def hiring_gain(self, doctor: str, team: list[str]) -> float:
        now = self.quality(team)
        if len(team) < 4:
            return self.operations * (self.quality([*team, doctor]) - now)
        best = max(
            self.quality([*(other for other in team if other != fired), doctor]) for fired in team
        )
        return self.operations * (best - now)


def best_of(outcomes: list[tuple[float, float]], draws: int) -> float:
    """The expected best of `draws` picks from weighted outcomes sorted by value."""
    everything = sum(weight for _, weight in outcomes)
    if not everything:
        return 0.0
    expected = below = 0.0
    for value, weight in outcomes:
        upto = below + weight / everything
        expected += value * (upto**draws - below**draws)
        below = upto
    return expected


def patients_to_come(state: dict) -> list[tuple[str, float]]:
    """The waiting patients, and the unseen ones weighted by how many of their tier the queue
    still holds (its backs show the tiers): public facts only."""
    pool = [(patient, 1.0) for patient in state["waiting"]]
    queued = [0, 0, 0]
    for patient in state["queue"]:
        if patient != CLOSING:
            queued[BY_SLUG[patient].tier - 1] += 1
    seen = set(state["waiting"]) | set(state["gone"])
    seen |= {patient for patient in state["tables"] if patient}
    seen |= {patient for pile in state["cured"] + state["morgue"] for patient in pile}
    unseen = [patient for patient in PATIENTS if patient not in seen]
    for tier in (1, 2, 3):
        of_tier = [patient for patient in unseen if BY_SLUG[patient].tier == tier]
        if queued[tier - 1] and of_tier:
            pool += [(patient, queued[tier - 1] / len(of_tier)) for patient in of_tier]
    return pool


def teams_after_castling(state: dict, me: int, outlook: Outlook) -> list[list[str]]:
    """The teams, with a Castling under way finished as each player would likely pass: the
    bot's own pick where made, else each team's least useful doctor."""
    teams = [list(team) for team in state["teams"]]
    castling = state["castling"]
    if not castling:
        return teams
    passes = []
    for seat in castling["seats"]:
        team = teams[seat]
        pick = castling["picks"][seat] if seat == me else None
        if pick is None:
            pick = max(team, key=lambda doctor: outlook.quality([d for d in team if d != doctor]))
        passes.append((seat, pick))
    for seat, doctor in passes:
        teams[seat].remove(doctor)
    count = len(teams)
    for seat, doctor in passes:
        teams[(seat + 1) % count].append(doctor)
    return teams


TRAIT_DOCTORS = ("butcher", "lawyer", "gate_keeper", "md_brutal", "young_intern", "alpine_doctor")


def team_traits(team: list[str]) -> tuple:
    return (*(doctor in team for doctor in TRAIT_DOCTORS), len(team) >= 4)


# What each face of the die counts as, with no dice card in play ("") or with each one.
DIE_READINGS = {
    card or "": tuple(die_counts_as({"ongoing": card}, face) for face in range(1, 7))
    for card in (None, *DICE_CARDS)
}


@functools.lru_cache(maxsize=65536)
def expected_operation(
    patient: str, skills: tuple[int, ...], bonus: int, blackout: bool, dice: str, traits: tuple
) -> float:
    """The expected points of operating on `patient` in its best specialization."""
    butcher, lawyer, gate_keeper, brutal, intern, alpine, full = traits
    card = BY_SLUG[patient]
    # Cured: the points (One body, no head instead fills another player's morgue), then the
    # effects that follow.
    cured = 2.0 if patient == "one_body_no_head" else float(card.points)
    cured += AFTER_A_CURE.get(patient, 0.0) + CARD * gate_keeper - DOCTOR / 2 * alpine
    if patient in ("exhibitionist", "schizoid") and not full:
        cured += DOCTOR
    # Dead: the Alcoholic moves on; the Lawyer takes the patient to another player's morgue and
    # leaves; else your own morgue. On Butcher's 1 the patient leaves the game instead.
    lawyer_leaves = -DOCTOR / 2 * lawyer
    if patient == "alcoholic":
        dead = lawyer_leaves
    elif lawyer:
        dead = 2.0 + lawyer_leaves
    else:
        dead = -2.0
    after_death = AFTER_A_DEATH.get(patient, 0.0) + CARD * brutal - DOCTOR / 2 * intern
    dead += after_death
    butchered = lawyer_leaves + after_death
    best = None
    for spec, difficulty in card.difficulty.items():
        added = 0 if blackout else skills[SPECIALIZATIONS.index(spec)] + bonus
        total = 0.0
        for face, counted in enumerate(DIE_READINGS[dice], start=1):
            if counted + added >= difficulty:
                total += cured
            elif butcher and face == 1 and not dice and patient != "alcoholic":
                total += butchered
            else:
                total += dead
        total /= 6
        best = total if best is None else max(best, total)
    return best
