"""The words a game page uses that a newcomer may not know, each with one line and a place on
the game's rules page (/rules/<slug>/#term-<key>).

The boards wrap these words with the `{% term %}` tag (templatetags/glossary.py): a button that
shows the line on hover, keyboard focus or a tap, and links to the rules page. The rules page
lists every term of its game with the same anchor, so a link never points nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy


@dataclass(frozen=True)
class Term:
    key: str  # the anchor on the rules page is "term-<key>"
    word: str  # as the board shows it (lazily translated where the board's words are)
    meaning: str  # one line, in the project's words
    section: str  # the section of the rules page that says more

    @property
    def anchor(self) -> str:
        return f"term-{self.key}"


def terms(*found: Term) -> dict[str, Term]:
    return {term.key: term for term in found}


def hrubec_short(short: str) -> str:
    """A Dr. Hrubec specialization's short name as the team sheets print it ("SUR"), in the
    reader's language: the game's own short word ("sur"), in capitals."""
    return lazy(lambda: pgettext("dr_hrubec short", short).upper(), str)()


GLOSSARY: dict[str, dict[str, Term]] = {
    "gazobu": terms(
        Term(
            "dealer",
            pgettext_lazy("dealer", "D"),
            _(
                "The dealer: laid the two first column cards; the player after them opened the "
                "game."
            ),
            "components",
        ),
        Term(
            "pills",
            _("pills"),
            _(
                "One green pill for every column taken; after the 4th pill its player finishes "
                "that turn and is out."
            ),
            "turn",
        ),
        Term(
            "column",
            _("column"),
            _("The face-up cards under each starting card; take one whole, then rebuild it."),
            "turn",
        ),
        Term(
            "draw-pile",
            _("draw pile"),
            _("The face-down deck; every turn draws 2 cards from it to place under the columns."),
            "components",
        ),
        Term(
            "majority",
            _("majority"),
            _(
                "Holding strictly the most cards of a family wins its points; everyone else loses "
                "points per card."
            ),
            "scoring",
        ),
        Term(
            "black-hole",
            _("black hole"),
            _(
                "At the end, your left neighbour takes one random card from your hand per black "
                "hole; both leave the game."
            ),
            "scoring",
        ),
        Term(
            "extra-monster",
            _("extra monster"),
            _("Counts as one more Gazobu, Blob or Yoo at the end, wherever it scores best."),
            "scoring",
        ),
        Term(
            "multiplier",
            _("multiplier"),
            _("Doubles what one family gains or loses for its holder."),
            "scoring",
        ),
    ),
    "dos": terms(
        Term(
            "dealer",
            pgettext_lazy("dealer", "D"),
            _(
                "The dealer of this round; the player after them starts. The round's winner deals "
                "the next one."
            ),
            "components",
        ),
        Term(
            "hash",
            "#",
            _(
                "A wild # card: any number from 1 to 10 in its own colour, named when it is played "
                "or matched. Worth 40 in a hand at the round's end."
            ),
            "components",
        ),
        Term(
            "wild-dos",
            "DOS",
            _(
                "A wild DOS card: a 2 of any colour you name. Worth 20 in a hand at the round's "
                "end."
            ),
            "components",
        ),
        Term(
            "centre-row",
            _("centre row"),
            _("The face-up cards everyone matches against; never fewer than 2, no upper limit."),
            "turn",
        ),
        Term(
            "colour-bonus",
            _("colour bonus"),
            _(
                "Matching the colour as well as the number: you add a card to the centre row at "
                "the end of your turn (with two cards, everyone else also draws one)."
            ),
            "turn",
        ),
        Term(
            "dos-call",
            "DOS!",
            _("The call a player makes when a step leaves them with exactly two cards."),
            "turn",
        ),
        Term(
            "catch",
            _("forgot DOS!"),
            _("Holding two cards without the call: anyone may catch the player, who then draws 2."),
            "turn",
        ),
    ),
    "dr_gomb": terms(
        Term(
            "talon",
            _("talon"),
            _(
                "Ten face-down cards set aside at the start; only a surprise button lets a player "
                "look inside."
            ),
            "components",
        ),
        Term(
            "basic-mode",
            _("basic mode"),
            _(
                "Every card of every sequence stays visible, and action C discards a whole "
                "sequence."
            ),
            "modes",
        ),
        Term(
            "normal-mode",
            _("normal mode"),
            _(
                "Only the top number of each sequence shows, so you play from memory; action C "
                "discards three cards."
            ),
            "modes",
        ),
        Term(
            "sequence",
            _("sequence"),
            _("Your cards of one colour: aim for 1 to 5 once each plus exactly one odd one out."),
            "goal",
        ),
        Term(
            "odd-one-out",
            _("odd one out"),
            _("The single card of another colour a sequence needs to score."),
            "scoring",
        ),
        Term(
            "pile",
            _("pile"),
            _(
                "One of the two face-up discard piles; you may take the top card instead of "
                "drawing."
            ),
            "turn",
        ),
        Term(
            "action-c",
            _("action C"),
            _(
                "Instead of drawing: throw away a whole sequence (basic) or three played cards "
                "(normal) onto the piles."
            ),
            "turn",
        ),
        Term(
            "joker",
            "★",
            _(
                "A joker button: a card of its colour whose number is chosen at scoring, for your "
                "best total."
            ),
            "components",
        ),
        Term(
            "surprise",
            "?",
            _("A surprise button: may be used to take every card of its colour from the talon."),
            "components",
        ),
        Term(
            "broken",
            "✕",
            _(
                "A broken button: it destroys one of your cards (basic) or covers one of your "
                "sequences (normal)."
            ),
            "components",
        ),
    ),
    "buttons": terms(
        Term(
            "gold-square",
            _("gold square"),
            _(
                "The square at the white die's row and the gold-pipped black die's column: every "
                "other player still in the round may lay a button there."
            ),
            "turn",
        ),
        Term(
            "opted-out",
            _("opted out"),
            _("Left the round in time, keeping this round's buttons: they earn stars at its end."),
            "turn",
        ),
        Term(
            "bust",
            _("bust"),
            _("Could not lay the button a roll demanded: this round's buttons are lost, no stars."),
            "turn",
        ),
        Term(
            "depot",
            _("depot"),
            _(
                "A player out of the round puts a black die there (two with 2 players): fewer dice "
                "for the others."
            ),
            "turn",
        ),
        Term(
            "button-card",
            _("button card"),
            _(
                "Each player holds one (two with 2 players): a colour covered three times earns a "
                "bonus star; red starts the round."
            ),
            "components",
        ),
        Term(
            "stars",
            _("stars"),
            _("Earned by opting out; five in a line or twelve on the board win the game."),
            "scoring",
        ),
    ),
    "dr_hrubec": terms(
        Term(
            "sur",
            hrubec_short("sur"),
            _("Surgery: one of the four specializations; a team's skill is its doctors' sum."),
            "operation",
        ),
        Term(
            "psy",
            hrubec_short("psy"),
            _("Psychiatry: one of the four specializations; a team's skill is its doctors' sum."),
            "operation",
        ),
        Term(
            "sto",
            hrubec_short("sto"),
            _(
                "Stomatology (teeth): one of the four specializations; a team's skill is its "
                "doctors' sum."
            ),
            "operation",
        ),
        Term(
            "der",
            hrubec_short("der"),
            _(
                "Dermatology (skin): one of the four specializations; a team's skill is its "
                "doctors' sum."
            ),
            "operation",
        ),
        Term(
            "tier",
            _("tier"),
            _(
                "A patient's tier (1, 2 or 3) on the card back: higher tiers come later, harder "
                "and worth more."
            ),
            "components",
        ),
        Term(
            "ongoing",
            "∞",
            _(
                "An ongoing action card: it changes every team or every die until another ongoing "
                "card replaces it."
            ),
            "components",
        ),
        Term(
            "waiting-room",
            _("waiting room"),
            _(
                "Patients called from the queue wait here; when it is full, the next one goes "
                "straight onto your table."
            ),
            "turn",
        ),
        Term(
            "morgue",
            _("morgue"),
            _("Where patients who died on your table go: each costs 2 points at the end."),
            "scoring",
        ),
    ),
}


def of_game(slug: str) -> dict[str, Term]:
    return GLOSSARY.get(slug, {})


def term(slug: str, key: str) -> Term:
    """One term; a key the glossary lacks is a mistake in a template, so it fails loudly."""
    return GLOSSARY[slug][key]
