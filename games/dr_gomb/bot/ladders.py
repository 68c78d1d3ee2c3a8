"""The strong bot's ladders. In normal mode a sequence shows only its colours and its top card,
and the bot remembers nothing, as a friend who may not peek; so it builds each sequence as a
ladder it can read back from what shows: 1, 2, 3, 4, 5 from the bottom, the odd one out at its
number's place. A ladder whose odd one out is the 1 starts with its own colour's 2 and takes
the 1 second; that 1 is always of the next colour (red's of green, ..., yellow's of red), and
no other ladder has a card of that colour second, so the two read apart.
"""

from __future__ import annotations

from games.dr_gomb.cards import CODE_OF, COLOURS, JOKER, KIND_OF, LETTERS, NUMBER, NUMBER_OF, cards

COLOUR_LETTER = {name: letter for name, letter in zip(COLOURS, LETTERS, strict=True)}

LADDER = (1, 2, 3, 4, 5)
LADDER_FROM_2 = (2, 1, 3, 4, 5)
ODD_ONE_FIRST = {letter: LETTERS[(index + 1) % 5] for index, letter in enumerate(LETTERS)}


def believed_sequence(colour: int, shown: list[str], open_cards: bool) -> str:
    """A sequence as the bot reads it: every card as shown, or in normal mode (numbers under
    the top hidden) as the ladder the bot builds, the covered cards of another colour possibly
    broken buttons, the top continuing the count. A sequence that does not read as a ladder
    gets unknown numbers ("u")."""
    if open_cards or not shown:
        return "".join(CODE_OF[name] for name in shown)
    letter = LETTERS[colour]
    top = CODE_OF[shown[-1]]
    below = [COLOUR_LETTER[name] for name in shown[:-1]]
    column = [*below, top[0]]
    ladders = [LADDER]
    if column[0] == letter and column[1:2] in ([], [ODD_ONE_FIRST[letter]]):
        ladders.insert(0, LADDER_FROM_2)
    for numbers in ladders:
        firm = 2 if numbers is LADDER_FROM_2 else 1  # never broken buttons
        off = [index for index, other in enumerate(below) if other != letter and index >= firm]
        for brokens in range(len(off) + 1):
            believed = _ladder_reading(numbers, below, set(off[len(off) - brokens :]), top)
            if believed is not None:
                return believed
    return "".join(other + "u" for other in below) + top


def _ladder_reading(numbers: tuple, below: list[str], brokens: set, top: str) -> str | None:
    """The ladder with these covered cards broken buttons, if the top continues it."""
    codes, numbered = [], 0
    for index, other in enumerate(below):
        if index in brokens:
            codes.append(other + "!")
            continue
        if numbered == 5:
            return None
        codes.append(other + str(numbers[numbered]))
        numbered += 1
    following = numbers[numbered] if numbered < 5 else None
    kind = KIND_OF[top]
    if kind == NUMBER and NUMBER_OF[top] != following:
        return None
    if kind != NUMBER and (brokens or (following is None and kind == JOKER)):
        return None
    if numbers is LADDER_FROM_2 and len(below) < 2 and kind != NUMBER:
        return None  # a ladder from 2 shows its 2, then its 1, until a number covers them
    if kind == JOKER:  # in a ladder the joker on top is the next number
        top = top[0] + str(following)
    return "".join(codes) + top


def ladder_next(colour: int, sequence: str) -> tuple[int, ...]:
    """The numbers the bot may play next on a ladder (none when it cannot read it)."""
    if not sequence:
        return (1, 2)
    if "u" in sequence[1::2]:
        return ()
    if sequence == LETTERS[colour] + "2":
        return (1,)
    height = max(NUMBER_OF[code] for code in cards(sequence))
    return (height + 1,) if height < 5 else ()


def ladder_height(sequence: str) -> int | None:
    """The highest number of a believed ladder, or None when its numbers are unknown."""
    if "u" in sequence[1::2]:
        return None
    return max((NUMBER_OF[code] for code in cards(sequence)), default=0)
