"""What a game says is English when read as a str, and carries its message id and parameters
so that the service can say it in any language (games/texts.py)."""

from __future__ import annotations

import copy
import json
import pickle

from games.texts import Text, joined, tell, tell_plural, word


class Pirate:
    """A catalogue for the test, in a language of its own."""

    WORDS = {
        "%(who)s takes %(what)s.": "%(who)s plunders %(what)s!",
        "%(first)s and %(last)s": "%(first)s an' %(last)s",
        ("gazobu card", "red 3"): "th' red three",
        "%(count)s card": "%(count)s doubloon",
        "%(count)s cards": "%(count)s doubloons",
    }

    def gettext(self, message: str) -> str:
        return self.WORDS.get(message, message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return self.gettext(singular if number == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self.WORDS.get((context, message), message)

    def npgettext(self, context: str, singular: str, plural: str, number: int) -> str:
        return self.ngettext(singular, plural, number)


def sentence() -> Text:
    return tell(
        "%(who)s takes %(what)s.",
        who="bob",
        what=joined(
            [word("gazobu card", "red 3"), tell_plural("%(count)s card", "%(count)s cards", 2)]
        ),
    )


def test_a_told_sentence_reads_as_its_english():
    told = sentence()
    assert told == "bob takes red 3 and 2 cards."
    assert isinstance(told, str)
    assert json.dumps({"text": told}) == '{"text": "bob takes red 3 and 2 cards."}'


def test_a_sentence_is_rendered_by_the_catalogue_with_its_parameters_translated_too():
    assert sentence().translated(Pirate()) == "bob plunders th' red three an' 2 doubloons!"


def test_words_the_catalogue_lacks_stay_english():
    assert tell("%(who)s wins.", who="ann").translated(Pirate()) == "ann wins."


def test_a_translation_missing_a_parameter_falls_back_to_english_rather_than_failing():
    class Broken(Pirate):
        def gettext(self, message: str) -> str:
            return "%(nobody)s"

    assert tell("%(who)s wins.", who="ann").translated(Broken()) == "ann wins."


def test_plural_forms_follow_the_count():
    assert tell_plural("%(count)s card", "%(count)s cards", 1) == "1 card"
    assert tell_plural("%(count)s card", "%(count)s cards", 5) == "5 cards"


def test_the_language_free_form_reads_back_the_same_sentence():
    told = sentence()
    data = json.loads(json.dumps(told.as_data()))
    again = Text.from_data(data)
    assert again == told and again.as_data() == told.as_data()


def test_copies_and_pickles_keep_the_message():
    told = sentence()
    assert copy.deepcopy(told).as_data() == told.as_data()
    assert pickle.loads(pickle.dumps(told)).as_data() == told.as_data()


def test_lists_are_joined_as_a_sentence():
    assert joined([]) == ""
    assert joined(["a"]) == "a"
    assert joined(["a", "b"]) == "a and b"
    assert joined(["a", "b", "c"]) == "a, b and c"
