"""The lesson plans as PDF: the 45-minute and the 90-minute plan, as the Teachers page shows them.

Their words are content/teachers/lesson_45.md and lesson_90.md. On paper a
reference number such as [4] cannot be clicked, so the plan ends with the full
entry of every source it cites, from the app's reference list
(content/history/sources.md), in place of the short list the page shows.
"""

from quitlok import content
from quitlok.i18n import _
from quitlok.printing.document import GREY, Sheet, fit
from quitlok.printing.errors import PrintingError, UnknownLessonPlan
from quitlok.printing.markdown import blocks

#: the lesson plans: minutes -> content file
LESSON_PLANS = {45: "teachers/lesson_45", 90: "teachers/lesson_90"}
#: the text size of the plans, in points, and the smaller sizes that may save a page
SIZE = 10
SMALLER = (9.5, 9)


def lesson_plan_name(minutes: int) -> str:
    """The content file of the plan for a lesson of `minutes`, or UnknownLessonPlan."""
    if isinstance(minutes, bool) or minutes not in LESSON_PLANS:
        raise UnknownLessonPlan(_("There are lesson plans for {minutes} minutes, not for {got}.").format(
            minutes=_("{list} and {last}").format(list=", ".join(map(str, list(LESSON_PLANS)[:-1])),
                                                   last=list(LESSON_PLANS)[-1]), got=repr(minutes)))
    return LESSON_PLANS[minutes]


def lesson_plan_pdf(minutes: int, paper: str = "A4") -> bytes:
    """The plan for a lesson of `minutes` (45 or 90) on `paper`, with the full entries of the sources it cites.

    A plan is laid out at 10 points, or a little smaller when that saves its last page: a page that would
    hold only the last lines of the sources is paper thrown away.
    """
    name = lesson_plan_name(minutes)
    sections = content.sections(name)
    entries = content.reference_entries()
    title = content.title(name)

    def build(size: float) -> Sheet:
        pdf = Sheet(paper, title=title, footer_text=f"Quitlok · {title}", size=size)
        pdf.add_page()
        pdf.title_block(title, _("A lesson plan from Quitlok, the app that teaches Kvitlach. The numbers in square "
                                 "brackets are the sources listed at the end."))
        pdf.markdown(blocks(sections["body"]))
        # Translators: the heading of the list of sources a lesson plan cites
        pdf.heading(_("Sources"), 3)
        for number in content.cited(sections["body"]):
            entry_title, details = entries[number]
            pdf.paragraph(f"[{number}] **{entry_title}**. {' '.join(details.split())}", size=size * 0.85,
                          colour=GREY, after=0.3)
        return pdf

    sheet = build(SIZE)
    try:
        shorter = fit(build, pages=sheet.pages_count - 1, sizes=SMALLER)
    except PrintingError:
        return sheet.bytes()
    sheet.close_fonts()
    return shorter.bytes()
