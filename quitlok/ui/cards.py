"""Our card pictures in the app: each card as an <img> holding its SVG, and rows of cards.

The SVG itself is drawn by quitlok.cards_svg (pure Python, shared with the
printable pack); these functions only build markup; `quitlok.ui` shows it.
"""

import base64
from html import escape

from quitlok.cards_svg import BLUE, GOLD, INK, UNDERLINED, card_label, card_svg
from quitlok.i18n import _

__all__ = ["BLUE", "GOLD", "INK", "UNDERLINED", "card_img", "card_label", "card_svg", "hand_html"]


def card_img(rank: int | None, *, face_up: bool = True, mine: bool = False, size: int = 72,
             owner: str | None = None, shared: bool = False) -> str:
    """One card as an <img> holding the SVG, with its text alternative (whose card it is: the viewer's own
    with `mine`, else the seat `owner`, when given); `shared`: the viewer's own, shown to a room (a projector).

    Streamlit's HTML sanitiser drops inline SVG but keeps images with data URIs.
    """
    label = escape(card_label(rank, face_up=face_up, mine=mine, owner=owner, shared=shared))
    data = base64.b64encode(card_svg(rank, face_up=face_up, mine=mine, size=size, owner=owner,
                                     shared=shared).encode()).decode()
    return (f'<img class="ql-card" src="data:image/svg+xml;base64,{data}" alt="{label}" title="{label}" '
            f'width="{size}" height="{round(size * 1.4)}">')


def hand_html(cards: tuple[int, ...], face_up: tuple[bool, ...], *, mine: bool, size: int = 72,
              owner: str | None = None, shared: bool = False) -> str:
    """A row of cards as one seat's viewer sees them; an empty hand says so.

    `mine`: the viewer's own hand (its face-down cards show their number, "your card: ..."); `owner`: the name
    of the seat whose hand it is, for the text alternatives ("Dov's card, face down"); neither, for cards of
    no seat (the pack, the cards under the stock); `shared`: the viewer's own hand shown to a room (projector
    mode), so no card says "only you"."""
    if not cards:
        nothing = escape(_("no cards"))
        return f'<div class="ql-hand ql-empty">{nothing}</div>'
    pictures = [
        card_img(card if (up or mine) else None, face_up=up, mine=mine, size=size, owner=owner, shared=shared)
        for card, up in zip(cards, face_up, strict=True)
    ]
    return '<div class="ql-hand">' + "".join(pictures) + "</div>"
