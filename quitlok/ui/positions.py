"""A class question's position drawn as the table draws it: the seats with their cards, the banker's badge, the
stakes, and the cards face up under the stock. Used by the Class session, its report and the Homework page."""

from html import escape

import streamlit as st

from quitlok.classroom import Position
from quitlok.i18n import _, pgettext
from quitlok.ui import names
from quitlok.ui.cards import hand_html
from quitlok.ui.style import card_size
from quitlok.ui.table import you_name


def position(pos: Position, size: int | None = None) -> None:
    """The seats of `pos` with their cards; the seat the question is asked from is "You", outlined. Its cards are
    the whole class's to see (projector, teacher's device and every phone alike), so none says "only you".
    `size`: the cards' width, else the page's."""
    size = size or card_size()
    boxes = []
    banker = escape(pgettext("badge", "banker"))
    for seat, place in enumerate(pos.seats):
        badges = f'<span class="ql-badge ql-b-banker">{banker}</span>' if seat == pos.banker else ""
        money = _("stake <b>{stake}</b>").format(stake=place.stake)
        stake = f'<div class="ql-money">{money}</div>' if place.stake else ""
        cards = hand_html(place.cards, place.face_up, mine=seat == pos.you, size=size, shared=True,
                          owner=None if seat == pos.you else place.name)
        mine = " ql-me" if seat == pos.you else ""
        name = escape(you_name()) if seat == pos.you else names.html(place.name)
        boxes.append(f'<div class="ql-seat{mine}"><div class="ql-seat-head"><span class="ql-name">{name}</span> '
                     f'{badges}</div>{stake}{cards}</div>')
    under = ""
    if pos.under:
        under = ('<div class="ql-under"><div class="ql-where">' + escape(_("face up under the stock")) + "</div>"
                 + hand_html(pos.under, (True,) * len(pos.under), mine=False, size=card_size(small=True))
                 + "</div>")
    st.html(_CSS + '<div class="ql-position">' + "".join(boxes) + under + "</div>")


_CSS = """<style>
.ql-position { display: flex; flex-wrap: wrap; gap: 12px; align-items: stretch; }
.ql-position .ql-seat, .ql-position .ql-under { border: 1px solid rgba(128, 128, 128, .4); border-radius: 10px;
  padding: 6px 10px; }
.ql-position .ql-seat.ql-me { border: 3px solid #C9A227; background: rgba(201, 162, 39, .10); }
.ql-position .ql-name { font-weight: 700; }
.ql-position .ql-badge { font-size: .75em; border-radius: 6px; padding: 0 6px; }
.ql-position .ql-b-banker { background: rgba(230, 159, 0, .25); }
.ql-position .ql-where { font-size: .8em; opacity: .8; }
</style>"""
