"""The glossary sheet: the game's words on one page, with the Yiddish in Hebrew script, right to left.

Its words are the Glossary page's (content/history/glossary.md): the table of
terms and its sources line. The Hebrew is drawn in the bundled DejaVu Sans with
text shaping, so each Yiddish word reads right to left, vowel points and all,
even on a machine without a single font of its own.
"""

from quitlok import content
from quitlok.i18n import _
from quitlok.printing.document import GREY, Sheet, fit
from quitlok.printing.markdown import Table, blocks

#: the widths of the glossary's four columns (term, Yiddish or source language, meaning, source), as shares
COLUMNS = (23, 28, 58, 16)


def glossary_pdf(paper: str = "A4") -> bytes:
    """The glossary on one page of `paper`."""
    sections = content.sections("history/glossary")
    parts = blocks(sections["body"])
    sources = blocks(sections["Sources"])

    def build(size: float) -> Sheet:
        pdf = Sheet(paper, title=_("Kvitlach: glossary"), footer_text=_("Quitlok · glossary"), size=size)
        pdf.add_page()
        pdf.title_block(content.title("history/glossary"),
                        _("The words of Kvitlach, with the Yiddish in Hebrew script. The numbers in the last column "
                          "are the sources listed at the foot of the page."))
        for block in parts:
            if isinstance(block, Table):
                pdf.table_block(block, col_widths=COLUMNS)
            else:
                pdf.markdown([block])
        pdf.markdown(sources, size=size * 0.85, colour=GREY)
        return pdf

    return fit(build, pages=1).bytes()
