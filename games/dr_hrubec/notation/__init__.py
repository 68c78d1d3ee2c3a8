"""The email notation of Dr. Hrubec: a verb or an action card's name, then what it acts on.

    draw | skip | hire Alien | hire Alien, fire Butcher | queue | admit Blisters
    operate dermatology | end | Nurse | Bribe Dr. Acula | Blackout Anna | castle Butcher
    send Anna | fire Butcher | steal Young Intern | discard Nurse | admit Leper | decline

Reading forgives case, spaces and punctuation ("dr.acula", "Dr Acula" and "acula" are one
doctor), takes unambiguous beginnings of words ("alt" for Alternative treatment, "derm" for
dermatology) and names players by name or by seat ("seat 2").
"""

from __future__ import annotations

import re

from games.base import IllegalMove
from games.dr_hrubec.cards import (
    ACTIONS,
    BY_SLUG,
    CARDS,
    DOCTORS,
    GLUE,
    PATIENTS,
    SPECIALIZATIONS,
    glued,
    name,
    spec_name,
)
from games.dr_hrubec.notation import words as languages
from games.dr_hrubec.rules.moves import action_targets, legal_moves, ordered_specs
from games.texts import Text, tell, word

NOTATION_HELP = """Dr. Hrubec moves (one per line; case and punctuation do not matter):
  draw                       morning administration: draw a card (fewer than 5 in hand)
  hire Alien                 morning administration: play a doctor ('hire Alien, fire Butcher'
                             when your four offices are full)
  skip                       morning administration: neither draw nor hire
  queue                      call the next patient from the queue into the waiting room
  admit Blisters             take a patient from the waiting room onto your table
  operate dermatology        roll for the patient on your table ('operate' if one choice)
  end                        end your turn (after admittance or the operation)
  Nurse, Bribe Dr. Acula     play an action card, with its target: 'Blackout Anna',
                             'Euthanasia Leper', 'Heroic act Butcher', 'Holiday seat 2'
  castle Butcher             your secret choice of the doctor you pass left for Castling
  send Anna, fire Butcher, steal Dr. Molar, discard Nurse, decline
                             answers to what a card asks of you"""


def notation_help() -> Text:
    return tell(NOTATION_HELP)


# Formatting


def format_move(move: dict, state: dict, seat: int) -> Text:
    kind = move["kind"]
    if kind in ("draw", "skip", "queue", "end", "decline"):
        return word("dr_hrubec move", kind)
    if kind == "hire":
        if "fire" in move:
            return tell(
                "hire %(doctor)s, fire %(fired)s",
                doctor=name(move["doctor"]),
                fired=name(move["fire"]),
            )
        return tell("hire %(doctor)s", doctor=name(move["doctor"]))
    if kind == "admit":
        return tell("admit %(patient)s", patient=name(move["patient"]))
    if kind == "operate":
        return tell("operate %(spec)s", spec=spec_name(move["spec"]))
    if kind == "send":
        return tell("send %(player)s", player=player_text(state, move["player"]))
    if kind == "discard":
        return tell("discard %(card)s", card=name(move["card"]))
    if kind in ("castle", "fire", "steal"):
        return tell(DOCTOR_MOVES[kind], doctor=name(move["doctor"]))
    card = name(move["card"])
    if "player" in move:
        target = player_text(state, move["player"])
    elif move.get("doctor") or move.get("patient"):
        target = name(move.get("doctor") or move.get("patient"))
    else:
        return card
    return Text("%(card)s %(target)s", {"card": card, "target": target}, context=GLUE)


DOCTOR_MOVES = {
    "castle": "castle %(doctor)s",
    "fire": "fire %(doctor)s",
    "steal": "steal %(doctor)s",
}


def player_text(state: dict, player: int) -> str:
    """The player's name when it reads back to them, else their seat."""
    try:
        if read_player(words_of(state["players"][player]), state) == player:
            return state["players"][player]
    except IllegalMove:
        pass
    return tell("seat %(number)s", number=player + 1)


# Reading


def words_of(text: str) -> list[str]:
    """The words of a line, folded: lower case, without diacritics or punctuation."""
    return re.sub(r"[^a-z0-9]+", " ", languages.fold(text)).split()


def compact(words: list[str]) -> str:
    return "".join(words)


