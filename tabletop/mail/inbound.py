"""Moves by email: the one function behind the webhook, the IMAP poller and the SMTP receiver.

`receive(raw, channel)` takes a whole message as it arrived and, in one transaction:
records its Message-ID (a second delivery of the same message moves nothing), authenticates it
by the signed reply address it was sent to and by its sender, reads the player's own lines,
applies them through the store all or nothing, and queues the answer in the same thread.
Automatic mail (bounces, vacation replies) is recorded and never answered, so no mail loops.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from tabletop.accounts import links
from tabletop.mail import addresses, outbox, replytext
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move

log = logging.getLogger(__name__)

MOST_LINES = 50
COMMANDS = {"help": "help", "?": "help", "status": "status", "resign": "resign"}
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")
NOTHING_PLAYED = "Nothing was played."


@dataclass
class Incoming:
    """What we need of a received message."""

    message: EmailMessage
    message_id: str
    sender: str
    subject: str
    references: list[str]
    recipients: list[str]
    size: int


@dataclass
class Verdict:
    """What became of a message, and what the answer says (see emails/reply-body.txt)."""

    result: str
    message: str
    game: Game | None = None
    seat: int | None = None
    user: object = None
    answer: dict = field(default_factory=dict)
    answered: bool = True


# ---------------------------------------------------------------------------- the way in


def receive(raw: bytes, channel: str, recipients: Sequence[str] = ()) -> InboundMail:
    """Handle one received email; safe to call again with the same message."""
    incoming = read(raw, recipients)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMail.objects.create(
                    message_id=incoming.message_id,
                    channel=channel,
                    sender=incoming.sender[:300],
                    subject=incoming.subject[:998],
                    size=incoming.size,
                    result=InboundMail.Result.REFUSED,
                )
        except IntegrityError:
            return duplicate(incoming)
        verdict = judge(incoming)
        record.result, record.detail = verdict.result, verdict.message[:2000]
        record.game, record.seat = verdict.game, verdict.seat
        record.save()
        if verdict.answered:
            answer(incoming, verdict)
    return record


def read(raw: bytes, recipients: Sequence[str] = ()) -> Incoming:
    message = BytesParser(policy=policy.default).parsebytes(raw)
    found = [*recipients]
    for name in RECIPIENT_HEADERS:
        values = [str(value) for value in message.get_all(name, [])]
        found += [address for _, address in getaddresses(values)]
    message_id = header(message, "Message-ID")
    if not message_id:
        message_id = f"<sha256.{hashlib.sha256(raw).hexdigest()}@tabletop.invalid>"
    return Incoming(
        message=message,
        message_id=message_id[:255],
        sender=parseaddr(header(message, "From"))[1].lower(),
        subject=header(message, "Subject"),
        references=header(message, "References").split(),
        recipients=found,
        size=len(raw),
    )


def header(message: EmailMessage, name: str) -> str:
    try:
        return " ".join(str(message.get(name, "")).split())
    except (ValueError, TypeError, IndexError):  # a header too broken to parse
        return ""


def automatic(incoming: Incoming) -> bool:
    """Bounces and auto-replies (RFC 3834): answering them could loop."""
    message = incoming.message
    submitted = header(message, "Auto-Submitted").lower()
    return (
        (submitted not in ("", "no"))
        or message.get_content_type() == "multipart/report"
        or header(message, "Precedence").lower() in ("bulk", "junk", "list", "auto_reply")
        or bool(header(message, "X-Autoreply") or header(message, "X-Autorespond"))
        or not incoming.sender
        or incoming.sender.split("@")[0] in ("mailer-daemon", "postmaster")
    )


# ---------------------------------------------------------------------------- judging


class Refusal(Exception):
    def __init__(self, verdict: Verdict):
        super().__init__(verdict.message)
        self.verdict = verdict


def judge(incoming: Incoming) -> Verdict:
    if automatic(incoming):
        return Verdict(InboundMail.Result.IGNORED, "automatic mail", answered=False)
    try:
        check_size(incoming)
        game, seat, user, token = authenticate(incoming)
        if game.is_over:
            return over(game, seat, user)
        return act(incoming, game, seat, user, token)
    except Refusal as refusal:
        return refusal.verdict


def refused(message: str, **fields) -> Refusal:
    return Refusal(Verdict(InboundMail.Result.REFUSED, message, **fields))


def check_size(incoming: Incoming) -> None:
    limit = settings.MAIL_INBOUND_MAX_BYTES
    if incoming.size > limit:
        raise refused(
            f"Your email was {incoming.size / 2**20:.1f} MB; replies are taken up to "
            f"{limit / 2**20:.0f} MB. {NOTHING_PLAYED} Send your move as plain text, "
            "without attachments."
        )


def authenticate(incoming: Incoming) -> tuple:
    """(game, seat, user, token) for a genuine, current reply address and its own player."""
    found = addresses.find_token(incoming.recipients)
    if found is None:
        raise refused(
            "This address only takes replies to turn emails, and your email was not sent to "
            f"the reply address of one. {NOTHING_PLAYED} Reply to your latest turn email."
        )
    try:
        token = addresses.read_token(found)
    except addresses.ExpiredAddress as expired:
        raise refused(
            f"The email you answered is too old: its reply address {expired}. "
            f"{NOTHING_PLAYED} Reply to your latest turn email, or open the game on the web."
        ) from None
    except addresses.BadAddress:
        raise refused(
            "The reply address of your email is not one we sent: it has been changed, so we "
            f"cannot tell which game it is for. {NOTHING_PLAYED} Reply to your latest turn "
            "email as it came."
        ) from None
    game = Game.objects.filter(pk=token.game_id).first()
    seat = game.seats.select_related("user").filter(position=token.seat).first() if game else None
    if seat is None:
        raise refused(f"The game this email was for no longer exists. {NOTHING_PLAYED}")
    if seat.user.email.lower() != incoming.sender:
        raise refused(sender_problem(incoming.sender))
    return game, seat.position, seat.user, token


def sender_problem(sender: str) -> str:
    if not get_user_model().objects.filter(email__iexact=sender).exists():
        return (
            f"We do not know {sender}: moves are taken only from the address the turn email "
            f"was sent to. {NOTHING_PLAYED}"
        )
    return (
        "This reply address belongs to another player's turn email, not to one of yours. "
        f"{NOTHING_PLAYED} Reply to your own turn email."
    )


def over(game: Game, seat: int, user) -> Verdict:
    names = [s.user.get_username() for s in game.seats.select_related("user")]
    winners = " and ".join(names[s] for s in (game.outcome or {}).get("winners", []))
    return Verdict(
        InboundMail.Result.REFUSED,
        f"{game.title} #{game.pk} is over{f' ({winners} won)' if winners else ''}; nothing more "
        f"can be played. {NOTHING_PLAYED} Step through the game: "
        f"{links.absolute(links.history_path(game.pk))}",
        game=game,
        seat=seat,
        user=user,
    )


# ---------------------------------------------------------------------------- acting


def act(incoming: Incoming, game: Game, seat: int, user, token) -> Verdict:
    lines = replytext.reply_lines(incoming.message)
    who = {"game": game, "seat": seat, "user": user}
    situation = {"show_situation": True}
    if not lines:
        raise refused(
            "We found no text of yours above the quoted email. "
            f"{NOTHING_PLAYED} Write your move on the first line of your reply, one step a line.",
            answer=situation,
            **who,
        )
    if len(lines) > MOST_LINES:
        raise refused(
            f"Your reply has {len(lines)} lines; a reply takes at most {MOST_LINES} steps. "
            f"{NOTHING_PLAYED}",
            answer=situation,
            **who,
        )
    commands = [COMMANDS[c] for line in lines if (c := command(line))]
    moves = [(number, line) for number, line in enumerate(lines, 1) if not command(line)]
    helping = {"help": True} if "help" in commands else {}
    if "resign" in commands:
        if moves:
            raise refused(
                f'Write "resign" alone in a reply. {NOTHING_PLAYED}', answer=situation, **who
            )
        return resign(game, seat, user)
    if not moves:
        message = (
            f"How to write moves in {game.title}, and where #{game.pk} stands."
            if helping
            else f"Where {game.title} #{game.pk} stands."
        )
        return Verdict(InboundMail.Result.ANSWERED, message, answer={**situation, **helping}, **who)
    return play(game, seat, user, token, moves, {**situation, **helping})


def command(line: str) -> str | None:
    word = line.lower().strip(" .!:")
    return word if word in COMMANDS else None


def play(game: Game, seat: int, user, token, moves: list[tuple[int, str]], shown: dict) -> Verdict:
    """Play the move lines (numbered as they stand in the reply), all or none."""
    seen_seq = Game.objects.values_list("seq", flat=True).get(pk=game.pk)
    moved_on = {"changed_since": token.seq} if seen_seq != token.seq else {}
    try:
        logged = store.submit_lines(
            game, user, [text for _, text in moves], None, Move.Source.EMAIL
        ).logged
    except store.Refused as refusal:
        step = refusal.context.get("line")
        line, text = moves[step - 1] if step else (None, "")
        message = f"{NOTHING_PLAYED} "
        if line:
            message += f"Line {line} could not be played:"
        else:
            message += refusal.message
        if moved_on:
            message = (
                f"The game has moved on since the email you answered (from move {token.seq} "
                f"to move {seen_seq}). " + message
            )
        answer = {**shown, **moved_on}
        if line:
            answer["line"] = {"number": line, "text": text, "reason": refusal.message}
        raise refused(message, answer=answer, game=game, seat=seat, user=user) from None
    steps = sum(1 for move in logged if move.seat == seat and move.source == Move.Source.EMAIL)
    message = f"Played: {steps} step{'s' * (steps != 1)} in {game.title} #{game.pk}."
    if moved_on:
        message += (
            f" The game had moved on since the email you answered (from move {token.seq} to "
            f"move {seen_seq}), but your steps were still legal."
        )
    game.refresh_from_db()
    return Verdict(
        InboundMail.Result.ACCEPTED,
        message,
        game=game,
        seat=seat,
        user=user,
        answer={**shown, **moved_on, "logged": [move.seq for move in logged]},
    )


def resign(game: Game, seat: int, user) -> Verdict:
    try:
        logged = store.resign(game, user, Move.Source.EMAIL)
    except store.Refused as refusal:
        message = f"{refusal.message} {NOTHING_PLAYED}"
        raise refused(message, game=game, seat=seat, user=user) from None
    game.refresh_from_db()
    return Verdict(
        InboundMail.Result.ACCEPTED,
        f"You have resigned from {game.title} #{game.pk}; a bot plays your seat from now on "
        "and you cannot win it.",
        game=game,
        seat=seat,
        user=user,
        answer={"logged": [move.seq for move in logged]},
    )


# ---------------------------------------------------------------------------- answering


def answer(incoming: Incoming, verdict: Verdict) -> Outbox:
    subject = incoming.subject or "your email"
    if not subject.lower().startswith("re:"):
        subject = "Re: " + subject
    return outbox.queue_to(
        incoming.sender,
        Outbox.Kind.REPLY,
        verdict.game,
        verdict.user,
        verdict.seat,
        message=verdict.message,
        subject=subject,
        in_reply_to=incoming.message_id,
        references=incoming.references[-20:],
        **verdict.answer,
    )


def duplicate(incoming: Incoming) -> InboundMail:
    """The same message again: nothing moves; the sender hears that it was handled before."""
    first = InboundMail.objects.get(message_id=incoming.message_id)
    if not automatic(incoming) and incoming.sender == first.sender:
        when = first.received.strftime("%d %b %Y, %H:%M UTC")
        answer(
            incoming,
            Verdict(
                first.result,
                f"We received this email before (on {when}) and answered it then. Nothing was "
                "played again.",
            ),
        )
    log.info("inbound %s received again; ignored", incoming.message_id)
    return first
