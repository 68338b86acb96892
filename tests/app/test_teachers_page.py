"""The Teachers page: every download is there and is a PDF, the paper and the house rules reach the sheets, a bad
worksheet number gets a clear message, and the lesson plans are shown with their sources linked.

The page hands its PDFs to st.download_button as callables, built only when a
button is pressed; AppTest cannot press a download, so the test keeps each
callable as Streamlit registers it and calls it, as the server would.
"""

import html
import re
from pathlib import Path

import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from quitlok import KVITLACH
from quitlok.i18n import use
from quitlok.printing import worksheet_questions
from quitlok.rooms.database import URL_VARIABLE
from quitlok.ui import WORD_JOINER
from tests.app.conftest import APP, open_page, texts
from tests.printing import poppler

PAGE = "pages/teachers.py"
ROOT = Path(__file__).resolve().parents[2]
BUTTONS = ("teachers.pack24", "teachers.pack48", "teachers.rules", "teachers.pupils_quitlok",
           "teachers.pupils_kvitlach", "teachers.glossary", "teachers.strategy", "teachers.strategy_quitlok",
           "teachers.worksheet", "teachers.plan45", "teachers.plan90")


@pytest.fixture
def downloads(monkeypatch) -> dict[str, object]:
    """Every deferred download the page registers: {file id: the callable that makes its data}."""
    registered: dict[str, object] = {}
    original = MediaFileManager.add_deferred

    def keep(self, data_callable, *args, **kwargs):
        file_id = original(self, data_callable, *args, **kwargs)
        registered[file_id] = data_callable
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", keep)
    return registered


def buttons(at) -> dict[str, object]:
    return {button.key: button for button in at.get("download_button")}


def data(at, downloads, key: str) -> bytes:
    """The file the download button `key` would give."""
    button = buttons(at)[key]
    assert button.proto.deferred_file_id, f"{key} is not built on demand"
    made = downloads[button.proto.deferred_file_id]()
    assert isinstance(made, bytes)
    return made


def test_every_download_is_there_and_is_a_pdf(app, downloads):
    at = open_page(app, PAGE)
    assert at.title[0].value == "Teachers"
    assert tuple(sorted(buttons(at))) == tuple(sorted(BUTTONS))
    for key in BUTTONS:
        pdf = data(at, downloads, key)
        assert pdf.startswith(b"%PDF-") and poppler.pages(pdf) >= 1, key
        assert poppler.page_size(pdf) == pytest.approx(poppler.PAGE_SIZES["A4"], abs=0.01), key
        assert buttons(at)[key].proto.label, key
    assert at.get("download_button")[0].proto.id.endswith("teachers.pack24")


def test_the_paper_reaches_every_sheet(app, downloads):
    at = open_page(app, PAGE)
    at.radio(key="teachers.paper").set_value("US Letter").run()
    assert not at.exception
    for key in BUTTONS:
        assert poppler.page_size(data(at, downloads, key)) == pytest.approx(poppler.PAGE_SIZES["US Letter"],
                                                                             abs=0.01), key


def test_the_house_rules_in_the_sidebar_reach_the_rules_sheet_and_the_worksheet(app, downloads):
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = open_page(app, PAGE)
    assert buttons(at)["teachers.rules"].label == "Rules sheet: Kvitlach"
    rules_words = poppler.flat(poppler.text(data(at, downloads, "teachers.rules")))
    assert "Your table: Kvitlach" in rules_words and "Pack 48 cards, 4 of each number" in rules_words
    at.text_input(key="teachers.seed").set_value("4821").run()
    assert buttons(at)["teachers.worksheet"].label == "Worksheet 4821 (Kvitlach)"
    key = poppler.text(data(at, downloads, "teachers.worksheet"), first=3, last=3)
    right = [q.options[q.answer] for q in worksheet_questions(4821, KVITLACH)]
    assert all(option in key for option in right)


def test_a_worksheet_for_a_young_class_says_its_chances_in_small_numbers(app, downloads):
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = open_page(app, PAGE)
    at.text_input(key="teachers.seed").set_value("4821").run()
    at.toggle(key="teachers.young").set_value(True).run()
    assert buttons(at)["teachers.worksheet"].label == "Worksheet 4821 (Kvitlach, for a young class)"
    sheet = poppler.flat(poppler.text(data(at, downloads, "teachers.worksheet")))
    right = [q.options[q.answer] for q in worksheet_questions(4821, KVITLACH, young=True)]
    assert all(poppler.flat(option) in sheet for option in right) and "for a young class" in sheet
    assert "%" not in sheet.split("Made under the house rules")[0]


@pytest.mark.parametrize("typed", ["abc", "0", "1000000", "4.5", "[click](https://x.org)"])
def test_an_impossible_worksheet_number_gets_a_clear_message_and_no_download(app, typed):
    at = open_page(app, PAGE)
    at.text_input(key="teachers.seed").set_value(typed).run()
    assert not at.exception
    assert len(at.error) == 1
    shown = html.unescape(at.error[0].value).replace(WORD_JOINER, "")  # as the reader sees it
    assert shown.startswith("A worksheet number is a whole number from 1 to 999,999;")
    assert f"“{typed[:20]}" in shown  # a long input is cut short
    assert "](" not in at.error[0].value, "what was typed reads as text, never as a link"
    assert "teachers.worksheet" not in buttons(at)
    at.text_input(key="teachers.seed").set_value("12").run()
    assert not at.error and "teachers.worksheet" in buttons(at)


