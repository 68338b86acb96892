"""Teachers: printable sheets (the pack, the rules, the glossary, a worksheet) and two lesson plans, as PDF.

The PDFs are made by quitlok.printing; this page only chooses what goes in them
(the paper, the house rules in force, the worksheet number, the page's language)
and offers each as a download. A PDF is built when its button is pressed, not
when the page loads, and kept in st.cache_data, so a class opening the page costs
nothing. The button is pressed outside the page's run (Streamlit's server calls
the download's function in a thread of its own, where the run's language is not
set), so every sheet is made in the language passed to it, and kept per language.
"""

import re
from functools import partial

import streamlit as st

from quitlok import ui
from quitlok.costly import away
from quitlok.equilibrium import released
from quitlok.i18n import LANGUAGES, N_, SOURCE, _, in_language, language, ngettext, pseudo
from quitlok.printing import (
    LESSON_PLANS,
    PACKS,
    PAPERS,
    TRADITIONS,
    InvalidSeed,
    WorksheetUnavailable,
    glossary_pdf,
    lesson_plan_pdf,
    new_seed,
    pack_pdf,
    parse_seed,
    pupil_rules_pdf,
    rules_sheet_pdf,
    strategy_card_pdf,
    worksheet_pdf,
    worksheet_questions,
)
from quitlok.rules import RuleSet, game_name
from quitlok.ui import guard, sidebar

ui.through_the_app()

PDF = "application/pdf"
# Translators: the sizes of paper a sheet is made for
PAPER_NAMES = {"A4": N_("A4"), "US Letter": N_("US Letter")}
ss = st.session_state


# --- the PDFs, built on demand and kept ----------------------------------------------------------

#: sheets kept per kind whose key a visitor chooses (house rules, a worksheet's number): the server stays small
MOST_KEPT = 64


@st.cache_data(show_spinner=False)
def pack(copies: int, paper: str, code: str) -> bytes:
    return in_language(code, pack_pdf, copies, paper)


@st.cache_data(show_spinner=False, max_entries=MOST_KEPT)
def rules_sheet(rules: RuleSet, paper: str, max_bet: int | None, code: str) -> bytes:
    return in_language(code, rules_sheet_pdf, rules, paper, max_bet=max_bet)


@st.cache_data(show_spinner=False)
def glossary(paper: str, code: str) -> bytes:
    return in_language(code, glossary_pdf, paper)


@st.cache_data(show_spinner=False, max_entries=MOST_KEPT)
def worksheet(seed: int, rules: RuleSet, paper: str, young: bool, code: str) -> bytes:
    return in_language(code, worksheet_pdf, seed, rules, paper, young=young)


@st.cache_data(show_spinner=False, max_entries=MOST_KEPT)
def worksheet_problem(seed: int, rules: RuleSet, code: str) -> str | None:
    """Why the engine cannot make worksheet `seed` under `rules`, or None when it can (it takes a moment, so the
    page says so at once, rather than through a download that fails), in language `code`."""
    try:
        in_language(code, worksheet_questions, seed, rules)
    except WorksheetUnavailable as problem:
        return str(problem)
    return None


@st.cache_data(show_spinner=False)
def pupil_rules(tradition: str, paper: str, code: str) -> bytes:
    return in_language(code, pupil_rules_pdf, tradition, paper)


@st.cache_data(show_spinner=False)
def strategy_cards(paper: str, code: str, tradition: str = "kvitlach") -> bytes:
    """A solved game's cards: Kvitlach's from its solution (seconds and memory to load: a worker process builds
    them), Quitlok's from the summary shipped beside its strategies."""
    if tradition == "quitlok":
        return in_language(code, strategy_card_pdf, paper, "quitlok")
    return away(released, in_language, code, strategy_card_pdf, paper)


@st.cache_data(show_spinner=False)
def lesson_plan(minutes: int, paper: str, code: str) -> bytes:
    return in_language(code, lesson_plan_pdf, minutes, paper)


def file_name(*words: object, code: str) -> str:
    """'quitlok-rules-kvitlach-with-house-rules-a4.pdf'; a sheet in another language than English ends in its code,
    '...-a4-he.pdf', so that a teacher who prints both keeps both."""
    words = (*words, *([code] if code != SOURCE else []))
    return "-".join(re.sub(r"[^a-z0-9]+", "-", str(w).lower()).strip("-") for w in ("quitlok", *words)) + ".pdf"


def language_name(choice: str | None) -> str:
    """An option of the sheets' language: a language named in itself, or the page's own."""
    if choice is None:
        # Translators: the sheets are made in the page's language, named in itself: "As this page (English)"
        # (the tests' pseudo-language, the one page language not listed, is English accented)
        return _("As this page ({language})").format(language=LANGUAGES.get(language()) or pseudo(LANGUAGES[SOURCE]))
    return LANGUAGES[choice]


def new_worksheet() -> None:
    ss["teachers.seed"] = str(new_seed())


# --- the page ------------------------------------------------------------------------------------

words = ui.content_sections("teachers/page")
rules = ui.current_rules()
game = st.session_state.get("play.table")  # as on the Rules page: a practice game under these rules knows its max bet
max_bet = game.state.max_bet if game is not None and game.state.rules == rules else None

st.title(ui.page_title("teachers/page"))
st.markdown(words["intro"])
paper = st.radio(_("Paper"), list(PAPERS), key="teachers.paper", horizontal=True, help=words["paper"],
                 format_func=lambda size: _(PAPER_NAMES.get(size, size)))