VERBS = {
    "draw": "draw",
    "skip": "skip",
    "neither": "skip",
    "nothing": "skip",
    "hire": "hire",
    "queue": "queue",
    "call": "queue",
    "admit": "admit",
    "take": "admit",
    "operate": "operate",
    "op": "operate",
    "roll": "operate",
    "end": "end",
    "endturn": "end",
    "done": "end",
    "castle": "castle",
    "send": "send",
    "fire": "fire",
    "dismiss": "fire",
    "steal": "steal",
    "discard": "discard",
    "decline": "decline",
    "no": "decline",
    **languages.all_verbs(),
    **{
        compact(words_of(known)): card
        for card in ACTIONS
        for known in (name(card), *languages.card_names(card))
    },
}
FILLER = {"a", "an", "the", "to", "on", "from", "with", "card", "turn", "please", "my", "in"}
FILLER |= set(languages.FILLER)


def parse_move(text: str, state: dict, seat: int) -> dict:
    words = words_of(text)
    if words and words[0] in languages.PLAY_WORDS and len(words) > 1:
        words = words[1:]
    if not words:
        raise IllegalMove(hint(state, seat, tell("There is no move in an empty line.")))
    verb, rest = read_verb(words, state, seat, text)
    try:
        return read_arguments(verb, rest, state, seat)
    except IllegalMove as problem:
        said = tell("'%(text)s': %(problem)s.", text=text.strip(), problem=problem.reason)
        raise IllegalMove(hint(state, seat, said)) from None


def read_verb(words: list[str], state: dict, seat: int, text: str) -> tuple[str, list[str]]:
    """The longest beginning of the line that names a verb or an action card."""
    for length in range(len(words), 0, -1):
        head = compact(words[:length])
        if head in VERBS:
            return VERBS[head], words[length:]
        if len(head) >= 3:
            meanings = sorted({verb for phrase, verb in VERBS.items() if phrase.startswith(head)})
            if len(meanings) == 1:
                return meanings[0], words[length:]
            if len(meanings) > 1:
                could = glued((verb_word(meaning) for meaning in meanings), ", ")
                said = tell("'%(head)s' could be: %(could)s.", head=head, could=could)
                raise IllegalMove(hint(state, seat, said))
    said = tell("I do not understand '%(text)s'.", text=text.strip())
    raise IllegalMove(hint(state, seat, said))


def verb_word(meaning: str) -> Text:
    return name(meaning) if meaning in ACTIONS else word("dr_hrubec move", meaning)


def read_arguments(verb: str, rest: list[str], state: dict, seat: int) -> dict:
    if verb in ("draw", "skip", "queue", "end", "decline"):
        require_nothing_more(rest)
        return {"kind": verb}
    if verb == "hire":
        return read_hire(rest, state, seat)
    if verb == "admit":
        return {"kind": "admit", "patient": read_card(rest, PATIENTS, state["waiting"], "patient")}
    if verb == "operate":
        return {"kind": "operate", "spec": read_spec(rest, state, seat)}
    if verb == "send":
        return {"kind": "send", "player": read_player(rest, state)}
    if verb == "discard":
        slugs = [card.slug for card in CARDS]
        return {"kind": "discard", "card": read_card(rest, slugs, state["hands"][seat], "card")}
    if verb in ("castle", "fire", "steal"):
        return {"kind": verb, "doctor": read_card(rest, DOCTORS, doctors_in_play(state), "doctor")}
    return read_action(verb, rest, state, seat)


def require_nothing_more(rest: list[str]) -> None:
    extra = [word for word in rest if word not in FILLER]
    if extra:
        raise IllegalMove(
            tell("nothing should follow, but I read '%(extra)s'", extra=" ".join(extra))
        )


def read_hire(rest: list[str], state: dict, seat: int) -> dict:
    for marker in languages.FIRE_MARKERS:
        if marker in rest:
            cut = rest.index(marker)
            hired, fired = rest[:cut], rest[cut + 1 :]
            break
    else:
        hired, fired = rest, []
    hand = state["hands"][seat]
    move = {"kind": "hire", "doctor": read_card(hired, DOCTORS, hand, "doctor")}
    if fired:
        move["fire"] = read_card(fired, DOCTORS, state["teams"][seat], "doctor")
    return move


def read_action(card: str, rest: list[str], state: dict, seat: int) -> dict:
    targets = action_targets(state, seat, card) if card in state["hands"][seat] else []
    field = TARGET_FIELD.get(card)
    if field is None:
        require_nothing_more(rest)
        return {"kind": "play", "card": card}
    if not strip_filler(rest) and len(targets) == 1:
        return {"kind": "play", "card": card, **targets[0]}
    if field == "player":
        return {"kind": "play", "card": card, "player": read_player(rest, state)}
    preferred = [target[field] for target in targets]
    pool = DOCTORS if field == "doctor" else PATIENTS
    return {"kind": "play", "card": card, field: read_card(rest, pool, preferred, field)}


