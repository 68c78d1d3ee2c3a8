"""DOS's email notation: writing a move, the help, the legal moves folded for a turn email,
and reading a reply line (the log lines are in view/log.py, the guide in help.py).

match red 7 with red 5 + DOS as red      a double colour match; a DOS card names its colour
match yellow # as 7 with blue 7          a wild # in the centre row is named when matched
match red 7 with blue 3 + yellow # as 4, DOS!    a step may carry the DOS call
draw    add green 5    end    DOS!    catch 2
"""

from __future__ import annotations

import re
import unicodedata

from games.base import IllegalMove
from games.dos.cards import (
    NAMING_RANK,
    ORDER,
    WILD_DOS,
    card_told,
    colour_of,
    folded,
    is_wild,
    number_of,
    semicolons,
    told,
)
from games.dos.notation.help import notation_help as notation_help
from games.dos.notation.words import (
    AS_WORDS,
    CENTRE_FIRST,
    COLOUR_WORDS,
    DOS_WORDS,
    DRAW_FILLER,
    EITHER_WAY,
    END_FILLER,
    HASH_WORDS,
    JOINERS,
    PLAYER_WORDS,
    VERBS,
)
from games.dos.notation.writing import format_move
from games.dos.notation.writing import move_groups as move_groups
from games.dos.rules import CHECKS, is_over, legal_moves, seat_exists
from games.texts import Text

# --- Reading a move ----------------------------------------------------------------------
#
# A line is read into every shape it could have (with or without a trailing call; centre card
# first or hand cards first), and each shape is held against the seat's legal moves. One legal
# move fits: it is played. Several fit: the line is refused with each one spelled out, so
# that a reply never silently plays a move its writer did not mean.

TOKEN = re.compile(r"[a-z]+|\d+|#|\+|&")
ANY_HASH = "? #"
MOST_MEANINGS_LISTED = 12


class NotUnderstood(Exception):
    pass


def words_of(text: str) -> list[str]:
    """The line's words, lower case and without diacritics ('połóż' and 'poloz' are one)."""
    plain = unicodedata.normalize("NFKD", str(text).lower().replace("ł", "l"))
    return TOKEN.findall("".join(c for c in plain if not unicodedata.combining(c)))


def parse_move(text: str, state: dict, seat: int) -> dict:
    meanings = read_meanings(text, state, seat)
    if len(meanings) == 1:
        return meanings[0]
    # Where the meanings differ in which card is the centre card, each says so in words too.
    roles = len({m.get("target") for m in meanings}) > 1
    shown = [
        gloss(format_move(m, state, seat), m) if roles else format_move(m, state, seat)
        for m in meanings[:MOST_MEANINGS_LISTED]
    ]
    more = len(meanings) - len(shown)
    listed = semicolons(shown)
    if more:
        listed = told("%(moves)s; and %(count)s more", moves=listed, count=more)
    raise IllegalMove(
        told(
            "%(line)s could mean %(count)s different moves: %(moves)s. "
            "Nothing was guessed: write the one you mean as it is spelled here.",
            line=quoted(text),
            count=len(meanings),
            moves=listed,
        )
    )


def quoted(text: str) -> str:
    """The line as the player wrote it, quoted in a refusal."""
    return repr(str(text).strip())


def gloss(spelled: Text, move: dict) -> Text:
    """A move spelled, with which card is the centre card in words."""
    if move["kind"] != "match":
        return spelled
    played = folded([card_told(card) for card in move["cards"]], "%(first)s + %(next)s", "dos")
    return told(
        "%(move)s (your %(played)s on the centre %(target)s)",
        move=spelled,
        played=played,
        target=card_told(move["target"]),
    )


