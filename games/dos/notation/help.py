"""The move guide a turn email sends on 'help', told through games/texts.py: its examples are
moves as a player of the reader's language writes them (the catalogues translate each one,
context "dos help example"), laid out in two columns whatever their length."""

from __future__ import annotations

from games.dos.cards import lines
from games.texts import Text, word

INTRO = (
    "One move per line; write several lines for several steps (a match, then 'end').\n"
    "Case, spaces, punctuation and Polish letters do not matter.\n"
    "Which card comes first: in 'match A with B' A is the centre card and B is yours; in\n"
    "'B on A' your cards come first. A line that could mean two different moves is not\n"
    "played: the answer lists each one as it is spelled, to copy the one you mean."
)
# (example, what it means): each example a whole move the notation reads.
ROWS = [
    ("match red 7 with red 7", "a single match: the centre card first, then yours"),
    ("match red 7 with blue 3 + red 4", "a double match: two cards adding up to it"),
    ("blue 3 + red 4 on red 7", "the same, your cards first: 'on' puts them on it"),
    ("match 7 with blue 3 + red 4", "a centre card by its number, when only one fits"),
    ("match red 7 with red 5 + DOS as red", "a DOS card is a 2 of the colour you name"),
    ("match red 7 with red 5 + DOS red", "the same: 'as' may be left out after DOS"),
    ("match red 7 with yellow # as 7", "a # card is any number of its own colour"),
    ("match blue # as 3 with green 3", "name a wild in the centre row as you match it"),
    ("draw", "draw instead of matching; then match, or add a card"),
    (("pass", "take a card"), "the same as draw"),
    ("add green 5", "put a card from your hand into the centre row"),
    ("end", "end your turn after matching"),
    ("DOS!", "call DOS when you hold two cards"),
    ("match red 7 with red 7, DOS!", "or call it with the step that leaves you two"),
    ("catch 2", "catch player 2, who ended a turn with two cards and no call"),
]
# The other languages a reply may be written in, and their words.
OTHER_LANGUAGES = (
    "In Polish: 'dopasuj czerwona 7 z niebieska 3 i czerwona 4' (match ... with ... and),\n"
    "'poloz niebieska 3 + czerwona 4 na czerwona 7' (your cards on a centre card),\n"
    "'DOS jako czerwony' (as), 'dobierz' or 'pas' (draw), 'dodaj zielona 5' (add),\n"
    "'koniec' (end), 'zlap 2' (catch)."
)
EXAMPLE_WIDTH = 38


class Row(Text):
    """An example and its meaning side by side, the meaning from column 40 (under the
    example, when the example is too long for its column), in whichever language."""

    def __new__(cls, example: Text, meaning: Text) -> Row:
        made = str.__new__(cls, row(str(example), str(meaning)))
        made.msgid, made.params = (
            "%(example)s  %(meaning)s",
            {"example": example, "meaning": meaning},
        )
        made.plural, made.count, made.context = None, None, "dos help"
        return made

    def translated(self, catalogue) -> str:
        example, meaning = (self.params[name].translated(catalogue) for name in self.params)
        return row(example, meaning)


def row(example: str, meaning: str) -> str:
    if len(example) > EXAMPLE_WIDTH - 2:
        return f"  {example}\n{' ' * (EXAMPLE_WIDTH + 2)}{meaning}"
    return f"  {example:<{EXAMPLE_WIDTH}}{meaning}"


def example_told(example: str | tuple[str, str]) -> Text:
    if isinstance(example, tuple):
        first, second = (word("dos help example", spelled) for spelled in example)
        return Text(
            "%(first)s   or   %(second)s", {"first": first, "second": second}, context="dos help"
        )
    return word("dos help example", example)


def notation_help() -> Text:
    told = [word("dos help", INTRO)]
    told += [Row(example_told(example), word("dos help", meaning)) for example, meaning in ROWS]
    told.append(word("dos help", OTHER_LANGUAGES))
    return lines(told)
