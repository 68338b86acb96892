"""The rules for pupils: one sheet per tradition, in large print, from that tradition's own pack and moves.

The teacher's rules sheet (`rules_sheet`) puts every rule and the table's house rules on one page, which
takes small print. A pupil needs less, larger: the Quitlok sheet starts from the 24-card pack and blots,
the Kvitlach sheet from the 48-card pack, the bet made first and every card face down. Their words are
content/teachers/pupils_quitlok.md and pupils_kvitlach.md; they are laid out at 12 points, or at 11.5 or
11 when that keeps them on one sheet of paper (two pages, front and back), never smaller.
"""

from quitlok import content
from quitlok.i18n import _
from quitlok.printing.document import Sheet, fit
from quitlok.printing.errors import UnknownTradition
from quitlok.printing.markdown import Heading, blocks

#: the traditions a pupils' sheet is written for: name -> content file
TRADITIONS = {"Quitlok": "teachers/pupils_quitlok", "Kvitlach": "teachers/pupils_kvitlach"}
#: text sizes in points, largest first: 11 points is the least a pupil's sheet uses
SIZES = (12, 11.5, 11)
#: the most pages a pupils' sheet takes: one sheet of paper, printed on both sides
PAGES = 2


def pupil_rules_pdf(tradition: str, paper: str = "A4") -> bytes:
    """The rules for pupils of `tradition` ("Quitlok" or "Kvitlach") on `paper`."""
    if not isinstance(tradition, str) or tradition not in TRADITIONS:
        raise UnknownTradition(_("There are pupils' rules for {traditions}, not for {got}.").format(
            traditions=_("{list} and {last}").format(list=", ".join(list(TRADITIONS)[:-1]), last=list(TRADITIONS)[-1]),
            got=repr(tradition)))
    name = TRADITIONS[tradition]
    title = content.title(name)
    sections, headings = content.sections(name), content.headings(name)

    def build(size: float) -> Sheet:
        pdf = Sheet(paper, title=title, footer_text=f"Quitlok · {title}", size=size)
        pdf.add_page()
        pdf.title_block(title, _("Kvitlach, the Hanukkah game of 21, as families in Central Europe played it."))
        for key, text in sections.items():
            pdf.markdown([Heading(3, headings[key]), *blocks(text)])
        return pdf

    return fit(build, pages=PAGES, sizes=SIZES).bytes()
