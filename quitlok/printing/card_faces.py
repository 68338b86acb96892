"""The card faces of the printable pack: the app's own SVG cards (quitlok.cards_svg), drawn as vectors.

The pack on paper must look like the cards on screen, so it does not draw
cards of its own: it takes `card_svg(rank)`, the very markup the app shows,
and lets fpdf2 turn it into PDF paths. Three small things make the markup
print as it shows in a browser, without touching the app's output:

- the <title> (the text alternative) is dropped: a PDF has no use for it,
  and fpdf2 warns about every tag it does not draw;
- the numbers' "Georgia, serif" becomes the bundled DejaVu Serif, so the PDF
  embeds its font instead of leaving it to the printer;
- fpdf2 does not know `dominant-baseline="central"` (the big number is centred
  on its y): that y becomes an ordinary baseline half a figure's height lower.

Each face is parsed once per sheet (`CardFaces`) and drawn wherever it goes.
"""

import re
from functools import cache

from fontTools.ttLib import TTFont
from fpdf import FPDF
from fpdf.drawing import Transform
from fpdf.svg import SVGObject

from quitlok.cards import RANKS
from quitlok.cards_svg import card_svg
from quitlok.printing.document import FONTS, SERIF

#: a card's height over its width (the SVG's viewBox is 100 by 140)
ASPECT = 1.4

_CENTRED = re.compile(r'y="(?P<y>[\d.]+)" font-size="(?P<size>[\d.]+)"(?P<rest>[^>]*?) dominant-baseline="central"')


@cache
def figure_height() -> float:
    """How tall the digits of the bundled bold serif stand, as a share of the font size (about 0.73)."""
    font = TTFont(FONTS / "DejaVuSerif-Bold.ttf")
    glyph = font["glyf"][font.getBestCmap()[ord("0")]]
    return glyph.yMax / font["head"].unitsPerEm


def print_svg(rank: int) -> str:
    """The app's face-up card `rank`, in SVG that fpdf2 draws as a browser would (see the module's docstring)."""
    svg = re.sub(r"<title>.*?</title>", "", card_svg(rank, face_up=True))
    svg = svg.replace('font-family="Georgia, serif"', f'font-family="{SERIF}"')

    def baseline(match: re.Match) -> str:
        y = float(match["y"]) + float(match["size"]) * figure_height() / 2
        return f'y="{y:g}" font-size="{match["size"]}"{match["rest"]}'

    return _CENTRED.sub(baseline, svg)


class CardFaces:
    """The twelve faces, each parsed once, to be drawn on one sheet as often as the pack needs them."""

    def __init__(self) -> None:
        self._faces = {rank: SVGObject(print_svg(rank)) for rank in RANKS}

    def draw(self, pdf: FPDF, rank: int, x: float, y: float, width: float) -> None:
        """Card `rank` with its top-left corner at (x, y), `width` wide (millimetres)."""
        _, _, paths = self._faces[rank].transform_to_rect_viewport(
            scale=1, width=width, height=width * ASPECT, ignore_svg_top_attrs=True)
        paths.transform = paths.transform @ Transform.translation(x, y)
        pdf.draw_path(paths)  # a copy is drawn, so the parsed face stays as it was for the next card
