"""Writing a DOS move and folding the legal moves for a turn email, told through
games/texts.py so that a reader reads them in their language (the English is the notation's)."""

from __future__ import annotations

from games.base import MoveGroup
from games.dos.cards import TAKEN, card_told, is_wild, named_card_told, semicolons
from games.dos.rules import colour_bonus, legal_moves
from games.dos.view.log import card_text, played_text
from games.texts import Text, word

# --- Writing a move ----------------------------------------------------------------------


def format_move(move: dict, state: dict, seat: int) -> Text:
    kind = move["kind"]
    call = bool(move.get("call"))
    if kind == "match":
        target = card_text(move["target"], move["target_as"], TAKEN)
        msgid = "match %(target)s with %(played)s" + (", DOS!" if call else "")
        return Text(msgid, {"target": target, "played": played_text(move)}, context="dos move")
    if kind == "draw":
        return word("dos move", "draw, DOS!") if call else word("dos move", "draw")
    if kind == "add":
        msgid = "add %(card)s" + (", DOS!" if call else "")
        return Text(msgid, {"card": card_told(move["card"], TAKEN)}, context="dos move")
    if kind == "end":
        return word("dos move", "end")
    if kind == "dos":
        return word("dos move", "DOS!")
    return Text("catch %(seat)s", {"seat": move["seat"] + 1}, context="dos move")


# --- The legal moves, folded for a turn email ---------------------------------------------


def move_groups(state: dict, seat: int) -> list[MoveGroup]:
    """One line per centre card to match (each way of matching it once, its wilds named for
    the best colour bonus), then the draw, the adds, the end, the call and the catches.

    Every spelling in a line is a whole move; what a line leaves out (other namings of a wild,
    the call carried by a step) its note names, and the help reply lists every move."""
    legal = legal_moves(state, seat)
    groups = []
    targets: dict[str, list[dict]] = {}
    for move in legal:
        if move["kind"] == "match":
            targets.setdefault(move["target"], []).append(move)
    for target, moves in targets.items():
        groups.append(match_group(target, moves, state, seat))
    adds = [move for move in legal if move["kind"] == "add" and not move["call"]]
    if adds:
        calls = any(move["kind"] == "add" and move["call"] for move in legal)
        groups.append(
            MoveGroup(
                word("dos move", "add"),
                tuple(card_told(move["card"], TAKEN) for move in adds),
                word("dos move note", "each can call DOS: 'add ..., DOS!'") if calls else "",
            )
        )
    for move in legal:
        if move["kind"] in ("match", "add") or move.get("call"):
            continue
        calls = move["kind"] == "draw" and {"kind": "draw", "call": True} in legal
        note = word("dos move note", "or 'draw, DOS!'") if calls else ""
        groups.append(MoveGroup(format_move(move, state, seat), (), note))
    return groups


def match_group(target: str, moves: list[dict], state: dict, seat: int) -> MoveGroup:
    shapes: dict[tuple, list[dict]] = {}
    for move in moves:
        if not move["call"]:
            shapes.setdefault(tuple(move["cards"]), []).append(move)
    wild = is_wild(target)
    centre = card_told(target, TAKEN)
    head = Text(
        "match %(target)s" if wild else "match %(target)s with",
        {"target": centre},
        context="dos move",
    )
    variants, renamed = [], False
    for namings in shapes.values():
        best = max(namings, key=lambda move: BONUS_RANK[colour_bonus(move)])
        variants.append(variant_text(best) if wild else played_text(best))
        renamed = renamed or len(namings) > 1
    notes = []
    if renamed:
        notes.append(word("dos move note", "a wild may be named otherwise: 'as ...'"))
    if any(move["call"] for move in moves):
        notes.append(word("dos move note", "a match leaving you two cards can call: ', DOS!'"))
    return MoveGroup(head, tuple(variants), semicolons(notes))


def variant_text(move: dict) -> Text:
    """'as 7 with red 7': a match of a wild centre card after its head ('match yellow #')."""
    named = named_card_told(move["target"], move["target_as"], TAKEN).params["named"]
    return Text(
        "as %(named)s with %(played)s",
        {"named": named, "played": played_text(move)},
        context="dos move",
    )


BONUS_RANK = {"double": 2, "single": 1, None: 0}
