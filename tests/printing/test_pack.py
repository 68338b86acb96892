"""The printable pack: every card face once per card of the pack, the 2s and 11s framed in gold, cut marks.

The faces are counted from what a PDF reader finds on the page: each card has
exactly one number printed large in its middle (its corners are small), so the
large words on a sheet are its cards.
"""

from collections import Counter

import pytest

from quitlok.cards import FRAMED, RANKS
from quitlok.cards_svg import GOLD
from quitlok.printing import pack
from quitlok.printing.card_faces import ASPECT, print_svg
from tests.printing import poppler
from tests.printing.conftest import PAPERS

#: a card is 42 mm wide: its big number stands about 20 mm (57 pt) tall, its corner numbers about 6 mm
LARGE = 30


def faces(pdf: bytes) -> list[poppler.Word]:
    """The big numbers in the middle of the cards, one per card."""
    return [w for w in poppler.words(pdf) if w.height > LARGE]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("copies", "sheets"), [(2, 2), (4, 3)])
def test_the_pack_has_every_card_once_sixteen_to_a_sheet(packs, copies, sheets, paper):
    pdf = packs[copies, paper]
    assert poppler.pages(pdf) == sheets == pack.sheets(copies)
    found = faces(pdf)
    assert len(found) == 12 * copies
    assert Counter(int(w.text) for w in found) == {rank: copies for rank in RANKS}
    per_sheet = Counter(w.page for w in found)
    assert all(per_sheet[page] == 16 for page in range(1, sheets)) and per_sheet[sheets] == 12 * copies - 16 * (
        sheets - 1)
    assert all(w.text.isdecimal() for w in found)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_card_has_the_same_size_on_both_papers_and_says_how_to_print_it(packs, paper):
    pdf = packs[2, paper]
    words = poppler.text(pdf, first=1, last=1)
    assert "Print at actual size (100%)" in words and "cut along the marks" in words
    assert f"{pack.CARD_WIDTH:g} × {pack.CARD_WIDTH * ASPECT:g} mm" in words
    assert "Quitli pack: 24 cards · sheet 1 of 2" in words
    centres = sorted({round((w.x_min + w.x_max) / 2) for w in faces(pdf) if w.page == 1})
    steps = {round(b - a, 1) for a, b in zip(centres, centres[1:], strict=False)}
    assert all(abs(step - pack.CARD_WIDTH * poppler.PT) < 1.5 for step in steps), steps


def _gold(pixel: tuple[int, int, int]) -> bool:
    red, green, blue = (int(GOLD[i:i + 2], 16) for i in (1, 3, 5))
    return sum(abs(a - b) for a, b in zip(pixel, (red, green, blue), strict=True)) < 60


@pytest.mark.parametrize("copies", [2, 4])
def test_only_the_2s_and_11s_are_framed_in_gold(packs, copies):
    """Looked at as a printer would print it: on the rendered page, the gold frame runs down the left of a
    framed card, 8% of the card's width in from its edge, and nowhere on the other cards."""
    pdf, dpi = packs[copies, "A4"], 72
    width = pack.CARD_WIDTH * poppler.PT
    for page in range(1, pack.sheets(copies) + 1):
        picture = poppler.image(pdf, dpi, page)
        for word in (w for w in faces(pdf) if w.page == page):
            x = (word.x_min + word.x_max) / 2 - 0.42 * width  # the frame's stroke is centred 8/100 in
            y = (word.y_min + word.y_max) / 2
            assert _gold(picture.getpixel((round(x), round(y)))) == (int(word.text) in FRAMED), (page, word.text)


def test_the_cut_marks_line_up_with_every_edge_between_cards(packs):
    pdf, dpi = packs[2, "US Letter"], 150
    picture = poppler.image(pdf, dpi, 1)
    scale = dpi / 25.4  # pixels per millimetre
    width_mm, height_mm = 215.9, 279.4
    height = pack.CARD_WIDTH * ASPECT
    left = (width_mm - pack.COLUMNS * pack.CARD_WIDTH) / 2
    top = pack.HEADER + (height_mm - pack.HEADER - pack.ROWS * height) / 2
    for column in range(pack.COLUMNS + 1):
        x = round((left + column * pack.CARD_WIDTH) * scale)
        above = [picture.getpixel((dx, round(y * scale))) for dx in (x - 1, x, x + 1)
                 for y in (top - pack.GAP - pack.MARK * 0.7, top - pack.GAP - pack.MARK * 0.3)]
        assert min(sum(p) for p in above) < 400, column  # a dark mark, where the paper is otherwise white
    between = picture.getpixel((round((left + 0.5 * pack.CARD_WIDTH) * scale), round((top - pack.GAP - 2) * scale)))
    assert sum(between) > 700, "no mark away from the edges"


def test_the_printed_face_is_the_apps_card_with_only_what_a_pdf_needs_changed():
    from quitlok.cards_svg import card_svg

    for rank in RANKS:
        printed, shown = print_svg(rank), card_svg(rank)
        assert "<title>" not in printed and "dominant-baseline" not in printed and "Georgia" not in printed
        assert printed.count("<rect") == shown.count("<rect") and printed.count("<text") == shown.count("<text")
        assert ('stroke="#C9A227"' in printed) == (rank in FRAMED)
