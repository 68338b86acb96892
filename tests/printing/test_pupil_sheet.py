"""The rules for pupils: one sheet of paper per tradition, never below 11 points, starting from that tradition's
own pack and moves, and saying only what the engine does (the examples are counted by the engine)."""

import re

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.hand import hand_value
from quitlok.printing import TRADITIONS, UnknownTradition, pupil_rules_pdf
from quitlok.printing.pupil_sheet import SIZES
from tests.printing import poppler

RULES = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH}
#: DejaVu Sans's word boxes (ascent and descent) stand about 1.16 times the text size
BOX = 1.16
#: the footer (page numbers) sits in the bottom 12 mm of a page and is the only small print
FOOTER = 12 / 25.4 * 72


def test_each_tradition_fits_one_sheet_of_paper_at_11_points_or_more(pupils):
    assert set(TRADITIONS) == set(RULES) and min(SIZES) >= 11
    for (tradition, paper), pdf in pupils.items():
        assert poppler.pages(pdf) <= 2, (tradition, paper)
        height = poppler.page_size(pdf)[1]
        body = [w for w in poppler.words(pdf) if w.y_max < height - FOOTER]
        smallest = min(w.height for w in body)
        assert smallest >= 11 * BOX - 0.05, (tradition, paper, smallest / BOX)


@pytest.mark.parametrize("tradition", ["Quitlok", "Kvitlach"])
def test_the_sheet_starts_from_its_own_pack_and_moves(pupils, tradition):
    rules = RULES[tradition]
    words = poppler.flat(poppler.text(pupils[(tradition, "A4")]))
    pack = words.split("The pack", 1)[1].split("Counting your cards", 1)[0]
    assert pack.startswith(f" • {rules.pack_size} cards: {'four' if rules.copies == 4 else 'two'} of each number")
    counts = " or ".join(", ".join(map(str, rules.twelve_values)).rsplit(", ", 1))
    assert f"A 12 counts {counts}, whichever suits you" in words
    assert ("Blot" in words) == rules.blots, "blots appear exactly where the tradition has them"
    assert ("Aluvun" in words) == (tradition == "Quitlok") and ("Elvaroon" in words) == (tradition == "Kvitlach")
    if rules.banker_must_reach is not None:
        assert f"He must take another card while he has {rules.banker_must_reach - 1} or less" in words
    else:
        assert "until he decides to stop" in words


@pytest.mark.parametrize("tradition", ["Quitlok", "Kvitlach"])
def test_every_example_counts_as_the_engine_counts(pupils, tradition):
    words = poppler.flat(poppler.text(pupils[(tradition, "A4")]))
    examples = re.findall(r"You hold ([\d, and]+?)(?:, your first two cards)?: (\d+)\.", words)
    assert len(examples) == 5
    for cards, said in examples:
        hand = tuple(int(n) for n in re.findall(r"\d+", cards))
        assert hand_value(hand, RULES[tradition]) == int(said), (tradition, hand, said)


def test_an_unknown_tradition_is_refused_in_words():
    with pytest.raises(UnknownTradition, match="There are pupils' rules for Quitlok and Kvitlach, not for 'Evil'"):
        pupil_rules_pdf("Evil")
