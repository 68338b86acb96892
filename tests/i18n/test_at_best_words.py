"""The solved game's words in play (quitlok.at_best: the banker's Hint, its note, the Advisor's answers) are marked
for translation: under the pseudo-language no run of plain English letters is left."""

from collections import Counter

from quitlok import KVITLACH, at_best
from quitlok.actions import Stand
from quitlok.bank_odds import OpenHand
from quitlok.i18n import PSEUDO, use
from tests.solve.test_at_best import _mixed_spot


def test_the_words_are_marked_for_translation():
    best = at_best.banker_at_best(_mixed_spot())
    with use(PSEUDO):
        said = " ".join([at_best.banker_words(best), at_best.outside_words(KVITLACH), at_best.fixed_model_lead(),
                         at_best.advisor_banker_words(KVITLACH, [10, 7], [], [OpenHand(1, (None,) * 3, 0)]),
                         at_best.advisor_player_words(KVITLACH, [5, 6, 3], [], stake=1, room=0, stock=None),
                         at_best.banker_feedback(_mixed_spot(), Stand())[1]])
    plain = Counter(word for word in said.replace("*", " ").split() if word.isascii() and word.isalpha()
                    and len(word) >= 3)
    assert not plain, plain