# the sheets' language: the page's (None, whatever it becomes), or another for a class that reads another
code = st.selectbox(_("Language of the sheets"), [None, *LANGUAGES], key="teachers.language",
                    format_func=language_name) or language()
st.caption(_("Your house rules: **{rules}** (change them in the sidebar).").format(rules=sidebar.rules_name(rules)))

st.header(_("Print and play"))
cards, rules_box, glossary_box = st.columns(3, border=True)
with cards:
    st.markdown(_("**The pack**"))
    ui.show_cards(tuple(range(1, 13)), (True,) * 12, mine=False, small=True)
    st.caption(words["pack"])
    for copies, (title, _about) in PACKS.items():
        st.download_button(_(title), data=partial(pack, copies, paper, code),
                           file_name=file_name("pack", 12 * copies, paper, code=code), mime=PDF,
                           key=f"teachers.pack{12 * copies}", icon=":material/download:")
with rules_box:
    st.markdown(_("**The rules on one page**"))
    st.caption(words["rules"])
    st.download_button(_("Rules sheet: {rules}").format(rules=sidebar.rules_name(rules)),
                       data=partial(rules_sheet, rules, paper, max_bet, code),
                       file_name=file_name("rules", rules.name, paper, code=code), mime=PDF, key="teachers.rules",
                       icon=":material/download:")
    st.caption(words["pupils"])
    for tradition in TRADITIONS:
        st.download_button(_("For pupils: {tradition}").format(tradition=game_name(tradition)),
                           data=partial(pupil_rules, tradition, paper, code),
                           file_name=file_name("rules-for-pupils", tradition, paper, code=code), mime=PDF,
                           key=f"teachers.pupils_{tradition.lower()}", icon=":material/download:")
with glossary_box:
    st.markdown(_("**The glossary**"))
    st.caption(words["glossary"])
    st.download_button(_("Glossary"), data=partial(glossary, paper, code),
                       file_name=file_name("glossary", paper, code=code), mime=PDF, key="teachers.glossary",
                       icon=":material/download:")
    st.markdown(_("**Strategy cards**"))
    st.caption(words["strategy"])
    st.download_button(_("Strategy cards: Kvitlach"), data=partial(strategy_cards, paper, code),
                       file_name=file_name("strategy-cards", "kvitlach", paper, code=code), mime=PDF,
                       key="teachers.strategy", icon=":material/download:")
    st.download_button(_("Strategy cards: Quitlok"), data=partial(strategy_cards, paper, code, "quitlok"),
                       file_name=file_name("strategy-cards", "quitlok", paper, code=code), mime=PDF,
                       key="teachers.strategy_quitlok", icon=":material/download:")

st.header(_("A worksheet"))
st.markdown(words["worksheet"])
ss.setdefault("teachers.seed", str(new_seed()))
number, another = st.columns([2, 1], vertical_alignment="bottom")
guard.keep_text("teachers.seed", guard.NUMBER_CHARS)
number.text_input(_("Worksheet number"), key="teachers.seed", help=words["seed_help"], max_chars=guard.NUMBER_CHARS)
another.button(_("New worksheet"), key="teachers.new_seed", on_click=new_worksheet, icon=":material/casino:")
young = st.toggle(_("For a young class"), key="teachers.young", help=words["young_help"])
try:
    seed = parse_seed(ss["teachers.seed"])
except InvalidSeed as error:
    st.error(ui.escape_markdown(str(error)), icon=":material/error:")
else:
    if problem := worksheet_problem(seed, rules, code):
        st.warning(problem, icon=":material/warning:")
    else:
        st.download_button((_("Worksheet {number} ({rules}, for a young class)") if young else
                            _("Worksheet {number} ({rules})")).format(number=seed, rules=sidebar.rules_name(rules)),
                           data=partial(worksheet, seed, rules, paper, young, code),
                           file_name=file_name("worksheet", seed, rules.name, *(["young"] if young else []), paper,
                                               code=code), mime=PDF,
                           key="teachers.worksheet", icon=":material/download:", type="primary")

st.header(_("Run it for your class"))
st.markdown(words["run_intro"])
for tab, part in zip(st.tabs([_("On your laptop"), _("On a school server"), _("In the cloud")]),
                     ("run_laptop", "run_server", "run_cloud"), strict=True):
    tab.markdown(words[part])

st.header(_("Lesson plans"))
st.markdown(words["plans"])
durations = [ngettext("{n} minute", "{n} minutes", m).format(n=m) for m in LESSON_PLANS]
for tab, minutes in zip(st.tabs(durations), LESSON_PLANS, strict=True):
    with tab:
        plan = ui.content_sections(f"teachers/lesson_{minutes}")
        st.download_button(ngettext("Lesson plan, {n} minute", "Lesson plan, {n} minutes", minutes).format(n=minutes),
                           data=partial(lesson_plan, minutes, paper, code),
                           file_name=file_name("lesson-plan", minutes, "minutes", paper, code=code), mime=PDF,
                           key=f"teachers.plan{minutes}", icon=":material/download:")
        st.subheader(ui.page_title(f"teachers/lesson_{minutes}"), divider="gray")
        st.markdown(ui.link_citations(plan["body"]))
        st.caption(ui.link_citations(plan["Sources"]))