TARGET_FIELD = {
    "bribe": "doctor",
    "heroic_act": "doctor",
    "euthanasia": "patient",
    "heart_attack": "patient",
    "holiday": "player",
    "blackout": "player",
}


def strip_filler(words: list[str]) -> list[str]:
    while words and words[0] in FILLER:
        words = words[1:]
    return words


def read_card(words: list[str], pool: list[str] | tuple, preferred: list[str], what: str) -> str:
    """The card of `pool` the words name: a whole name, or a part found in one name only
    (narrowed to `preferred`, the cards the move could mean, when several names hold it)."""
    for attempt in (words, strip_filler(words)):
        key = compact(attempt)
        if not key:
            continue
        exact = [slug for slug in pool if key in (*card_keys(slug), slug.replace("_", ""))]
        if len(exact) == 1:
            return exact[0]
        found = (
            [slug for slug in pool if any(key in known for known in card_keys(slug))]
            if len(key) >= 3
            else []
        )
        if len(found) > 1:
            found = [slug for slug in found if slug in preferred] or found
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise IllegalMove(
                tell(
                    "'%(words)s' could be %(cards)s",
                    words=" ".join(words),
                    cards=glued(map(name, found), ", "),
                )
            )
    if not compact(words):
        raise IllegalMove(tell(NAME_THE[what]))
    raise IllegalMove(tell(KNOW_NO[what], words=" ".join(words)))


NAME_THE = {"card": "name the card", "doctor": "name the doctor", "patient": "name the patient"}
KNOW_NO = {
    "card": "I know no card called '%(words)s'",
    "doctor": "I know no doctor called '%(words)s'",
    "patient": "I know no patient called '%(words)s'",
}


def card_keys(slug: str) -> tuple[str, ...]:
    """A card's name in every language the reader knows, folded and without spaces."""
    return CARD_KEYS[slug]


CARD_KEYS = {
    card.slug: tuple(
        dict.fromkeys(
            compact(words_of(known)) for known in (card.name, *languages.card_names(card.slug))
        )
    )
    for card in CARDS
}


def doctors_in_play(state: dict) -> list[str]:
    return [doctor for team in state["teams"] for doctor in team]


def read_spec(words: list[str], state: dict, seat: int) -> str:
    patient = state["tables"][seat]
    offered = ordered_specs(BY_SLUG[patient].difficulty) if patient else []
    key = compact(strip_filler(words))
    if not key:
        if len(offered) == 1:
            return offered[0]
        if not offered:
            raise IllegalMove(tell("there is no patient on your table"))
        specs = glued(map(spec_name, offered), " or ")
        raise IllegalMove(tell("choose the specialization: %(specs)s", specs=specs))
    found = (
        [
            spec
            for spec in SPECIALIZATIONS
            if any(known.startswith(key) for known in spec_keys(spec))
        ]
        if len(key) >= 2
        else []
    )
    if len(found) != 1:
        specs = glued(map(spec_name, SPECIALIZATIONS), ", ")
        raise IllegalMove(tell("'%(key)s' is none of %(specs)s", key=key, specs=specs))
    return found[0]


def spec_keys(spec: str) -> list[str]:
    return [compact(words_of(known)) for known in (spec, *languages.spec_names(spec))]


def read_player(words: list[str], state: dict) -> int:
    names = [compact(words_of(player)) for player in state["players"]]
    for attempt in (words, strip_filler(words)):
        key = compact(attempt)
        if not key:
            continue
        if names.count(key) == 1:
            return names.index(key)
        numbered = re.fullmatch(SEAT_NUMBER, key)
        if numbered and 1 <= int(numbered.group(1)) <= len(names):
            return int(numbered.group(1)) - 1
        starting = [seat for seat, known in enumerate(names) if known.startswith(key)]
        if len(key) >= 2 and len(starting) == 1:
            return starting[0]
    if not compact(words):
        raise IllegalMove(tell("name the player (by name or 'seat 2')"))
    raise IllegalMove(tell("there is no player '%(words)s'", words=" ".join(words)))


SEAT_NUMBER = r"(?:" + "|".join(languages.SEAT_WORDS) + r")?(\d+)"


def hint(state: dict, seat: int, problem: Text) -> Text:
    legal = legal_moves(state, seat)
    if not legal:
        return tell("%(problem)s You have nothing to do now.", problem=problem)
    shown = glued([format_move(move, state, seat) for move in legal[:8]], "; ")
    if len(legal) > 8:
        return tell(
            "%(problem)s You can: %(moves)s (and %(more)s more).",
            problem=problem,
            moves=shown,
            more=len(legal) - 8,
        )
    return tell("%(problem)s You can: %(moves)s.", problem=problem, moves=shown)
