"""Moves by email: the one function behind the webhook, the IMAP poller and the SMTP receiver.

`receive(raw, channel)` takes a whole message as it arrived and, in one transaction: records
its Message-ID (a second delivery of the same message moves nothing), makes sure it can be
read, that its sender is authentic (a DKIM signature of the From domain, or the provider's
verdict) and within its hourly allowance, authenticates it by the signed reply address it was
sent to and by its sender, reads the player's own lines, says its `say ...` lines at the table
(mail/tabletalk.py), plays the others through the store in order up to the first that cannot be
played, and queues the answer in the same thread.

Only our players are ever written to, and about a seat only that seat's own player: mail from
anyone else, unauthenticated or automatic mail (bounces, vacation replies) and mail over the
allowance is recorded for the operator and never answered, so there is no backscatter and no
mail loop. A message that cannot be read at all is recorded as rejected, and the channels
refuse it for good.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.utils import formats, translation
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from tabletop.accounts import links, moments
from tabletop.mail import (
    addresses,
    outbox,
    outgoing,
    questions,
    replytext,
    senders,
    tabletalk,
)
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import clock, rematches, store
from tabletop.play.models import Game, Move, Vote

log = logging.getLogger(__name__)

MOST_LINES = 50
COMMANDS = {
    "help": "help",
    "?": "help",
    "status": "status",
    "resign": "resign",
    "rematch": "rematch",
    "undo": "undo",
}
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")
NOTHING_PLAYED = gettext_lazy("Nothing was played.")

# A reply has a few MIME parts. Many more is not a reply, and the parser recurses once per
# level of nesting: counted in the raw bytes before anything is parsed.
MOST_CONTAINERS = 25
CONTAINER = re.compile(rb'(?im)^content-type:\s*(?:\([^)]*\)\s*)*"?(?:multipart|message)/')
# Up to this many times MAIL_INBOUND_MAX_BYTES a message is still taken whole, so that its
# signature can be checked and its player told it is too large; beyond, only its header.
WHOLE_UP_TO = 2
MOST_HEADER_BYTES = 256 * 1024
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
NOT_WHITESPACE_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
ADDRESS = re.compile(r"[^@\s<>()\[\],;:\"\\]+@[^@\s<>()\[\],;:\"\\]+\.[^@\s<>()\[\],;:\"\\]+")


@dataclass
class Incoming:
    """What we need of a received message."""

    raw: bytes
    message: EmailMessage
    message_id: str
    sender: str
    subject: str
    references: list[str]
    recipients: list[str]
    size: int
    complete: bool  # raw is the whole message, not only its header
    unreadable: str = ""  # why it cannot be read, if it cannot


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


def whole_message_limit() -> int:
    """The largest message a channel should fetch whole (larger: its header and size only)."""
    return settings.MAIL_INBOUND_MAX_BYTES * WHOLE_UP_TO


# ---------------------------------------------------------------------------- the way in


def receive(
    raw: bytes,
    channel: str,
    recipients: Sequence[str] = (),
    *,
    size: int | None = None,
    authenticated: bool | None = None,
) -> InboundMail:
    """Handle one received email; safe to call again with the same message.

    `size` is the message's size when `raw` is only its header (a poller that did not fetch
    an oversized message whole). `authenticated` is the provider's verdict on the sender where
    a provider took the message in; otherwise its DKIM signature is checked here.
    """
    incoming = read(raw, recipients, size)
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
            return duplicate(incoming, authenticated)
        verdict = handle(incoming, authenticated)
        record.result, record.detail = verdict.result, clean(verdict.message)[:2000]
        record.game, record.seat, record.answered = verdict.game, verdict.seat, verdict.answered
        record.save()
    return record


def handle(incoming: Incoming, authenticated: bool | None) -> Verdict:
    """Judge the message and answer it. Whatever the message makes go wrong rejects it, rather
    than failing the channel, which would offer it again at every try; a database that is away
    is no fault of the message's and propagates, so that the channel tries again later."""
    try:
        with transaction.atomic():
            verdict = judge(incoming, authenticated)
            if verdict.answered:
                answer(incoming, verdict)
        return verdict
    except (OperationalError, InterfaceError):
        raise
    except Exception as error:
        log.exception("inbound %s could not be handled; rejected", incoming.message_id)
        return Verdict(
            InboundMail.Result.REJECTED,
            f"could not be handled ({type(error).__name__}: {error}); rejected for good",
            answered=False,
        )


