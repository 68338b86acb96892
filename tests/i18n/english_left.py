"""What English a text in the pseudo-language still holds: runs of three or more plain ASCII letters.

The pseudo-language (quitlok.i18n.PSEUDO) accents every letter of every translated string, so a run of plain
letters in a text made under `use(PSEUDO)` is English that escaped translation, unless it is a player's name.
Words that come from functions another engineer is making language-aware (the cards' names, the chances in
words) are allowed only as long as those functions still return them in English under PSEUDO: `others_words`
asks them, so the allowance disappears by itself once they are translated.
"""

import re
from fractions import Fraction

from quitlok.cards import a_card, card_name
from quitlok.i18n import PSEUDO, use
from quitlok.odds import chance_words, percent, young_chance_words

#: the names the engine's questions and sheets give the people at their tables, and the game's own words that
#: every language keeps (the traditions' names, the call at 11 as each tradition says it: RuleSet.aluvun_word)
NAMES = frozenset({"Bella", "Chaim", "Dina", "Eli", "Quitlok", "Kvitlach", "aluvun", "Aluvun", "elvaroon",
                   "Elvaroon"})

_RUN = re.compile(r"[A-Za-z]{3,}")


def others_words() -> frozenset[str]:
    """The plain-letter runs that functions outside these files still give under PSEUDO."""
    with use(PSEUDO):
        texts = [card_name(r) for r in range(1, 13)] + [a_card(r) for r in range(1, 13)]
        for n in range(1, 49):
            for k in range(n + 1):
                p = Fraction(k, n)
                texts += [young_chance_words(p), chance_words(p), chance_words(p, with_percent=False), percent(p)]
    return frozenset(run for text in texts for run in _RUN.findall(text))


def english_left(text: str, names=NAMES, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The runs of 3+ plain ASCII letters in `text` that are neither a name nor `allowed`."""
    return [run for run in _RUN.findall(text) if run not in names and run not in allowed]
