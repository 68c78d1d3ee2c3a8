"""A player's lines played in order (moves, `say`, resign, votes, undo) through the store, up
to the first that cannot be played."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from tabletop.mail import (
    questions,
    replytext,
    tabletalk,
)
from tabletop.mail.inbound.reading import COMMANDS, MOST_LINES, NOTHING_PLAYED, Incoming, Verdict
from tabletop.mail.inbound.refusals import Refusal, refused
from tabletop.mail.models import InboundMail
from tabletop.play import store
from tabletop.play.models import Game, Move, Vote


def act(incoming: Incoming, game: Game, seat: int, user, token) -> Verdict:
    lines = replytext.reply_lines(incoming.message)
    who = {"game": game, "seat": seat, "user": user}
    situation = {"show_situation": True}
    if not lines:
        raise refused(
            gettext(
                "We found no text of yours above the quoted email. Nothing was played. Write "
                "your move on the first line of your reply, one step a line."
            ),
            answer=situation,
            **who,
        )
    if len(lines) > MOST_LINES:
        raise refused(
            ngettext(
                "Your reply has %(lines)s line; a reply takes at most %(most)s steps. Nothing "
                "was played.",
                "Your reply has %(lines)s lines; a reply takes at most %(most)s steps. Nothing "
                "was played.",
                len(lines),
            )
            % {"lines": len(lines), "most": MOST_LINES},
            answer=situation,
            **who,
        )
    commands = [COMMANDS[c] for line in lines if (c := command(line))]
    moves = [
        (number, line)
        for number, line in enumerate(lines, 1)
        if not command(line) and tabletalk.said_in(line) is None
    ]
    helping = {"help": True} if "help" in commands else {}
    if "resign" in commands:
        if moves:
            raise refused(
                gettext('Write "resign" alone in a reply. Nothing was played.'),
                answer=situation,
                **who,
            )
        return resign(current_turn(game, seat, user, token, situation), seat, user)
    ballots = [answer for line in lines if (answer := ballot(line)) is not None]
    if ballots:
        if len(lines) != 1:
            raise refused(
                gettext('Write "vote yes" or "vote no" alone in a reply. Nothing was played.'),
                answer=situation,
                **who,
            )
        return vote(game, seat, user, ballots[0], situation)
    if "undo" in commands:
        if moves:
            raise refused(
                gettext('Write "undo" alone in a reply. Nothing was played.'),
                answer=situation,
                **who,
            )
        return undo(game, seat, user, situation)
    if not moves:
        message = (
            gettext("How to write moves in %(title)s, and where #%(pk)s stands.")
            if helping
            else gettext("Where %(title)s #%(pk)s stands.")
        ) % {"title": game.title, "pk": game.pk}
        return Verdict(InboundMail.Result.ANSWERED, message, answer={**situation, **helping}, **who)
    shown = {**situation, **helping}
    return play(current_turn(game, seat, user, token, shown), seat, user, token, moves, shown)


def with_talk(incoming: Incoming, game: Game, seat: int, user, token) -> Verdict:
    """The reply's say lines are said at the table first, whatever becomes of its moves (talk
    is no move and waits for no turn); the answer tells both."""
    lines = replytext.reply_lines(incoming.message)
    talk = tabletalk.say(game, user, lines) if len(lines) <= MOST_LINES else tabletalk.Talk()
    try:
        verdict = act(incoming, game, seat, user, token)
    except Refusal as refusal:
        verdict = refusal.verdict
    if talk:
        verdict.message = f"{talk.summary()} {verdict.message}"
        verdict.answer = {**verdict.answer, **talk.answer()}
        if talk.said and verdict.result == InboundMail.Result.ANSWERED:
            verdict.result = InboundMail.Result.ACCEPTED
    return verdict


def command(line: str) -> str | None:
    word = line.lower().strip(" .!:")
    return word if word in COMMANDS else None


def current_turn(game: Game, seat: int, user, token, shown: dict) -> Game:
    """The game, locked until the reply is handled, when the reply address is for the seat's
    current turn. An address of an earlier turn, or a seat that is not waiting, plays nothing:
    the answer tells what happened since the email was written and what can be played now."""
    locked = Game.objects.select_for_update().get(pk=game.pk)
    turn_seq = locked.seats.values_list("turn_seq", flat=True).get(position=seat)
    waiting = seat in locked.to_act
    if waiting and (turn_seq is None or token.seq >= turn_seq):
        return locked
    if waiting:
        message = gettext(
            "The email you answered was written for an earlier turn of yours (at move "
            "%(seq)s); your turn now began at move %(began)s. Nothing was played. Below is "
            "what happened since, and what you can play now: reply to this email to play it."
        ) % {"seq": token.seq, "began": turn_seq}
    else:
        message = not_your_turn(locked)
        if token.seq < locked.seq:
            message += " " + gettext("Below is what happened since the email you answered.")
    answer = {**shown, "changed_since": token.seq}
    raise refused(message, answer=answer, game=locked, seat=seat, user=user)


def not_your_turn(game: Game) -> str:
    names = [s.user.get_username() for s in game.seats.select_related("user")]
    others = pgettext("between names", " and ").join(names[s] for s in game.to_act)
    told = {"title": game.title, "pk": game.pk, "others": others}
    if others:
        return (
            gettext(
                "It is not your turn in %(title)s #%(pk)s: the game is waiting for %(others)s. "
                "Nothing was played. You will get an email when it is your turn."
            )
            % told
        )
    return (
        gettext(
            "It is not your turn in %(title)s #%(pk)s. Nothing was played. You will get an email "
            "when it is your turn."
        )
        % told
    )


def play(game: Game, seat: int, user, token, moves: list[tuple[int, str]], shown: dict) -> Verdict:
    """Play the move lines (numbered as they stand in the reply) in order, up to the first
    that cannot be played; the lines before it stay played (their draws are real)."""
    moved_on = {"changed_since": token.seq} if game.seq != token.seq else {}
    seen_seq = game.seq
    try:
        played = store.submit_lines(
            game, user, [text for _, text in moves], None, Move.Source.EMAIL
        )
    except store.Refused as refusal:
        line = refusal.context.get("line")
        answer = {**shown, **moved_on}
        message = f"{NOTHING_PLAYED} "
        if line:
            number, text = moves[line - 1]
            answer["line"] = {"number": number, "text": text, "reason": refusal.message}
            message += gettext("Line %(number)s could not be played:") % {"number": number}
        else:
            message += refusal.message
        if moved_on:
            message = (
                gettext(
                    "The game has moved on since the email you answered (from move %(seq)s "
                    "to move %(now)s)."
                )
                % {"seq": token.seq, "now": seen_seq}
                + " "
                + message
            )
        raise refused(message, answer=answer, game=game, seat=seat, user=user) from None
    logged = played.logged
    steps = sum(1 for move in logged if move.seat == seat and move.source == Move.Source.EMAIL)
    message = ngettext(
        "Played: %(steps)s step in %(title)s #%(pk)s.",
        "Played: %(steps)s steps in %(title)s #%(pk)s.",
        steps,
    ) % {"steps": steps, "title": game.title, "pk": game.pk}
    answer = {**shown, **moved_on, "logged": [move.seq for move in logged]}
    if moved_on:
        since = {"seq": token.seq, "now": seen_seq}
        if played.stopped_by:
            moved = gettext(
                "The game had moved on since the email you answered (from move %(seq)s to "
                "move %(now)s)."
            )
        else:
            moved = gettext(
                "The game had moved on since the email you answered (from move %(seq)s to "
                "move %(now)s), but your steps were still legal."
            )
        message += " " + moved % since
    if played.stopped_by is not None:
        line = played.stopped_by.context["line"]
        number, text = moves[line - 1]
        answer["line"] = {"number": number, "text": text, "reason": played.stopped_by.message}
        message += " " + stopped_at(number, len(moves) - line)
    game.refresh_from_db()
    return Verdict(
        InboundMail.Result.ACCEPTED, message, game=game, seat=seat, user=user, answer=answer
    )


def stopped_at(number: int, lines_after: int) -> str:
    """What the answer says of the line that stopped the reply, and of the lines after it."""
    if not lines_after:
        return gettext("Line %(number)s could not be played:") % {"number": number}
    return ngettext(
        "Line %(number)s could not be played, so it and the line after it were left unplayed:",
        "Line %(number)s could not be played, so it and the %(after)s lines after it were left "
        "unplayed:",
        lines_after,
    ) % {"number": number, "after": lines_after}


def resign(game: Game, seat: int, user) -> Verdict:
    try:
        logged = store.resign(game, user, Move.Source.EMAIL)
    except store.Refused as refusal:
        message = f"{refusal.message} {NOTHING_PLAYED}"
        raise refused(message, game=game, seat=seat, user=user) from None
    game.refresh_from_db()
    return Verdict(
        InboundMail.Result.ACCEPTED,
        gettext(
            "You have resigned from %(title)s #%(pk)s; a bot plays your seat from now on "
            "and you cannot win it."
        )
        % {"title": game.title, "pk": game.pk},
        game=game,
        seat=seat,
        user=user,
        answer={"logged": [move.seq for move in logged]},
    )


def ballot(line: str) -> bool | None:
    """A line "vote yes" / "vote no": the answer; None for any other line."""
    words = line.lower().strip(" .!:").split()
    if len(words) == 2 and words[0] == "vote" and words[1] in ("yes", "no"):
        return words[1] == "yes"
    return None


VOTE_DECIDED = {
    Vote.Result.PASSED: gettext_lazy("The vote passed."),
    Vote.Result.FAILED: gettext_lazy("The vote failed."),
    Vote.Result.EXPIRED: gettext_lazy("The vote expired."),
}


def vote(game: Game, seat: int, user, yes: bool, shown: dict) -> Verdict:
    """Answer the oldest open vote the player may answer."""
    asked = store.open_vote_for(game, seat)
    if asked is None:
        raise refused(
            gettext("There is no open vote for you to answer in %(title)s #%(pk)s.")
            % {"title": game.title, "pk": game.pk},
            answer=shown,
            game=game,
            seat=seat,
            user=user,
        )
    try:
        answered = store.answer_vote(game, user, asked.pk, yes, Move.Source.EMAIL)
    except store.Refused as refusal:
        raise refused(refusal.message, answer=shown, game=game, seat=seat, user=user) from None
    game.refresh_from_db()
    asked_text = questions.question_text(
        {"subject": answered.subject, **answered.details}, names(game)
    )
    voted = (
        gettext("You voted yes to %(question)s.")
        if yes
        else gettext("You voted no to %(question)s.")
    )
    decided = f" {VOTE_DECIDED[answered.result]}" if answered.result else ""
    return Verdict(
        InboundMail.Result.ACCEPTED,
        voted % {"question": asked_text} + decided,
        game=game,
        seat=seat,
        user=user,
        answer=shown,
    )


def names(game: Game) -> list[str]:
    return [seat.user.get_username() for seat in game.seats_with_players()]


def undo(game: Game, seat: int, user, shown: dict) -> Verdict:
    """Take back the player's latest steps (as the page's Undo button does): whatever email
    the reply answers, since the store allows it only while nothing was seen since."""
    try:
        logged = store.take_back_or_ask(game, user, None, Move.Source.EMAIL)
    except store.Refused as refusal:
        message = gettext("Nothing was taken back: %(why)s") % {"why": refusal.message}
        raise refused(message, answer=shown, game=game, seat=seat, user=user) from None
    game.refresh_from_db()
    if isinstance(logged, Vote):
        return Verdict(
            InboundMail.Result.ACCEPTED,
            gettext(
                "Others have played since your move, so they are asked to accept the take-back; "
                "you will see their answer in the game's log."
            ),
            game=game,
            seat=seat,
            user=user,
            answer=shown,
        )
    return Verdict(
        InboundMail.Result.ACCEPTED,
        gettext("You took back %(moves)s in %(title)s #%(pk)s. Below is where the game stands now.")
        % {
            "moves": questions.moves_named(logged.payload["withdraws"]),
            "title": game.title,
            "pk": game.pk,
        },
        game=game,
        seat=seat,
        user=user,
        answer={**shown, "logged": [logged.seq]},
    )