def reject(raw: bytes, channel: str, reason: str) -> InboundMail:
    """Record a message its channel could not even hand over (a provider's payload that its
    parser failed on), once: the operator sees it, nobody is answered."""
    record, _ = InboundMail.objects.get_or_create(
        message_id=f"<sha256.{hashlib.sha256(raw).hexdigest()}@tabletop.invalid>",
        defaults={
            "channel": channel,
            "size": len(raw),
            "result": InboundMail.Result.REJECTED,
            "detail": clean(f"could not be read ({reason}); rejected for good")[:2000],
        },
    )
    return record


def read(raw: bytes, recipients: Sequence[str] = (), size: int | None = None) -> Incoming:
    """The message's parts we use. Its size and structure are checked before it is parsed:
    past the size limit, or with too many MIME parts, only its header is read."""
    size = len(raw) if size is None else size
    complete = len(raw) == size
    message, unreadable = None, ""
    if complete and size <= settings.MAIL_INBOUND_MAX_BYTES:
        containers = len(CONTAINER.findall(raw))
        if containers > MOST_CONTAINERS:
            unreadable = (
                f"{containers} MIME containers (a reply has a few; at most {MOST_CONTAINERS} "
                "are read); rejected unread"
            )
        else:
            try:
                message = BytesParser(policy=policy.default).parsebytes(raw)
            except Exception as error:  # e.g. RecursionError
                unreadable = f"could not be parsed ({type(error).__name__}); rejected"
    if message is None:
        message = header_of(raw)
    message_id = header(message, "Message-ID")[:255]
    if not message_id:
        message_id = f"<sha256.{hashlib.sha256(raw).hexdigest()}@tabletop.invalid>"
    return Incoming(
        raw=raw,
        message=message,
        message_id=message_id,
        sender=sender_of(message),
        subject=header(message, "Subject"),
        references=header(message, "References").split(),
        recipients=[*recipients, *recipients_of(message)],
        size=size,
        complete=complete,
        unreadable=unreadable,
    )


def header_of(raw: bytes) -> EmailMessage:
    """Only the header block of a message, parsed."""
    head = raw[:MOST_HEADER_BYTES]
    end = re.search(rb"\r?\n\r?\n", head)
    if end:
        head = head[: end.start()] + b"\r\n"
    try:
        return BytesParser(policy=policy.default).parsebytes(head, headersonly=True)
    except Exception:
        return EmailMessage()


