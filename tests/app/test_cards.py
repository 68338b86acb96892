"""Our card pictures: a 6 and a 9 are underlined, so an upside-down corner cannot be misread."""

import base64
import re

import pytest

from quitlok.ui.cards import card_svg, hand_html


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


def test_a_hand_shown_to_a_room_never_says_only_you():
    """Projected, or a class question's "you": the viewer's own cards keep their numbers, face down, without the
    "only you" eye or words (issue 24: projected cards said "only you" to a whole class)."""
    private = hand_html((7, 12), (False, True), mine=True)
    shared = hand_html((7, 12), (False, True), mine=True, shared=True)
    assert "only you" in _decoded(private)
    assert "only you" not in _decoded(shared) and "your card: 7, face down" in shared


def _decoded(html: str) -> str:
    """The markup with each card's SVG (a base64 data address) decoded into it."""
    return html + "".join(base64.b64decode(data).decode() for data in re.findall(r"base64,([A-Za-z0-9+/=]+)", html))
