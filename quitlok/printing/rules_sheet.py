"""The one-page rules sheet: the rules at a glance, and the house rules of your table.

Its words are the Rules page's: the sections of content/rules/summary.md, then
the table of `quitlok.rules.rule_summary` for the house rules in force (the
same function the page's table comes from), and the sources line of
content/rules/sources.md. Nothing is written twice, so the sheet changes when
the page does. They flow down two columns, as in a newspaper, at the largest
text size that keeps them on one page.
"""

from functools import partial

from quitlok import content
from quitlok.i18n import _
from quitlok.printing.document import GREY, Part, Sheet, two_columns
from quitlok.printing.markdown import Heading, Table, blocks
from quitlok.rules import RuleSet, rule_summary

#: the space between the two columns, in millimetres
GUTTER = 7


def rules_sheet_pdf(rules: RuleSet, paper: str = "A4", *, max_bet: int | None = None) -> bytes:
    """The rules sheet for a table playing by `rules`, on one page of `paper`.

    `max_bet` is the table's agreed maximum bet in chips, when one is known (as on the Rules page).
    """
    summary, headings = content.sections("rules/summary"), content.headings("rules/summary")
    rows = tuple(rule_summary(rules, max_bet))

    def your_table(pdf: Sheet, x: float, width: float) -> None:
        pdf.heading(_("Your table: {rules}").format(rules=rules.name), 3, x=x, width=width)
        pdf.table_block(Table((_("Rule"), _("At your table")), rows), col_widths=(2, 3), x=x, width=width)

    parts: list[Part] = [partial(_section, heading=headings[key], text=summary[key]) for key in summary]
    parts += [your_table, partial(_small_print, text=content.read("rules/sources"))]

    def head(pdf: Sheet, x: float, width: float) -> None:
        pdf.title_block(_("The rules at a glance"),
                        _("Kvitlach, the Hanukkah game of 21, as your table plays it: **{rules}**").format(
                            rules=rules.name))

    return two_columns(paper, title=_("Kvitlach: the rules at a glance ({rules})").format(rules=rules.name),
                       footer_text=_("Quitlok · the rules at a glance · {rules}").format(rules=rules.name), head=head,
                       parts=parts, gutter=GUTTER).bytes()


def _section(pdf: Sheet, x: float, width: float, *, heading: str, text: str) -> None:
    """One section of the rules: its heading and its Markdown."""
    pdf.markdown([Heading(3, heading), *blocks(text)], x=x, width=width)


def _small_print(pdf: Sheet, x: float, width: float, *, text: str) -> None:
    """The sources, in small grey print."""
    pdf.markdown(blocks(text), x=x, width=width, size=pdf.size * 0.8, colour=GREY)
