"""The page every printed sheet starts from: paper, fonts, colours, and laying out our Markdown.

Every sheet is an fpdf2 document with the fonts bundled in ./fonts embedded
(DejaVu Sans for words, with Hebrew letters; DejaVu Serif for the numbers on the
cards), so that it prints the same on any machine. Text that holds Hebrew is
laid out with text shaping (HarfBuzz, through uharfbuzz) in left-to-right
paragraphs: fpdf2 then runs the Unicode bidi algorithm, so Hebrew words inside
English sentences read right to left, with their vowel points in place. Shaping
costs about five times the layout time, so English-only text goes without it.

A sheet is made in the current language (quitlok.i18n.use). In a language written
right to left (Hebrew) the whole sheet is: every text is shaped in right-to-left
paragraphs (the bidi algorithm keeps numbers, card ranks and Latin names inside
them the right way round), aligned right; a list's bullets hang on the right,
a table's first column is its rightmost, and two columns read right one first.
Every method here that takes `x` and `width` means the column's left edge and
width whatever the direction; `indent` is taken at the start of the lines (the
left, or the right).

Sheets that must fit a given number of pages are built by `fit`: it lays the
sheet out at the largest text size that fits, rather than letting a last line
spill onto a page of its own.
"""

import unicodedata
from collections.abc import Callable
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import TableCellFillMode, XPos, YPos
from fpdf.fonts import FontFace

from quitlok.cards_svg import BLUE, GOLD, INK
from quitlok.i18n import _, is_rtl, language, ngettext
from quitlok.printing.errors import PrintingError, UnknownPaper
from quitlok.printing.markdown import Block, Heading, ListBlock, Paragraph, Table, inline, plain

#: a piece of a sheet that draws itself on the sheet given, at x, in a column of the width given
Part = Callable[["Sheet", float, float], None]

FONTS = Path(__file__).resolve().parent / "fonts"
#: the paper sizes the sheets are laid out for: the name a person reads -> fpdf2's format
PAPERS = {"A4": "A4", "US Letter": "Letter"}
#: the family for words and the family for the numbers on cards, each with the styles the sheets use
SANS, SERIF = "DejaVuSans", "DejaVuSerif"
_FONT_FILES = {
    (SANS, ""): "DejaVuSans.ttf",
    (SANS, "B"): "DejaVuSans-Bold.ttf",
    (SANS, "I"): "DejaVuSans-Oblique.ttf",
    (SERIF, ""): "DejaVuSerif.ttf",
    (SERIF, "B"): "DejaVuSerif-Bold.ttf",
}
#: grey for small print: page numbers, sources
GREY = "#5A6275"
#: thin lines between table rows
RULE = "#B8C0CE"
#: the ground of table headers: a light tint of the app's blue
TINT = "#E8EEF8"
#: margins in millimetres
MARGIN = 15
#: the OpenType script of each language written right to left, for HarfBuzz (another one lets HarfBuzz guess)
SCRIPTS = {"he": "hebr"}
#: the text sizes a sheet may use, in points, largest first: below 8 points is too small at arm's length
SIZES = (10.5, 10, 9.5, 9, 8.5, 8)


def paper_format(paper: str) -> str:
    """fpdf2's format for a paper size named as PAPERS names it, or UnknownPaper."""
    if paper not in PAPERS:
        raise UnknownPaper(_("Sheets are printed on {papers}, not {paper}.").format(
            papers=_("{list} or {last}").format(list=", ".join(list(PAPERS)[:-1]), last=list(PAPERS)[-1]),
            paper=repr(paper)))
    return PAPERS[paper]