def test_a_new_worksheet_gets_a_new_number(app):
    at = open_page(app, PAGE)
    first = at.text_input(key="teachers.seed").value
    assert 1 <= int(first) <= 999_999
    numbers = {first}
    for _ in range(3):
        at.button(key="teachers.new_seed").click().run()
        numbers.add(at.text_input(key="teachers.seed").value)
    assert len(numbers) > 1
    assert buttons(at)["teachers.worksheet"].label.startswith(f"Worksheet {at.text_input(key='teachers.seed').value} ")


def test_the_lesson_plans_are_shown_with_their_sources_linked(app):
    at = open_page(app, PAGE)
    page = texts(at)
    assert "A 45-minute lesson" in page and "A 90-minute lesson" in page
    assert "5. The class table (11 minutes)" in page and "6. Playing in groups (20 minutes)" in page
    assert "[\\[6\\]](sources#source-6)" in page, "a reference number opens its entry in the reference list"
    assert [tab.label for tab in at.tabs][-2:] == ["45 minutes", "90 minutes"]


def test_running_it_for_a_class_names_commands_that_are_true(app):
    """The three ways to run the app for a class, in words whose commands and port are the project's own."""
    at = open_page(app, PAGE)
    assert [tab.label for tab in at.tabs][:3] == ["On your laptop", "On a school server", "In the cloud"]
    page = texts(at)
    readme = (ROOT / "README.md").read_text()
    start = readme.split("## Run the app", 1)[1].split("```bash", 1)[1].split("```", 1)[0].strip()
    assert f"`{start}`" in page, "the laptop's command is the README's first command"
    for script in re.findall(r"`(deploy/[\w-]+)", page):
        assert (ROOT / script.split()[0]).stat().st_mode & 0o111, f"{script} is an executable of the project"
    assert "`deploy/school-server up`" in page and "`deploy/check-school-server`" in page
    port = re.search(r"QUITLOK_PORT:-(\d+)", (ROOT / "deploy/compose.yaml").read_text()).group(1)
    assert f"<the server's address>:{port}" in page
    assert "QUITLOK_DATABASE_URL" in page and URL_VARIABLE == "QUITLOK_DATABASE_URL"


@pytest.fixture
def names(downloads, monkeypatch) -> dict[str, str]:
    """The file name of every deferred download the page registers: {file id: name}."""
    registered: dict[str, str] = {}
    kept = MediaFileManager.add_deferred

    def keep(self, data_callable, *args, **kwargs):
        file_id = kept(self, data_callable, *args, **kwargs)
        registered[file_id] = kwargs.get("file_name")
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", keep)
    return registered


def test_every_sheet_is_made_in_the_page_s_language(app, downloads, names):
    """A download is made when its button is pressed, in Streamlit's server thread, where no run's language is
    set (here: the test's thread, in English); and the sheets are kept per language: the English sheets, made
    first, are not what a Hebrew or a Czech visitor gets; their files are named with the language."""
    at = open_page(app, PAGE)
    assert all(b"/Lang (en)" in data(at, downloads, key) for key in ("teachers.rules", "teachers.glossary"))
    for code, letters in (("he", "[\u05d0-\u05ea]"), ("cs", "[ěščřžůý]")):
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["lang"] = code
        with use(code):  # AppTest words the widgets' values in the test's thread: in the page's language
            at.run()
            at.switch_page(PAGE).run()
        assert not at.exception, at.exception
        for key in BUTTONS:
            pdf = data(at, downloads, key)
            assert f"/Lang ({code})".encode() in pdf, (code, key)
            assert len(re.findall(letters, poppler.text(pdf))) > 10 or key.startswith("teachers.pack"), (code, key)
            assert names[buttons(at)[key].proto.deferred_file_id].endswith(f"-{code}.pdf"), (code, key)
    assert names[buttons(open_page(app, PAGE))["teachers.rules"].proto.deferred_file_id] == \
        "quitlok-rules-quitlok-a4.pdf"


def test_the_sheets_can_be_made_in_another_language_than_the_page_s(app, downloads, names):
    """A teacher reading the page in English prints the sheets for a class that reads Hebrew."""
    at = open_page(app, PAGE)
    chooser = at.selectbox(key="teachers.language")
    assert chooser.value is None and chooser.options[0] == "As this page (English)"
    chooser.set_value("he").run()
    assert not at.exception and at.title[0].value == "Teachers", "the page stays in its own language"
    pdf = data(at, downloads, "teachers.rules")
    assert b"/Lang (he)" in pdf and re.search("[\u05d0-\u05ea]", poppler.text(pdf))
    assert names[buttons(at)["teachers.rules"].proto.deferred_file_id] == "quitlok-rules-quitlok-a4-he.pdf"
    at.selectbox(key="teachers.language").set_value(None).run()
    assert b"/Lang (en)" in data(at, downloads, "teachers.rules")