def clean(text: str) -> str:
    """One line of printable text: no control characters (a NUL would not even go into
    PostgreSQL), no unpaired surrogates from undecodable bytes."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    return " ".join(CONTROL.sub(" ", text).split())


def header(message: EmailMessage, name: str) -> str:
    try:
        return clean(str(message.get(name, "")))
    except Exception:  # a header too broken to parse
        return ""


def sender_of(message: EmailMessage) -> str:
    """The one address of the one From header, lower case; "" if there is no such thing."""
    try:
        values = [str(value) for value in message.get_all("From", [])]
        found = getaddresses(values) if len(values) == 1 else []
    except Exception:
        return ""
    if len(found) != 1 or NOT_WHITESPACE_CONTROL.search(values[0]):
        return ""
    address = found[0][1].lower()
    return address if ADDRESS.fullmatch(address) else ""


def recipients_of(message: EmailMessage) -> list[str]:
    found = []
    for name in RECIPIENT_HEADERS:
        try:
            values = [clean(str(value)) for value in message.get_all(name, [])]
            found += [address for _, address in getaddresses(values)]
        except Exception:
            continue
    return found


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


# ---------------------------------------------------------------------------- screening


def screen(incoming: Incoming, authenticated: bool | None) -> Verdict | None:
    """Mail that is read no further and never answered; None for mail that may go on."""
    if incoming.unreadable:
        return Verdict(InboundMail.Result.REJECTED, incoming.unreadable, answered=False)
    if not incoming.sender:
        return Verdict(
            InboundMail.Result.IGNORED, "no single, well-formed From address", answered=False
        )
    if automatic(incoming):
        return Verdict(InboundMail.Result.IGNORED, "automatic mail", answered=False)
    if settings.MAIL_REQUIRE_AUTHENTICATED_SENDER and not authentic(incoming, authenticated):
        domain = domain_of(incoming.sender)
        if authenticated is None:
            why = f"no valid DKIM signature of {domain}"
        else:
            why = f"the provider did not vouch that {domain} sent it"
        return silent(
            f"not authenticated: {why} (MAIL_REQUIRE_AUTHENTICATED_SENDER); it may be "
            "forged, so it was not answered"
        )
    limit = settings.MAIL_INBOUND_PER_SENDER_PER_HOUR
    if over_the_limit(incoming.sender, limit):
        return silent(
            f"more than {limit} messages from {incoming.sender} within the hour "
            "(MAIL_INBOUND_PER_SENDER_PER_HOUR); not answered"
        )
    return None


def silent(detail: str, **fields) -> Verdict:
    """A refusal recorded for the operator and never answered."""
    return Verdict(InboundMail.Result.REFUSED, detail, answered=False, **fields)


def domain_of(address: str) -> str:
    return address.rpartition("@")[2]


def authentic(incoming: Incoming, authenticated: bool | None) -> bool:
    if authenticated is not None:
        return authenticated
    if not incoming.complete or incoming.size > whole_message_limit():
        return False
    return senders.signed_by(incoming.raw, domain_of(incoming.sender))


def over_the_limit(sender: str, limit: int) -> bool:
    """Counts this message; True once the sender has sent more than `limit` this clock hour.

    A cache that is away counts nothing: replies go on rather than being refused."""
    if not limit:
        return False
    hour = int(clock.now().timestamp() // 3600)
    key = f"mail.inbound.{hashlib.sha256(sender.encode()).hexdigest()[:32]}.{hour}"
    try:
        cache.add(key, 0, timeout=2 * 3600)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=2 * 3600)
            count = 1
    except Exception:
        log.warning("could not count inbound mail from %s; not limited", sender, exc_info=True)
        return False
    return count > limit


# ---------------------------------------------------------------------------- judging


class Refusal(Exception):
    def __init__(self, verdict: Verdict):
        super().__init__(verdict.message)
        self.verdict = verdict


def judge(incoming: Incoming, authenticated: bool | None = None) -> Verdict:
    screened = screen(incoming, authenticated)
    if screened is not None:
        return screened
    try:
        # Before the reply is authenticated, its answer goes in the language of the player
        # whose address sent it; after, in the seat's player's.
        sender = senders_player(incoming.sender)
        with outgoing.in_the_language_of(sender), outgoing.in_the_time_zone_of(sender):
            game, seat, user, token = authenticate(incoming)
        with outgoing.in_the_language_of(user):
            check_size(incoming, game, seat, user)
            if game.is_over:
                if asks_for_rematch(incoming):
                    return rematch(game, seat, user)
                return over(game, seat, user)
            return with_talk(incoming, game, seat, user, token)
    except Refusal as refusal:
        return refusal.verdict


def refused(message: str, **fields) -> Refusal:
    return Refusal(Verdict(InboundMail.Result.REFUSED, message, **fields))


def to_players_only(incoming: Incoming, message: str) -> Refusal:
    """A refusal answered only when the sender is one of our players: strangers get no mail."""
    if get_user_model().objects.filter(email__iexact=incoming.sender).exists():
        # No seat is named yet: the answer carries its language (see compose.compose).
        return refused(message, answer={"language": translation.get_language()})
    return Refusal(silent(f"{message} (Not answered: {incoming.sender} is no player's address.)"))


def authenticate(incoming: Incoming) -> tuple:
    """(game, seat, user, token) for a genuine reply address written to by its own player."""
    found = addresses.find_token(incoming.recipients)
    if found is None:
        raise to_players_only(
            incoming,
            gettext(
                "This address only takes replies to turn emails, and your email was not sent to "
                "the reply address of one. Nothing was played. Reply to your latest turn email."
            ),
        )
    try:
        token = addresses.read_token(found)
    except addresses.ExpiredAddress as expired:
        raise to_players_only(
            incoming,
            gettext(
                "The email you answered is too old: its reply address expired on %(date)s. "
                "Nothing was played. Reply to your latest turn email, or open the game on the web."
            )
            % {"date": expired.expires.isoformat()},
        ) from None
    except addresses.BadAddress:
        raise to_players_only(
            incoming,
            gettext(
                "The reply address of your email is not one we sent: it has been changed, so we "
                "cannot tell which game it is for. Nothing was played. Reply to your latest turn "
                "email as it came."
            ),
        ) from None
    game = Game.objects.filter(pk=token.game_id).first()
    seat = game.seats.select_related("user").filter(position=token.seat).first() if game else None
    if seat is None:
        raise to_players_only(
            incoming, gettext("The game this email was for no longer exists. Nothing was played.")
        )
    if seat.user.email.lower() != incoming.sender:
        raise Refusal(
            silent(stranger(incoming.sender, game, seat.position), game=game, seat=seat.position)
        )
    return game, seat.position, seat.user, token


def stranger(sender: str, game: Game, seat: int) -> str:
    """Why the operator sees no answer to a reply from an address not the seat's own."""
    known = get_user_model().objects.filter(email__iexact=sender).exists()
    who = "another player's address" if known else "no player's address"
    return (
        f"the reply address is seat {seat}'s in {game.title} #{game.pk}, but the sender "
        f"{sender} is {who}; not answered (that would tell whether an address is registered, "
        "and could be backscatter)"
    )


