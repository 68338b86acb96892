"""The printable pack: the 24-card Quitli pack or the 48-card Kvitlach pack, to print, cut out and play with.

Sixteen cards to a sheet, four by four, edge to edge, so that one cut separates
two cards; short cut marks outside the grid show where every cut runs, and the
cards themselves carry the app's design (see card_faces): the 2s and 11s framed
in gold, the 6s and 9s underlined. The layout is the same on A4 and US Letter,
so a card has the same size wherever it is printed, as long as the printer does
not scale the page.
"""

from math import ceil

from fpdf.prefs import ViewerPreferences

from quitlok.cards import make_pack
from quitlok.cards_svg import INK
from quitlok.i18n import N_, _, decimal
from quitlok.printing.card_faces import ASPECT, CardFaces
from quitlok.printing.document import GREY, SANS, SERIF, Sheet
from quitlok.printing.errors import UnknownPack

#: cards across and down a sheet
COLUMNS, ROWS = 4, 4
PER_SHEET = COLUMNS * ROWS
#: a card's width in millimetres (its height is ASPECT times that): small enough for sixteen on US Letter
CARD_WIDTH = 42.0
#: the cut marks: how long, and how far they stay from the cards
MARK, GAP = 5.0, 1.5
#: the band at the top of each sheet that holds its title and what to do
HEADER = 21.0

#: the two packs the traditions play with: copies of each number -> (title, note), marked for the catalog and
#: shown translated, `_(title)`
PACKS = {
    2: (N_("Quitli pack: 24 cards"), N_("two of each number from 1 to 12, as Quitlok is played")),
    4: (N_("Kvitlach pack: 48 cards"),
        N_("two Quitli packs together, four of each number, as Kvitlach households play")),
}


def sheets(copies: int) -> int:
    """How many sheets the pack with `copies` of each number takes."""
    return ceil(12 * copies / PER_SHEET)


def pack_pdf(copies: int = 2, paper: str = "A4") -> bytes:
    """The pack with `copies` of each number (2: 24 cards; 4: 48 cards) as a PDF to print on `paper`."""
    if isinstance(copies, bool) or not isinstance(copies, int) or copies not in PACKS:
        raise UnknownPack(_("Quitlok and Kvitlach are played with 24 or 48 cards (2 or 4 of each number), not {got} "
                            "of each.").format(got=repr(copies)))
    title, note = (_(words) for words in PACKS[copies])
    pdf = Sheet(paper, title=_("Quitlok: {pack}").format(pack=title), families=(SANS, SERIF))
    pdf.set_auto_page_break(False)
    pdf.viewer_preferences = ViewerPreferences(print_scaling="None")  # asks the print dialog not to scale it
    faces = CardFaces()
    cards = make_pack(2)  # one Quitli pack in number order; the 48-card pack is two of them
    cards = cards * (copies // 2)
    height = CARD_WIDTH * ASPECT
    grid_w, grid_h = COLUMNS * CARD_WIDTH, ROWS * height
    left = (pdf.w - grid_w) / 2
    top = HEADER + (pdf.h - HEADER - grid_h) / 2
    if top - MARK - GAP < HEADER or top + grid_h + GAP + MARK > pdf.h - 5:
        raise AssertionError(f"the pack's grid does not fit on {paper}")  # a layout mistake, caught by the tests
    total = sheets(copies)
    for sheet in range(total):
        pdf.add_page()
        _header(pdf, title, note, sheet + 1, total)
        on_sheet = cards[sheet * PER_SHEET:(sheet + 1) * PER_SHEET]
        for i, rank in enumerate(on_sheet):
            column = COLUMNS - 1 - i % COLUMNS if pdf.rtl else i % COLUMNS  # in number order, as the reader reads
            faces.draw(pdf, rank, left + column * CARD_WIDTH, top + (i // COLUMNS) * height, CARD_WIDTH)
        rows = ceil(len(on_sheet) / COLUMNS)
        _cut_marks(pdf, left, top, min(COLUMNS, len(on_sheet)), rows, height)
    return pdf.bytes()


def _header(pdf: Sheet, title: str, note: str, sheet: int, total: int) -> None:
    """The sheet's title and number, and how to print and cut it."""
    pdf.set_xy(pdf.l_margin, 7)
    pdf.set_font(SANS, "B", 12)
    pdf.set_text_color(INK)
    pdf.cell(0, 6, _("{pack} · sheet {sheet} of {sheets}").format(pack=title, sheet=sheet, sheets=total),
             align=pdf.start, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(SANS, "", 8.5)
    pdf.set_text_color(GREY)
    pdf.cell(0, 4.2, _("{pack}; the 2s and 11s are framed.").format(pack=note[0].upper() + note[1:]),
             align=pdf.start, new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 4.2, _("Print at actual size (100%), not “fit to page”, then cut along the marks: each card is "
                       "{width} × {height} mm.").format(width=_millimetres(CARD_WIDTH),
                                                       height=_millimetres(CARD_WIDTH * ASPECT)),
             align=pdf.start, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(INK)


def _millimetres(length: float) -> str:
    """A card's side in millimetres as the current language writes it: '42', '58.8' ('58,8' in Czech)."""
    return decimal(length, 0 if length == round(length) else 1)


def _cut_marks(pdf: Sheet, left: float, top: float, columns: int, rows: int, height: float) -> None:
    """Short marks outside the grid, in line with every edge between cards and around them."""
    pdf.set_draw_color(INK)
    pdf.set_line_width(0.2)
    right, bottom = left + columns * CARD_WIDTH, top + rows * height
    for c in range(columns + 1):
        x = left + c * CARD_WIDTH
        pdf.line(x, top - GAP - MARK, x, top - GAP)
        pdf.line(x, bottom + GAP, x, bottom + GAP + MARK)
    for r in range(rows + 1):
        y = top + r * height
        pdf.line(left - GAP - MARK, y, left - GAP, y)
        pdf.line(right + GAP, y, right + GAP + MARK, y)
