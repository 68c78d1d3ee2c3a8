"""The cards of Dr. Hrubec: 25 doctors, 25 patients and 34 action cards.

House data: the rulebook names eleven doctors, twelve patients and eleven action cards and
prints no numbers. Every number below (skills, genders, difficulties, points, copies) and every
card not named by the rulebook is the project's own, within the bounds RULINGS.md sets, so that
a publisher's real values can be dropped into this one table without touching the rules.
The effects of the named cards are implemented in rules.py exactly as printed; `text` is what
the pages and emails show, told by `card_text` so that the catalogues say it in the reader's
language (context "dr_hrubec card text"): a new or changed text needs its Polish and Czech there
too (tests/web/test_dr_hrubec_cards_in_polish_and_czech.py fails without them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.texts import Text, tell, word

SPECIALIZATIONS = ("surgery", "psychiatry", "stomatology", "dermatology")

# Patients by tier per player count (the rulebook's setup table), and waiting room places.
QUEUE_SIZES = {2: (4, 6, 3), 3: (6, 9, 3), 4: (8, 10, 3), 5: (10, 12, 3)}
WAITING_PLACES = {2: 3, 3: 4, 4: 4, 5: 4}
CLOSING = "hospital_closing"


@dataclass(frozen=True)
class Card:
    slug: str
    name: str
    kind: str  # "doctor", "patient" or "action"
    text: str = ""
    gender: str = ""  # doctors: "man" or "woman"
    skills: tuple[int, ...] = ()  # doctors: surgery, psychiatry, stomatology, dermatology
    tier: int = 0  # patients: the number on the card's back
    difficulty: dict[str, int] = field(default_factory=dict)  # patients: by specialization
    points: int = 0  # patients
    copies: int = 1  # action cards
    ongoing: bool = False  # action cards that stay in play until another ongoing one comes
    changes: dict[str, int] = field(default_factory=dict)  # ongoing: every team's skill changes


def doctor(slug: str, name: str, gender: str, skills: tuple[int, ...], text: str = "") -> Card:
    return Card(slug, name, "doctor", text, gender=gender, skills=skills)


def patient(
    slug: str, name: str, tier: int, difficulty: dict[str, int], points: int, text: str = ""
) -> Card:
    return Card(slug, name, "patient", text, tier=tier, difficulty=difficulty, points=points)


def action(slug: str, name: str, copies: int, text: str) -> Card:
    return Card(slug, name, "action", text, copies=copies)


def ongoing(slug: str, name: str, copies: int, text: str, **changes: int) -> Card:
    return Card(slug, name, "action", text, copies=copies, ongoing=True, changes=changes)


SUR, PSY, STO, DER = SPECIALIZATIONS

# House data: the one table of the card set. Skills read surgery, psychiatry, stomatology,
# dermatology. A named card's text is its printed effect.
CARDS: tuple[Card, ...] = (
    # The eleven named doctors.
    doctor("lawyer", "Lawyer", "man", (-1, 2, -1, 0),
           "After a failed operation, the Lawyer and the dead patient move to another player; "
           "the patient goes into that player's morgue."),
    doctor("alpine_doctor", "Alpine Doctor", "man", (2, 0, 1, 1),
           "After a successful operation, the Alpine Doctor moves to another player."),
    doctor("dr_acula", "Dr. Acula", "man", (1, 0, 2, -1),
           "Action cards have no effect on your patient, except Blackout and Dr. Hrubec on duty."),
    doctor("dr_incognito", "Dr. Incognito", "man", (1, 1, 0, 0),
           "No special effect can touch him, except Castling."),
    doctor("md_brutal", "M.D. Brutal", "man", (3, -2, 2, -1),
           "After a failed operation, draw a card."),
    doctor("dr_zero", "Dr. Zero", "man", (0, 0, 0, 0),
           "When you play him, draw a card."),
    doctor("md_silicon", "M.D. Silicon", "man", (1, -1, 1, 0),
           "With a woman in your team his skills are -2, 2, 0, 3."),
    doctor("young_intern", "Young Intern", "woman", (0, 1, 1, 1),
           "After a failed operation, she moves to another player."),
    doctor("butcher", "Butcher", "man", (3, -2, 1, -2),
           "If you rolled 1 on a failed operation, the patient leaves the game instead of going "
           "to your morgue; no effect while Alternative treatment or Lucky day is in play."),
    doctor("alien", "Alien", "man", (-1, 3, -1, 2),
           "After playing Alien, discard a doctor."),
    doctor("gate_keeper", "Gate keeper", "man", (0, 1, 1, 0),
           "After a successful operation, draw a card."),
    # Fourteen doctors of the project's own making, with no special effect.
    doctor("dr_nightingale", "Dr. Nightingale", "woman", (0, 2, 0, 1)),
    doctor("dr_scalpel", "Dr. Scalpel", "man", (3, -1, 0, 0)),
    doctor("dr_molar", "Dr. Molar", "woman", (-1, 0, 3, 0)),
    doctor("dr_freud", "Dr. Freud", "man", (-1, 3, 0, -1)),
    doctor("dr_pimple", "Dr. Pimple", "woman", (0, -1, 0, 3)),
    doctor("dr_bones", "Dr. Bones", "man", (2, 0, 1, -1)),
    doctor("dr_smile", "Dr. Smile", "woman", (0, 1, 2, 0)),
    doctor("dr_itch", "Dr. Itch", "man", (-1, 0, 1, 2)),
    doctor("dr_couch", "Dr. Couch", "woman", (0, 2, -1, 1)),
    doctor("dr_stitch", "Dr. Stitch", "woman", (2, -1, 0, 1)),
    doctor("dr_plaque", "Dr. Plaque", "man", (1, -1, 2, 0)),
    doctor("dr_rash", "Dr. Rash", "woman", (1, 0, -1, 2)),
    doctor("dr_kindly", "Dr. Kindly", "woman", (1, 1, 1, 0)),
    doctor("dr_grumpy", "Dr. Grumpy", "man", (2, 2, -2, -1)),
    # Tier 1: difficulty 3-5, 1-2 points.
    patient("blisters", "Blisters", 1, {DER: 4}, 1,
            "After a failed operation, discard a card, if you have any."),
    patient("constipation", "Constipation", 1, {SUR: 4}, 1,
            "After a failed operation, discard a card, if you have any."),
    patient("geek", "Geek", 1, {PSY: 3}, 1, "After a failed operation, draw a card."),
    patient("appendix", "Appendix", 1, {SUR: 5}, 2,
            "After a successful operation, draw a card."),
    patient("fracture", "Fracture", 1, {SUR: 3}, 1,
            "After a successful operation, discard a card from your hand, if you have any."),
    patient("alcoholic", "Alcoholic", 1, {PSY: 5}, 2,
            "After a failed operation, he moves to the operating table of the player to your "
            "right; if a patient lies there, he leaves the game."),
    patient("toothache", "Toothache", 1, {STO: 3}, 1),
    patient("sunburn", "Sunburn", 1, {DER: 3, SUR: 5}, 1),
    patient("hiccups", "Hiccups", 1, {PSY: 4, STO: 5}, 1),
    patient("ingrown_nail", "Ingrown nail", 1, {SUR: 5, DER: 4}, 2),
    # Tier 2: difficulty 5-8, 2-4 points.
    patient("leper", "Leper", 2, {DER: 7}, 3, "After a successful operation, draw a card."),
    patient("infected_prostitute", "Infected prostitute", 2, {DER: 6, PSY: 7}, 3,
            "After a failed operation, discard one of your doctors."),
    patient("exhibitionist", "Exhibitionist", 2, {PSY: 6}, 3,
            "After a successful operation, steal a woman doctor from another player, "
            "if you have fewer than 4 doctors."),
    patient("schizoid", "Schizoid", 2, {PSY: 8}, 4,
            "After a successful operation, steal a doctor from another player, "
            "if you have fewer than 4 doctors."),
    patient("one_body_no_head", "One body, no head", 2, {SUR: 7}, 3,
            "After a successful operation, he moves to the morgue of another player."),
    patient("acne", "Acne", 2, {DER: 6}, 2),
    patient("gallstones", "Gallstones", 2, {SUR: 6}, 2),
    patient("wisdom_tooth", "Wisdom tooth", 2, {STO: 6}, 2),
    patient("insomnia", "Insomnia", 2, {PSY: 5, DER: 7}, 2),
    patient("broken_jaw", "Broken jaw", 2, {STO: 7, SUR: 8}, 3),
    patient("hallucinations", "Hallucinations", 2, {PSY: 7}, 3),
    patient("gangrene", "Gangrene", 2, {DER: 8, SUR: 7}, 4),
    # Tier 3: difficulty 8-11, 5-6 points.
    patient("siamese_twins", "Siamese twins", 3, {SUR: 9}, 5,
            "After a successful operation, you may move a patient from the waiting room to "
            "your operating table."),
    patient("brain_transplant", "Brain transplant", 3, {PSY: 10, SUR: 11}, 6),
    patient("total_makeover", "Total makeover", 3, {DER: 9, STO: 10}, 5),
    # Action cards: the eleven named ones and the four RULINGS.md adds; 34 in all.
    ongoing("alternative_treatment", "Alternative treatment", 2,
           "Ongoing: a roll of 1, 2 or 3 counts as 0, a roll of 4, 5 or 6 counts as 6."),
    action("euthanasia", "Euthanasia", 2,
           "A patient on an operating table or in the waiting room leaves the game."),
    action("dr_hrubec_on_duty", "Dr. Hrubec on duty", 1,
           "All patients on operating tables die: they go to the morgues, with no effects."),
    ongoing("tools_delivery", "Tools delivery", 2,
            "Ongoing: every team has surgery +1 and psychiatry -1.", surgery=1, psychiatry=-1),
    action("castling", "Castling", 2,
           "Every player passes one doctor to the left; all choose first, then all pass."),
    action("holiday", "Holiday", 2,
           "The patient on your operating table moves to another player's empty table."),
    action("heroic_act", "Heroic act", 2,
           "Discard a doctor from your team; +2 to all your skills in your next operation."),
    action("heart_attack", "Heart attack", 2, "A patient in the waiting room leaves the game."),
    ongoing("infectious_eczema", "Infectious eczema", 2,
            "Ongoing: every team has dermatology -1.", dermatology=-1),
    ongoing("clown_show", "Clown show", 2,
            "Ongoing: every team has surgery -1, psychiatry +1, stomatology -1, dermatology -1.",
            surgery=-1, psychiatry=1, stomatology=-1, dermatology=-1),
    action("lunch_break", "Lunch break", 2,
           "The patient on your operating table goes back to the waiting room."),
    action("nurse", "Nurse", 5, "+2 in your next operation."),
    action("bribe", "Bribe", 3,
           "Steal a doctor from another player, if you have fewer than 4 doctors."),
    action("blackout", "Blackout", 2,
           "The next operation of a player you choose counts the die alone, no skills; "
           "it reaches a team with Dr. Acula too."),
    ongoing("lucky_day", "Lucky day", 3, "Ongoing: a roll of 1 or 2 counts as 3."),
)  # fmt: skip

BY_SLUG: dict[str, Card] = {card.slug: card for card in CARDS}
DOCTORS = tuple(card.slug for card in CARDS if card.kind == "doctor")
PATIENTS = tuple(card.slug for card in CARDS if card.kind == "patient")
ACTIONS = tuple(card.slug for card in CARDS if card.kind == "action")
ONGOING = tuple(card.slug for card in CARDS if card.ongoing)
ORDER = {card.slug: n for n, card in enumerate(CARDS)}  # hands and listings keep table order

# M.D. Silicon's printed alternate skills, used while a woman is in his team.
SILICON_WITH_A_WOMAN = (-2, 2, 0, 3)


def full_set() -> list[str]:
    """Every physical card once: 84 in all (action cards once per copy)."""
    return [card.slug for card in CARDS for _ in range(card.copies)]


def name(slug: str) -> Text:
    """A card's name, told so that each language names it as words.py does."""
    if slug in BY_SLUG:
        return word("dr_hrubec card", BY_SLUG[slug].name)
    return word("dr_hrubec card", "the hospital closing card")