def read_meanings(text: str, state: dict, seat: int) -> list[dict]:
    """Every legal move of the seat the line could mean; refused when it can mean none."""
    tokens = words_of(text)
    if not tokens:
        raise IllegalMove(
            told(
                "Nothing to read in %(line)s. %(examples)s",
                line=repr(str(text)),
                examples=examples(state, seat),
            )
        )
    verb = VERBS.get(tokens[0])
    if verb == "dos":
        return [read_simple(text, state, seat, {"kind": "dos"}, tokens[1:], ("dos",))]
    if verb == "end":
        return [read_simple(text, state, seat, {"kind": "end"}, tokens[1:], END_FILLER)]
    if verb == "catch":
        return [read_catch(text, state, seat, tokens[1:])]
    # Without a verb, a line that reads as a match is one: "red 7 with red 5 + DOS as red".
    rest = tokens[1:] if verb else tokens
    readings, failure, natural = [], None, None
    for words, call in call_readings(rest):
        try:
            shapes = read_phrase(verb or "match", words)
        except NotUnderstood as problem:
            failure = failure or problem.args[0]
            continue
        readings.extend((shape, call) for shape in shapes)
        natural = (shapes[0], call)
    if not readings:
        if verb is None:
            failure = told("'%(word)s' is not a DOS move", word=tokens[0])
        raise IllegalMove(
            told(
                "Could not read %(line)s: %(problem)s. %(examples)s",
                line=repr(str(text)),
                problem=failure,
                examples=examples(state, seat),
            )
        )
    found = [
        move
        for move in legal_moves(state, seat)
        if any(fits_move(reading, call, move) for reading, call in readings)
    ]
    if found:
        return found
    refusal = refusal_for(state, seat, written_move(*natural, state, seat))
    raise IllegalMove(
        refusal
        or told(
            "%(line)s is not possible now. %(examples)s",
            line=quoted(text),
            examples=examples(state, seat),
        )
    )


def call_readings(tokens: list[str]) -> list[tuple[list[str], bool]]:
    """A trailing 'DOS!' (or 'call', 'call DOS') is the call, unless it is the last card."""
    readings = []
    for suffix in (["call", "dos"], ["dos"], ["call"]):
        if len(tokens) >= len(suffix) and tokens[-len(suffix) :] == suffix:
            rest = tokens[: -len(suffix)]
            if rest and rest[-1] in ("and", "i", "oraz", "a"):
                rest = rest[:-1]
            readings.append((rest, True))
            break
    readings.append((tokens, False))
    return readings


def read_phrase(verb: str, tokens: list[str]) -> list[dict]:
    """The shapes of one line: a draw, an add, or matches with the roles of its cards."""
    if verb == "draw":
        tokens = [token for token in tokens if token not in DRAW_FILLER]
        if tokens:
            raise NotUnderstood(
                told(
                    "nothing should follow 'draw' but DOS!, not '%(words)s'", words=" ".join(tokens)
                )
            )
        return [{"kind": "draw"}]
    groups, joined_by = read_groups(tokens)
    if verb in ("add", "put") and len(groups) == 1 and len(groups[0]) == 1:
        card, naming = groups[0][0]
        if naming is not None:
            raise NotUnderstood(told("a card added to the centre row is not named"))
        return [{"kind": "add", "card": card}]
    if verb == "add":
        raise NotUnderstood(told("'add' takes one card from your hand"))
    if len(groups) != 2:
        raise NotUnderstood(told("a match names a centre card and the card(s) you play on it"))
    first, second = groups
    # The way the line reads naturally comes first: it is the one a refusal explains.
    if joined_by in CENTRE_FIRST:
        orders = [(first, second)]
    elif joined_by in EITHER_WAY:
        orders = [(second, first), (first, second)]
    else:
        orders = [(first, second), (second, first)]
    shapes = [
        {"kind": "match", "target": target[0], "cards": played}
        for target, played in orders
        if len(target) == 1
    ]
    if not shapes:
        raise NotUnderstood(told("a match is against one centre card"))
    return shapes


def read_groups(tokens: list[str]) -> tuple[list[list[tuple]], str | None]:
    """Cards joined by '+' form a group; a match has two groups, an add one card.

    Returns the groups and the word between them ('with', 'on'...), if any.
    """
    groups: list[list[tuple]] = [[]]
    joined_by = None
    at = 0
    while True:
        card, at = read_card(tokens, at)
        naming, at = read_naming(tokens, at, card)
        groups[-1].append((card, naming))
        if len(groups[-1]) > 2:
            raise NotUnderstood(told("a match plays one card or two"))
        if at == len(tokens):
            return groups, joined_by
        if tokens[at] in JOINERS:
            at += 1
            continue
        if len(groups) == 2:
            raise NotUnderstood(told("'%(words)s' after the cards", words=" ".join(tokens[at:])))
        if tokens[at] in CENTRE_FIRST or tokens[at] in EITHER_WAY:
            joined_by = tokens[at]
            at += 1
        groups.append([])