class Sheet(FPDF):
    """A printed sheet: A4 or US Letter, portrait, millimetres, our fonts, and a quiet footer.

    `footer_text` is printed at the foot of every page with its page number (empty: no footer);
    `size` is the body text's size in points; `families` are the font families the sheet uses. `gap` scales the
    space between paragraphs, list items and headings (1: as designed; less: a sheet that must keep to its pages).
    """

    def __init__(self, paper: str, *, title: str, footer_text: str = "", size: float = 10,
                 families: tuple[str, ...] = (SANS,)) -> None:
        super().__init__(orientation="portrait", unit="mm", format=paper_format(paper))
        self.paper = paper
        self.footer_text = footer_text
        self.size = size
        self.gap = 1.0
        for (family, style), file in _FONT_FILES.items():
            if family in families:  # each font costs time to load, so a sheet loads only those it uses
                self.add_font(family, style, FONTS / file)
        self._shaping = False
        #: whether the sheet is written right to left (its language's direction), and where its lines start
        self.rtl = is_rtl(language())
        self.start = "R" if self.rtl else "L"
        if self.rtl:  # every text of the sheet, shaped in right-to-left paragraphs
            code = language()
            self.set_text_shaping(use_shaping_engine=True, direction="rtl", script=SCRIPTS.get(code),
                                  language=code if code in SCRIPTS else None)
            self._shaping = True
            # the number of pages, written in when the sheet is done, in the space kept for it at the end of the
            # footer's line: on the right of that space, next to the words before it, when they read right to left
            self.alias_nb_pages(align="R")
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(True, margin=MARGIN + (5 if footer_text else 0))
        self.set_title(title)
        self.set_author("Quitlok")
        self.set_creator("Quitlok (quitlok.printing, fpdf2)")
        self.set_lang(language())  # the language the sheet is made in (quitlok.i18n.use), for screen readers
        self.set_font(SANS, size=size)
        self.set_text_color(INK)

    # --- what fpdf2 calls on every page ----------------------------------------------------------------

    def footer(self) -> None:
        if not self.footer_text:
            return
        self.set_y(-MARGIN)
        self.set_font(SANS, size=7.5)
        self.set_text_color(GREY)
        # {pages} stays "{nb}" here: fpdf2 writes the number of pages in its place when the sheet is done
        self.cell(0, 4, _("{footer} · page {page} of {pages}").format(footer=self.footer_text, page=self.page_no(),
                                                                        pages="{nb}"), align="C")
        self.set_text_color(INK)

    def shape_for(self, *texts: str) -> None:
        """Switch text shaping on for text with right-to-left letters in it, and off again for text without (a sheet
        written right to left keeps it on)."""
        if self.rtl:
            return
        needed = any(unicodedata.bidirectional(char) in ("R", "AL") for text in texts for char in text)
        if needed != self._shaping:
            self.set_text_shaping(use_shaping_engine=needed, direction="ltr" if needed else None)
            self._shaping = needed

    # --- pieces of text -------------------------------------------------------------------------------

    @property
    def leading(self) -> float:
        """The height of a line of body text, in millimetres."""
        return self.size * 0.49

    def title_block(self, title: str, subtitle: str = "") -> None:
        """The sheet's title in blue, a gold rule, and a subtitle."""
        self.shape_for(title, subtitle)
        self.set_font(SANS, "B", self.size * 1.9)
        self.set_text_color(BLUE)
        self.multi_cell(0, self.size * 0.85, plain(title), align=self.start, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_draw_color(GOLD)
        self.set_line_width(0.8)
        self.line_across(self.get_y() + 1)
        self.set_draw_color(RULE)
        self.set_line_width(0.2)
        self.set_y(self.get_y() + 3)
        self.set_text_color(INK)
        if subtitle:
            self.set_font(SANS, "", self.size * 1.05)
            self.multi_cell(0, self.leading * 1.05, inline(subtitle), markdown=True, align=self.start,
                            new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            self.ln(self.leading * 0.6)
        self.set_font(SANS, "", self.size)

    def line_across(self, y: float, x: float | None = None, width: float | None = None) -> None:
        """A horizontal rule at height y, in the current draw colour."""
        x = self.l_margin if x is None else x
        self.line(x, y, x + (self.epw if width is None else width), y)

    def heading(self, text: str, level: int = 2, *, x: float | None = None, width: float = 0) -> None:
        """A bold heading: levels 1 to 3 in blue, smaller ones in ink."""
        scale = {1: 1.5, 2: 1.25, 3: 1.1}.get(level, 1.0)
        self.shape_for(text)
        self.set_font(SANS, "B", self.size * scale)
        self.set_text_color(BLUE if level <= 3 else INK)
        self.set_x(self.l_margin if x is None else x)
        self.multi_cell(width, self.leading * scale, plain(text), align=self.start, new_x=XPos.LEFT, new_y=YPos.NEXT)
        self.set_text_color(INK)
        self.set_font(SANS, "", self.size)
        self.ln(self.leading * 0.25 * self.gap)

    def paragraph(self, markdown: str, *, x: float | None = None, width: float = 0, size: float | None = None,
                  colour: str = INK, after: float = 0.45, indent: float = 0) -> None:
        """A paragraph of our Markdown, wrapped to `width` (0: to the right margin) from x (default: left margin),
        `indent` millimetres in from the start of its lines."""
        self.set_font(SANS, "", size or self.size)
        self.set_text_color(colour)
        self.shape_for(markdown)
        x = self.l_margin if x is None else x
        if indent:
            x, width = self.indented(x, width, indent)
        self.set_x(x)
        self.multi_cell(width, (size or self.size) * 0.49, inline(markdown), markdown=True, align=self.start,
                        new_x=XPos.LEFT, new_y=YPos.NEXT)
        self.set_text_color(INK)
        self.set_font(SANS, "", self.size)
        self.ln(self.leading * after * self.gap)

    def indented(self, x: float, width: float, indent: float) -> tuple[float, float]:
        """The column from x, `width` wide (0: to the right margin), less `indent` at the start of its lines (the
        left, or the right in a sheet written right to left): (x, width) to draw in."""
        if self.rtl:
            return x, (width or (self.w - self.r_margin - x)) - indent
        return x + indent, width and width - indent

    def items(self, items: tuple[str, ...], *, numbered: bool = False, x: float | None = None,
              width: float = 0) -> None:
        """A list: a bullet (or a number) hanging to the left of each item's wrapped lines (to the right, right to
        left)."""
        x = self.l_margin if x is None else x
        width = width or (self.w - self.r_margin - x)
        indent = self.size * (0.75 if numbered else 0.5)
        self.shape_for(*items)
        for n, item in enumerate(items, start=1):
            if self.auto_page_break and self.will_page_break(self.leading):
                self.add_page()  # here, not inside the item: its bullet and its first line go on the same page
            y = self.get_y()
            bullet, text = (x + width - indent, x) if self.rtl else (x, x + indent)
            self.set_xy(bullet, y)
            self.cell(indent, self.leading, f"{n}." if numbered else "•", align=self.start)
            self.set_xy(text, y)
            self.multi_cell(width - indent, self.leading, inline(item), markdown=True, align=self.start,
                            new_x=XPos.LEFT, new_y=YPos.NEXT)
            self.ln(self.leading * 0.2 * self.gap)
        self.set_x(x)
        self.ln(self.leading * 0.25 * self.gap)

    def table_block(self, table: Table, *, col_widths: tuple[float, ...] | None = None, x: float | None = None,
                    width: float | None = None, size: float | None = None) -> None:
        """A table with a tinted header row; every cell is our Markdown. Right to left, the first column is the
        rightmost (`col_widths` are given in the table's own order)."""
        size = size or self.size
        self.set_font(SANS, "", size)
        left = self.l_margin
        if x is not None:
            self.set_left_margin(x)
            self.set_x(x)
        if col_widths is None:  # each column as wide as its longest cell asks, within reason
            columns = zip(table.header, *table.rows, strict=True)
            col_widths = tuple(min(max(max(len(plain(cell)) for cell in column), 12), 60) for column in columns)
        headings = FontFace(emphasis="BOLD", color=INK, fill_color=TINT)
        self.shape_for(*table.header, *(cell for row in table.rows for cell in row))
        order = slice(None, None, -1 if self.rtl else 1)
        with self.table(width=width or self.epw, col_widths=col_widths[order],
                        text_align="RIGHT" if self.rtl else "LEFT", markdown=True,
                        headings_style=headings, line_height=size * 0.47, padding=(0.9, 1.4),
                        cell_fill_color="#F7F9FC", cell_fill_mode=TableCellFillMode.EVEN_ROWS,
                        borders_layout="HORIZONTAL_LINES", align="LEFT") as grid:
            for cells in (table.header, *table.rows):
                row = grid.row()
                for cell in cells[order]:
                    row.cell(inline(cell))
        self.set_left_margin(left)
        self.set_x(left)
        self.set_font(SANS, "", self.size)
        self.ln(self.leading * 0.5 * self.gap)

    def markdown(self, parts: list[Block], *, x: float | None = None, width: float = 0, size: float | None = None,
                 colour: str = INK) -> None:
        """Blocks of our Markdown, one after another, in a column from x (default: the left margin).

        `size` and `colour` change the paragraphs' text (for small print such as sources)."""
        x = self.l_margin if x is None else x
        for block in parts:
            self.set_x(x)
            if isinstance(block, Heading):
                if self.auto_page_break and self.will_page_break(self.leading * 6):
                    self.add_page()  # a heading never stands alone at the foot of a page
                    self.set_x(x)
                else:
                    self.ln(self.leading * 0.3 * self.gap)
                self.heading(block.text, block.level, x=x, width=width)
            elif isinstance(block, Paragraph):
                self.paragraph(block.text, x=x, width=width, size=size, colour=colour)
            elif isinstance(block, ListBlock):
                self.items(block.items, numbered=block.numbered, x=x, width=width)
            elif isinstance(block, Table):
                self.table_block(block, x=x, width=width or None)

    def bytes(self) -> bytes:
        """The finished PDF. The sheet is done with after this: its font files are closed."""
        try:
            return bytes(self.output())
        finally:
            self.close_fonts()

    def close_fonts(self) -> None:
        """Close the font files fpdf2 reads lazily, rather than leave them open until the sheet is collected."""
        for font in self.fonts.values():
            if ttfont := getattr(font, "ttfont", None):
                ttfont.close()


def two_columns(paper: str, *, title: str, footer_text: str, head: Part, parts: list[Part], gutter: float,
                sizes: tuple[float, ...] = SIZES, gap: float = 1.0) -> Sheet:
    """A one-page sheet: `head` across the page, then `parts` flowing down two columns as in a newspaper (each
    part in the first column while it fits there, the rest in the second; a part is never cut in two), at the
    largest text size that fits. The first column is the left one, or the right one on a sheet written right to
    left.

    `gap` scales the space between blocks (Sheet.gap). A part draws itself on the sheet it is given, at an x and in
    a width. Every part is first measured on a
    scratch sheet whose page is too tall to break, so only the size that fits is drawn for real.
    """
    scratch = Sheet(paper, title="", footer_text=footer_text)
    scratch.gap = gap
    paper_height = scratch.h
    try:
        for size in sizes:
            scratch.size = size
            scratch.add_page(format=(scratch.w, 5000))
            width = (scratch.epw - gutter) / 2
            heights = []
            for part, w in [(head, scratch.epw)] + [(part, width) for part in parts]:
                y = scratch.get_y()
                scratch.set_x(scratch.l_margin)
                part(scratch, scratch.l_margin, w)
                heights.append(scratch.get_y() - y)
            room = paper_height - scratch.t_margin - scratch.b_margin - heights.pop(0)
            left = 0
            while left < len(parts) and sum(heights[:left + 1]) <= room:
                left += 1
            if sum(heights[left:]) > room:
                continue
            pdf = Sheet(paper, title=title, footer_text=footer_text, size=size)
            pdf.gap = gap
            pdf.add_page()
            head(pdf, pdf.l_margin, pdf.epw)
            top = pdf.get_y()
            for column, share in enumerate((parts[:left], parts[left:])):
                pdf.set_y(top)
                x = pdf.l_margin + (1 - column if pdf.rtl else column) * (width + gutter)
                for part in share:
                    pdf.set_x(x)
                    part(pdf, x, width)
            return pdf
    finally:
        scratch.close_fonts()
    raise PrintingError(_("This sheet no longer fits on one page at {size} points: shorten its text.").format(
        size=sizes[-1]))


def fit(build: Callable[[float], Sheet | None], pages: int, sizes: tuple[float, ...] = SIZES) -> Sheet:
    """The sheet `build(size)` makes at the largest text size (in points) that fits in `pages` pages.

    `build` returns None when it finds by itself that its text does not fit. Smaller text never needs more
    pages, so the sizes are searched by halves: three builds instead of six. A text that does not fit even at
    the smallest size is a mistake in the content, reported as such.
    """
    best: Sheet | None = None
    low, high = 0, len(sizes) - 1  # the answer, if any, is at an index in low..high
    while low <= high:
        middle = (low + high) // 2
        sheet = build(sizes[middle])
        if sheet is not None and sheet.pages_count <= pages:
            if best is not None:
                best.close_fonts()
            best, high = sheet, middle - 1
        else:
            if sheet is not None:
                sheet.close_fonts()
            low = middle + 1
    if best is None:
        raise PrintingError(ngettext("This sheet no longer fits on {pages} page at {size} points: shorten its text.",
                                     "This sheet no longer fits on {pages} pages at {size} points: shorten its text.",
                                     pages).format(pages=pages, size=sizes[-1]))
    return best
