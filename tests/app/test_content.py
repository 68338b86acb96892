"""Every content file is used by a page, and every file a page loads exists."""

import pytest
from streamlit.testing.v1 import AppTest

from quitlok import bank_odds, ui
from quitlok import content as content_files
from quitlok.classroom import names as names_module
from quitlok.classroom.names import friendly_names, refused_word
from quitlok.i18n import LANGUAGES
from quitlok.lessons import LESSONS
from quitlok.printing import TRADITIONS, pupil_rules_pdf, strategy_card_pdf
from quitlok.ui import own_questions, words
from tests.app.conftest import APP
from tests.app.test_advisor_page import as_banker, pick
from tests.app.test_costly_pages import busy
from tests.app.test_pages import LISTED
from tests.conftest import ROOT

#: the English files (a language's own files, content/<language>/..., translate them: tests/i18n)
ON_DISK = {str(p.relative_to(ROOT / "content").with_suffix("")) for p in (ROOT / "content").rglob("*.md")
           if p.relative_to(ROOT / "content").parts[0] not in LANGUAGES}


@pytest.fixture
def loaded(monkeypatch):
    """Record the name of every content file the app reads."""
    names = set()
    original = content_files.read

    def recording(name):
        names.add(name)
        return original(name)

    for cached in (ui.content_sections, ui.lesson_words, ui.fixed_questions):
        cached.cache_clear()
    monkeypatch.setattr(content_files, "read", recording)  # what content_sections() and the printed sheets call
    monkeypatch.setattr(words, "content", recording)  # what history_page() calls
    monkeypatch.setattr(ui, "content", recording)  # what pages call
    yield names
    for cached in (ui.content_sections, ui.lesson_words, ui.fixed_questions):
        cached.cache_clear()


def test_every_content_file_is_used_and_exists(loaded, apps_budget):
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["home.tools"] = True  # Home's progress tools, whose words are read once they are open
    at.run()
    for page in LISTED:
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
    at.switch_page("pages/lessons.py").run()
    for step in range(len(LESSONS)):
        at.selectbox(key=f"lesson.jump.{at.session_state['lesson.step']}").set_value(step).run()
        assert not at.exception
    at.switch_page("pages/advisor.py").run()
    at.radio(key="advisor.role").set_value("I hold the bank").run()
    assert not at.exception
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()  # a table too large to answer here
    pick(as_banker(at, *[(1, ", ".join("?" * 6), 0)] * 7), 1)
    with pytest.MonkeyPatch.context() as patch:  # the server busy: the Advisor's calm words (test_costly_pages.py)
        patch.setattr(bank_odds, "away", busy)
        at.number_input(key="advisor.open.0.stake").set_value(2).run()
    at.switch_page("pages/play.py").run()
    at.button(key="play.start").click().run()
    assert not at.exception
    for tradition in TRADITIONS:  # the pupils' sheets are read only when their download is built (Teachers)
        pupil_rules_pdf(tradition)
    strategy_card_pdf()  # likewise the strategy cards' words
    strategy_card_pdf("A4", "quitlok")
    # read only on a teacher's device in a running class session (tests/app/test_own_questions_page.py and
    # test_classroom_moderation_page.py draw them there)
    names_module._friendly.cache_clear()
    names_module._refused.cache_clear()
    friendly_names(), refused_word("x"), own_questions.words("intro")
    assert loaded <= ON_DISK, f"pages load missing files: {loaded - ON_DISK}"
    assert loaded >= ON_DISK, f"content files no page uses: {ON_DISK - loaded}"


def test_history_pages_cite_their_sources():
    for name in ("origins", "cards", "people", "glossary", "variants"):
        text = (ROOT / "content" / "history" / f"{name}.md").read_text()
        assert "## Sources" in text and ("[1]" in text or "[6]" in text), name
    sources = (ROOT / "content" / "history" / "sources.md").read_text()
    for link in ("https://www.pagat.com/banking/quitlok.html", "https://gamerules.com/rules/quitlok/",
                 "https://www.kosher.com/", "https://en.wikipedia.org/wiki/Kvitlech"):
        assert link in sources


def test_hebrew_script_is_isolated_so_it_reads_right_to_left():
    glossary = (ROOT / "content" / "history" / "glossary.md").read_text()
    for word in ("קוויטל", "קוויטלעך", "קליין ש״ס", "ל״א"):
        assert f"\u2067{word}\u2069" in glossary, word
