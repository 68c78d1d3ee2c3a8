"""The votes put in front of a player: on the dashboard, every vote waiting for their ballot;
at the top of a game page, how the votes decided since their last step ended."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser

from tabletop.mail import questions
from tabletop.play import ballots
from tabletop.play.models import Game

# The notices a game page shows at most (the newest); the log keeps every one.
MOST_DECIDED_SHOWN = 3


def waiting_on_dashboard(user: AbstractBaseUser, seats: dict[int, int] | None = None) -> list[dict]:
    """The open votes of the player's games that wait for their yes or no (`seats` as
    play.ballots.waiting_for takes them)."""
    found = []
    for vote, _seat in ballots.waiting_for(user, seats):
        names = vote.game.state["players"]
        question = {"subject": vote.subject, **vote.details}
        found.append(
            {
                "game": vote.game,
                "id": vote.pk,
                "caller": names[vote.caller],
                "question": questions.question_text(question, names),
                "expires": vote.expires,
            }
        )
    return found


def open_on_page(game: Game) -> list:
    """The votes still open at the table (the page lists them for everyone)."""
    return ballots.open_votes(game)


def decided_on_page(game: Game, seat: int | None) -> list[str]:
    """How the votes decided since the seated viewer's last step ended, newest last."""
    if seat is None or game.state is None:
        return []
    decided = ballots.decided_since_own_step(game, seat)[-MOST_DECIDED_SHOWN:]
    names = game.state["players"]
    return [
        questions.decided_text(vote.question, vote.result, names, vote.ended_by) for vote in decided
    ]
