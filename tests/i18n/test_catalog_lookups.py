"""Every message the code looks up at run time is in the catalog: a context given at run time to a word marked
without one (`pgettext(context, WORDS[name])` over `N_` constants) is never extracted, so the translation of the
plain word is never used and the page shows English in every language (class questions' reasons once read
"betting 1 ... " in Czech). The pseudo-language cannot see this (it makes any msgid pseudo), so these tests record
every lookup the Hebrew and Czech catalogs miss while the class questions are made and worded."""

import gettext
import re

import pytest

from quitlok import KVITLACH, QUITLOK, i18n
from quitlok.classroom.question import KINDS
from quitlok.classroom.questions import available_kinds, make_question

SEEDS = range(12)


class Recording(gettext.NullTranslations):
    """A language's catalog that notes each message it lacks."""

    def __init__(self, catalog: gettext.GNUTranslations, missed: set) -> None:
        super().__init__()
        self.catalog, self.missed = catalog, missed

    def _has(self, key: str) -> bool:
        return key in self.catalog._catalog or (key, 0) in self.catalog._catalog

    def gettext(self, message):
        if not self._has(message):
            self.missed.add(message)
        return self.catalog.gettext(message)

    def ngettext(self, singular, plural, n):
        if (singular, 0) not in self.catalog._catalog:
            self.missed.add(singular)
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context, message):
        if not self._has(f"{context}\x04{message}"):
            self.missed.add((context, message))
        return self.catalog.pgettext(context, message)


@pytest.fixture
def missed(monkeypatch):
    found: set = set()
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda code: Recording(real(code), found))
    return found


@pytest.mark.parametrize("code", ["he", "cs"])
def test_every_class_question_finds_its_words_in_the_catalog(code, missed):
    with i18n.use(code):
        for rules in (QUITLOK, KVITLACH):
            for kind in set(available_kinds(rules)) & set(KINDS):
                for seed in SEEDS:
                    question = make_question(kind, rules, seed)
                    assert question.title and question.why
    assert not missed, sorted(map(str, missed))[:20]


def test_a_context_the_catalog_lacks_is_noted(missed):
    with i18n.use("cs"):
        i18n.pgettext("a context nobody marked", "bet")
    assert ("a context nobody marked", "bet") in missed


def test_class_questions_write_their_figures_as_czech_does():
    """Chips a play is worth read "+0,13" in Czech (a decimal comma), never the English "+0.13"."""
    english_figure = re.compile(r"[+-]?\d+\.\d+")
    seen = 0
    with i18n.use("cs"):
        for rules in (QUITLOK, KVITLACH):
            for kind in available_kinds(rules):
                for seed in SEEDS:
                    question = make_question(kind, rules, seed)
                    for text in (question.why, question.young_why, question.prompt, *question.options):
                        assert not english_figure.search(text), text
                        seen += "," in text
    assert seen
