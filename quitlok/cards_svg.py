"""Our own card pictures, as SVG: Quitli cards carry numbers only, no pictures.

A card is a rounded white card with its number large in the middle and small in
two corners (one upside down); a 6 and a 9 are underlined, so that they cannot be
mistaken for each other whichever way up the card is read. Framed cards (2 and 11) carry a gold decorated border. A card
nobody else can see shows a blue back; a face-down card its holder sees keeps
its number, on a faint blue ground, with a small "only you" eye. Every card has
a text alternative.

This module is pure Python (no Streamlit), so that the app (quitlok.ui.cards)
and the printable pack (quitlok.printing.card_faces) draw the same card from
the same code.
"""

from html import escape

from quitlok.cards import is_framed
from quitlok.i18n import _, pgettext

BLUE = "#1F4E99"
GOLD = "#C9A227"
INK = "#14213D"

_BACK_PATTERN = (
    '<pattern id="back" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    f'<rect width="10" height="10" fill="{BLUE}"/>'
    '<rect width="5" height="5" fill="#2C64BF"/></pattern>'
)


#: numbers that read as each other upside down; printed cards underline them, and so do ours
UNDERLINED = frozenset({6, 9})


def _underline(rank: int, x: float, y: float, width: float, thickness: float) -> str:
    """The bar under a 6 or a 9 (centred at x, at height y), so that a corner seen upside down still reads
    right; nothing for other numbers."""
    if rank not in UNDERLINED:
        return ""
    return (f'<rect class="ql-underline" x="{x - width / 2:g}" y="{y - thickness / 2:g}" width="{width:g}" '
            f'height="{thickness:g}" rx="{thickness / 2:g}" fill="{INK}"/>')


def card_label(rank: int | None, *, face_up: bool, mine: bool = False, owner: str | None = None,
               shared: bool = False) -> str:
    """The text alternative, as a screen reader says it: whose card it is, when that is known, and all that
    the viewer may know of it.

    The viewer's own card ('mine'): "your card: framed 11, face down, only you see it", or "your card: 7" face
    up. Another seat's card (`owner` its name): "Dov's card, face down" (its number hidden), "Dov's card: 7".
    A card of no seat (a row of the pack, the cards under the stock): "framed 2"; a hidden one "a face-down
    card". With `shared`, the viewer's own cards are shown to a room (a projector): "your card: 11, face down",
    never "only you".
    """
    # Translators: a card's name: 2 and 11 are "framed" (a decorated border)
    name = None if rank is None else _("framed {rank}").format(rank=rank) if is_framed(rank) else str(rank)
    if name is None or (not face_up and not mine):  # its number is hidden from this viewer
        if mine:
            return _("your card, face down")
        return _("{owner}'s card, face down").format(owner=owner) if owner else _("a face-down card")
    if not face_up:  # the viewer's own face-down card
        if shared:
            return _("your card: {card}, face down").format(card=name)
        return _("your card: {card}, face down, only you see it").format(card=name)
    if mine:
        return _("your card: {card}").format(card=name)
    return _("{owner}'s card: {card}").format(owner=owner, card=name) if owner else name


def card_svg(rank: int | None, *, face_up: bool = True, mine: bool = False, size: int = 72,
             owner: str | None = None, shared: bool = False) -> str:
    """One card. `rank=None` draws the back of a card whose number is hidden; `owner` names the seat it
    belongs to in its text alternative (card_label); `shared`: the viewer's own card shown to a room, without
    the "only you" eye."""
    height = round(size * 1.4)
    label = escape(card_label(rank, face_up=face_up, mine=mine, owner=owner, shared=shared))
    head = (
        f'<svg class="ql-card" width="{size}" height="{height}" viewBox="0 0 100 140" role="img" '
        f'aria-label="{label}" xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
    )
    if rank is None:
        return (
            head + f"<defs>{_BACK_PATTERN}</defs>"
            '<rect x="2" y="2" width="96" height="136" rx="10" fill="white" stroke="#8A94A6" stroke-width="2"/>'
            '<rect x="9" y="9" width="82" height="122" rx="6" fill="url(#back)"/>'
            f'<circle cx="50" cy="70" r="14" fill="none" stroke="{GOLD}" stroke-width="3"/></svg>'
        )
    ground = "#EAF1FB" if not face_up else "white"
    parts = [head, f'<rect x="2" y="2" width="96" height="136" rx="10" fill="{ground}" stroke="#8A94A6" '
                   'stroke-width="2"/>']
    if is_framed(rank):
        parts.append(
            f'<rect x="8" y="8" width="84" height="124" rx="7" fill="none" stroke="{GOLD}" stroke-width="5"/>'
            f'<rect x="15" y="15" width="70" height="110" rx="4" fill="none" stroke="{GOLD}" stroke-width="1.8" '
            'stroke-dasharray="5 3"/>'
        )
    big = 56 if rank < 10 else 48
    font = f'text-anchor="middle" fill="{INK}" font-family="Georgia, serif"'
    parts.append(
        f'<text x="50" y="70" font-size="{big}" font-weight="700" dominant-baseline="central" {font}>{rank}</text>'
        + _underline(rank, 50, 70 + 0.5 * big, 0.5 * big, 3.5)
        + f'<text x="22" y="30" font-size="16" {font}>{rank}</text>' + _underline(rank, 22, 35, 10, 1.6)
        + f'<g transform="rotate(180 78 116)"><text x="78" y="122" font-size="16" {font}>{rank}</text>'
        + _underline(rank, 78, 127, 10, 1.6) + "</g>"
    )
    if mine and not face_up and not shared:
        parts.append(
            f'<g transform="translate(46 114)"><rect x="-22" y="-9" width="44" height="17" rx="8" fill="{BLUE}"/>'
            '<text x="0" y="4" font-size="10" text-anchor="middle" fill="white" font-family="sans-serif">'
            + escape(pgettext("card mark", "only you")) + "</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)