def check_size(incoming: Incoming, game: Game, seat: int, user) -> None:
    limit = settings.MAIL_INBOUND_MAX_BYTES
    if incoming.size > limit:
        raise refused(
            gettext(
                "Your email was %(size)s MB; replies are taken up to %(limit)s MB. Nothing was "
                "played. Send your move as plain text, without attachments."
            )
            % {
                "size": formats.number_format(incoming.size / 2**20, 1),
                "limit": formats.number_format(limit / 2**20, 0),
            },
            game=game,
            seat=seat,
            user=user,
        )


def over(game: Game, seat: int, user) -> Verdict:
    names = [s.user.get_username() for s in game.seats.select_related("user")]
    winners = [names[s] for s in (game.outcome or {}).get("winners", [])]
    told = {
        "title": game.title,
        "pk": game.pk,
        "winners": pgettext("between names", " and ").join(winners),
        "history": links.absolute(links.history_path(game.pk)),
    }
    if winners:
        message = gettext(
            "%(title)s #%(pk)s is over (%(winners)s won); nothing more can be played. Nothing "
            'was played. Step through the game: %(history)s (or reply "rematch" to play the '
            "same table again)"
        )
    else:
        message = gettext(
            "%(title)s #%(pk)s is over; nothing more can be played. Nothing was played. Step "
            'through the game: %(history)s (or reply "rematch" to play the same table again)'
        )
    return Verdict(
        InboundMail.Result.REFUSED,
        message % told,
        game=game,
        seat=seat,
        user=user,
    )


def asks_for_rematch(incoming: Incoming) -> bool:
    lines = replytext.reply_lines(incoming.message)
    return any(COMMANDS.get(command(line) or "") == "rematch" for line in lines)


def rematch(game: Game, seat: int, user) -> Verdict:
    """A reply to the game-over email: propose playing the table again, or accept."""
    try:
        proposal = rematches.accept(game, user)
    except store.Refused as refusal:
        raise refused(refusal.message, game=game, seat=seat, user=user) from None
    if proposal.new_game is not None:
        new = proposal.new_game
        message = gettext(
            "Everyone has accepted: the rematch, %(title)s #%(pk)s, has started. Your turn "
            "emails come as usual: %(link)s"
        ) % {"title": new.title, "pk": new.pk, "link": links.absolute(links.game_path(new.pk))}
    else:
        waiting = rematches.waiting_for(proposal)
        message = ngettext(
            "You are in for a rematch of %(title)s #%(pk)s; it starts when %(names)s accepts too.",
            "You are in for a rematch of %(title)s #%(pk)s; it starts when %(names)s accept too.",
            len(waiting),
        ) % {
            "title": game.title,
            "pk": game.pk,
            "names": pgettext("between names", " and ").join(waiting),
        }
    return Verdict(InboundMail.Result.ACCEPTED, message, game=game, seat=seat, user=user)


# ---------------------------------------------------------------------------- acting


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


def senders_player(sender: str):
    """The player whose address this is, if any (their language answers mail not yet known
    to be a reply of theirs)."""
    return get_user_model().objects.filter(email__iexact=sender).order_by("pk").first()


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


def duplicate(incoming: Incoming, authenticated: bool | None) -> InboundMail:
    """The same message again: nothing moves. The sender hears that it was handled before only
    if the first delivery was answered and this one passes the same checks."""
    first = InboundMail.objects.get(message_id=incoming.message_id)
    try:
        with transaction.atomic():
            if (
                first.answered
                and incoming.sender == first.sender
                and screen(incoming, authenticated) is None
            ):
                sender = senders_player(incoming.sender)
                with outgoing.in_the_language_of(sender), outgoing.in_the_time_zone_of(sender):
                    message = gettext(
                        "We received this email before (on %(when)s) and answered it then. "
                        "Nothing was played again."
                    ) % {"when": moments.moment(first.received)}
                    told = {"language": translation.get_language()}
                answer(incoming, Verdict(first.result, message, answer=told))
    except (OperationalError, InterfaceError):
        raise
    except Exception:
        log.exception("inbound %s received again; could not answer", incoming.message_id)
    log.info("inbound %s received again; ignored", incoming.message_id)
    return first
