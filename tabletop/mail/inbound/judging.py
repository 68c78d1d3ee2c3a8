"""Who wrote, about which seat: the reply address and the sender authenticate it, its size is
checked, and a finished game answers with its end or a rematch."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import formats
from django.utils.translation import gettext, ngettext, pgettext

from tabletop.accounts import links
from tabletop.mail import (
    addresses,
    outgoing,
    replytext,
)
from tabletop.mail.inbound.acting import command, with_talk
from tabletop.mail.inbound.reading import COMMANDS, Incoming, Verdict, senders_player
from tabletop.mail.inbound.refusals import Refusal, refused, to_players_only
from tabletop.mail.inbound.screening import screen, silent
from tabletop.mail.models import InboundMail
from tabletop.play import rematches, store
from tabletop.play.models import Game


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