def read_card(tokens: list[str], at: int) -> tuple[str, int]:
    """A card: 'red 7', '7 red', 'r7', 'yellow #', '#' (its colour left open), 'DOS', or a
    number alone ('7': whichever card of that number fits)."""
    if at >= len(tokens):
        raise NotUnderstood(told("a card is missing"))
    word = tokens[at]
    if word in DOS_WORDS and not (at + 1 < len(tokens) and tokens[at + 1] in HASH_WORDS):
        return WILD_DOS, at + 1
    if word == "wild" and at + 1 < len(tokens):
        at += 1
        word = tokens[at]
    if word in COLOUR_WORDS and at + 1 < len(tokens):
        colour, value = COLOUR_WORDS[word], tokens[at + 1]
        if value.isdigit():
            return f"{colour} {int(value)}", at + 2
        if value in HASH_WORDS or value == "wild":
            return f"{colour} #", at + 2
    if word.isdigit() or word in HASH_WORDS:
        value = str(int(word)) if word.isdigit() else "#"
        if at + 1 < len(tokens) and tokens[at + 1] in COLOUR_WORDS:
            return f"{COLOUR_WORDS[tokens[at + 1]]} {value}", at + 2
        return f"? {value}", at + 1
    raise NotUnderstood(told("'%(words)s' is not a card", words=" ".join(tokens[at : at + 2])))


def read_naming(tokens: list[str], at: int, card: str) -> tuple[tuple | None, int]:
    """'as 4', 'as red' or 'as red 2': what a wild card counts as ('DOS red' says it too)."""
    if at < len(tokens) and tokens[at] in AS_WORDS:
        at += 1
    elif not (
        card == WILD_DOS
        and at < len(tokens)
        and tokens[at] in COLOUR_WORDS
        and not (at + 1 < len(tokens) and (tokens[at + 1].isdigit() or tokens[at + 1] == "#"))
    ):
        return None, at
    if at >= len(tokens):
        raise NotUnderstood(told("'as' needs a number or a colour"))
    word = tokens[at]
    following = tokens[at + 1] if at + 1 < len(tokens) else None
    if word in COLOUR_WORDS and following is not None and following.isdigit():
        return ("card", f"{COLOUR_WORDS[word]} {int(following)}"), at + 2
    if word.isdigit() and following in COLOUR_WORDS:
        return ("card", f"{COLOUR_WORDS[following]} {int(word)}"), at + 2
    if word in COLOUR_WORDS:
        return ("colour", COLOUR_WORDS[word]), at + 1
    if word.isdigit():
        return ("number", int(word)), at + 1
    raise NotUnderstood(told("'as %(word)s' names neither a number nor a colour", word=word))


def could_name(written: str, card: str, named: str | None) -> bool:
    """Whether a card as written could be this card (counted as `named`) of a legal move."""
    if written == ANY_HASH:
        return card.endswith("#")
    if written.startswith("? "):
        return number_of(named or card) == int(written[2:])
    if written.endswith(" 2"):
        # There is no printed 2: a 2 of a colour is a DOS card named so.
        return card == WILD_DOS and named == written
    return written == card


def fits(spec: tuple, card: str, named: str | None) -> bool:
    written, naming = spec
    if not could_name(written, card, named):
        return False
    if naming is None:
        return True
    if not is_wild(card):
        return False
    how, value = naming
    counted = named or card
    if how == "number":
        return number_of(counted) == value
    if how == "colour":
        return colour_of(counted) == value
    return counted == value


