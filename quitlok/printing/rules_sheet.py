"""The one-page rules sheet: the rules at a glance, and the house rules of your table.

Its words are the Rules page's: the sections of content/rules/summary.md, then
the table of `quitlok.rules.rule_summary` for the house rules in force (the
same function the page's table comes from), and the sources line of
content/rules/sources.md. Nothing is written twice, so the sheet changes when
the page does. They flow down two columns, as in a newspaper, at the largest
text size that keeps them on one page: each section whole, or, where no size
keeps them so (a language that says it in more words, on US Letter), a section
may go on in the next column between its paragraphs (its heading never alone),
and, last, with half the space between paragraphs: the text stays at 8 points
or more.
"""

from functools import partial

from quitlok import content
from quitlok.i18n import _
from quitlok.printing.document import GREY, Part, Sheet, two_columns
from quitlok.printing.errors import PrintingError
from quitlok.printing.markdown import Block, Heading, Table, blocks
from quitlok.rules import RuleSet, rule_summary

#: the space between the two columns, in millimetres
GUTTER = 7
#: the space between paragraphs when the sheet keeps to its page by closing it up (Sheet.gap)
CLOSER = 0.5


def rules_sheet_pdf(rules: RuleSet, paper: str = "A4", *, max_bet: int | None = None) -> bytes:
    """The rules sheet for a table playing by `rules`, on one page of `paper`.

    `max_bet` is the table's agreed maximum bet in chips, when one is known (as on the Rules page).
    """
    summary, headings = content.sections("rules/summary"), content.headings("rules/summary")
    rows = tuple(rule_summary(rules, max_bet))

    def your_table(pdf: Sheet, x: float, width: float) -> None:
        pdf.heading(_("Your table: {rules}").format(rules=rules.name), 3, x=x, width=width)
        pdf.table_block(Table((_("Rule"), _("At your table")), rows), col_widths=(2, 3), x=x, width=width)

    def head(pdf: Sheet, x: float, width: float) -> None:
        pdf.title_block(_("The rules at a glance"),
                        _("Kvitlach, the Hanukkah game of 21, as your table plays it: **{rules}**").format(
                            rules=rules.name))

    def sheet(sections: list[Part], gap: float = 1.0) -> bytes:
        return two_columns(paper, title=_("Kvitlach: the rules at a glance ({rules})").format(rules=rules.name),
                           footer_text=_("Quitlok · the rules at a glance · {rules}").format(rules=rules.name),
                           head=head, parts=[*sections, your_table, partial(_small_print, text=content.read(
                               "rules/sources"))], gutter=GUTTER, gap=gap).bytes()

    whole = [partial(_blocks, parts=[Heading(3, headings[key]), *blocks(summary[key])]) for key in summary]
    pieces = [partial(_blocks, parts=piece) for key in summary
              for piece in _pieces([Heading(3, headings[key]), *blocks(summary[key])])]
    for parts, gap in ((whole, 1.0), (pieces, 1.0), (pieces, CLOSER)):
        try:
            return sheet(parts, gap)
        except PrintingError as error:
            too_long = error
    raise too_long


def _pieces(parts: list[Block]) -> list[list[Block]]:
    """A section's blocks in the pieces a column may end between: its heading with its first block, then each
    block after."""
    return [parts[:2], *([block] for block in parts[2:])]


def _blocks(pdf: Sheet, x: float, width: float, *, parts: list[Block]) -> None:
    """One section of the rules (its heading and its Markdown), or a piece of one."""
    pdf.markdown(parts, x=x, width=width)


def _small_print(pdf: Sheet, x: float, width: float, *, text: str) -> None:
    """The sources, in small grey print."""
    pdf.markdown(blocks(text), x=x, width=width, size=pdf.size * 0.8, colour=GREY)