def spec_name(spec: str) -> Text:
    return word("dr_hrubec specialization", spec)


def card_text(slug: str) -> Text | str:
    """A card's printed effect, told so that each language reads it ("" for a card with none)."""
    card = BY_SLUG.get(slug)
    if card is None or not card.text:
        return ""
    if card.ongoing:
        return tell("Ongoing: %(effect)s", effect=ongoing_effect(slug))
    return word("dr_hrubec card text", card.text)


def ongoing_effect(slug: str) -> Text:
    """What an ongoing card changes while it lies in play, without its "Ongoing: " mark."""
    return word("dr_hrubec card text", BY_SLUG[slug].text.removeprefix("Ongoing: "))


# How told sentences and names are strung together, keeping the English exactly as it always
# read: a separator between two told pieces is itself a message (of the context
# "dr_hrubec glue"), so that a language may say " and " its own way.

GLUE = "dr_hrubec glue"


def glued(items: Iterable[Any], separator: str) -> Text | str:
    """The items with `separator` between each two: ", ", "; ", " and ", " " or a new line."""
    items = list(items)
    if not items:
        return ""
    made = items[0] if isinstance(items[0], Text) else str(items[0])
    for item in items[1:]:
        made = Text(f"%(first)s{separator}%(next)s", {"first": made, "next": item}, context=GLUE)
    return made


def signed(number: int) -> str:
    """A number with its sign, as the sheets print skills: +2, -1, +0."""
    return f"{number:+d}"