def fits_match(reading: dict, move: dict) -> bool:
    if not fits(reading["target"], move["target"], move["target_as"]):
        return False
    played = list(zip(move["cards"], move["cards_as"], strict=True))
    specs = reading["cards"]
    if len(specs) != len(played):
        return False
    if len(specs) == 1:
        return fits(specs[0], *played[0])
    return (fits(specs[0], *played[0]) and fits(specs[1], *played[1])) or (
        fits(specs[0], *played[1]) and fits(specs[1], *played[0])
    )


def fits_move(reading: dict, call: bool, move: dict) -> bool:
    if move["kind"] != reading["kind"] or move.get("call") != call:
        return False
    if reading["kind"] == "match":
        return fits_match(reading, move)
    if reading["kind"] == "add":
        return fits((reading["card"], None), move["card"], None)
    return True


def written_move(reading: dict, call: bool, state: dict, seat: int) -> dict | None:
    """The move as written, when it names everything, to ask the rules why it is refused."""
    if reading["kind"] == "draw":
        return {"kind": "draw", "call": call}
    if reading["kind"] == "add":
        card = reading["card"]
        return None if card.startswith("? ") else {"kind": "add", "card": card, "call": call}
    target, target_as = settle(*reading["target"])
    played = [settle(*spec) for spec in reading["cards"]]
    if target is None or any(card is None for card, _ in played):
        return None
    played.sort(key=lambda pair: (ORDER.get(pair[0], 0), NAMING_RANK.get(pair, 0)))
    return {
        "kind": "match",
        "target": target,
        "target_as": target_as,
        "cards": [card for card, _ in played],
        "cards_as": [named for _, named in played],
        "call": call,
    }


def settle(written: str, naming: tuple | None) -> tuple[str | None, str | None]:
    """A written card and naming as the rules store them: the card, and what a wild counts as."""
    if written.startswith("? "):
        return None, None
    if written.endswith(" 2"):
        return WILD_DOS, written
    if not is_wild(written) or naming is None:
        return written, None
    how, value = naming
    if how == "card":
        return written, value
    if written == WILD_DOS:
        return written, f"{value} 2" if how == "colour" else None
    return written, f"{colour_of(written)} {value}" if how == "number" else None


def refusal_for(state: dict, seat: int, move: dict | None) -> str | None:
    if is_over(state):
        return told("The match is over; no more moves can be made.")
    if move is None:
        return None
    if seat_exists(state, seat):
        try:
            CHECKS[move["kind"]](state, seat, move)
        except IllegalMove as refusal:
            return refusal.reason
    return None


def read_simple(text: str, state: dict, seat: int, move: dict, rest: list, allowed) -> dict:
    if any(token not in allowed for token in rest):
        raise IllegalMove(
            told(
                "Could not read %(line)s. %(examples)s",
                line=repr(text),
                examples=examples(state, seat),
            )
        )
    if move in legal_moves(state, seat):
        return move
    raise IllegalMove(
        refusal_for(state, seat, move) or told("%(line)s is not possible now.", line=quoted(text))
    )


def read_catch(text: str, state: dict, seat: int, rest: list[str]) -> dict:
    players = state["players"]
    if rest and rest[0] in PLAYER_WORDS:
        rest = rest[1:]
    caught = None
    if len(rest) == 1 and rest[0].isdigit() and 1 <= int(rest[0]) <= len(players):
        caught = int(rest[0]) - 1
    else:
        written = " ".join(rest)
        named = [s for s, name in enumerate(players) if name_words(name) == written]
        if len(named) == 1:
            caught = named[0]
    if caught is None:
        raise IllegalMove(
            told(
                "Catch whom? Write 'catch' and a player's number (1 to %(count)s) or name.",
                count=len(players),
            )
        )
    return read_simple(text, state, seat, {"kind": "catch", "seat": caught}, [], ())


def name_words(name: str) -> str:
    return " ".join(words_of(name))


def examples(state: dict, seat: int) -> Text:
    legal = legal_moves(state, seat)
    if not legal:
        return told("You have no move to make now.")
    shown = semicolons([format_move(move, state, seat) for move in legal[:6]])
    if len(legal) > 6:
        return told(
            "You could write: %(moves)s (and %(count)s more).", moves=shown, count=len(legal) - 6
        )
    return told("You could write: %(moves)s.", moves=shown)
