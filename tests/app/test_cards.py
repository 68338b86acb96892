"""Our card pictures: a 6 and a 9 are underlined, so an upside-down corner cannot be misread."""

import re

import pytest

from quitlok.ui.cards import card_svg


def underlines(svg: str) -> int:
    return len(re.findall(r'<rect class="ql-underline"', svg))


@pytest.mark.parametrize("rank", range(1, 13))
@pytest.mark.parametrize(("face_up", "mine"), [(True, False), (False, True)])
def test_only_six_and_nine_are_underlined_in_the_middle_and_both_corners(rank, face_up, mine):
    svg = card_svg(rank, face_up=face_up, mine=mine)
    assert underlines(svg) == (3 if rank in (6, 9) else 0), rank


def test_the_upside_down_corner_is_underlined_upside_down_too():
    """The bar belongs to the rotated corner, so it sits under the number as that corner reads."""
    svg = card_svg(9)
    rotated = re.search(r'<g transform="rotate\(180 [^"]+"\>(.*?)</g>', svg)
    assert rotated and underlines(rotated[1]) == 1 and ">9</text>" in rotated[1]


def test_a_hidden_card_gives_nothing_away_not_even_an_underline():
    assert underlines(card_svg(None)) == 0
