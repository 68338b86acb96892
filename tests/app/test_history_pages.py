"""The History pages: reference numbers link to their entries, the glossary's new words, the variants table."""

import re

import pytest

from quitlok import KVITLACH, QUITLOK, ui
from quitlok.rules import rule_summary
from tests.app.conftest import open_page
from tests.conftest import ROOT

HISTORY = ("origins", "cards", "people", "glossary", "variants")
CITING_PAGES = ["pages/history_origins.py", "pages/history_cards.py", "pages/history_people.py",
                "pages/glossary.py", "pages/variants.py"]
NUMBER = re.compile(r"\[(\d+)\]")
LINKED = re.compile(r"\[\\\[(\d+)\\\]\]\(([^)]*)\)")


def shown_markdown(at) -> str:
    """Every piece of Markdown the page shows: text, captions and table cells."""
    parts = [e.value for kind in ("markdown", "caption") for e in at.get(kind)]
    parts += [cell for table in at.table for cell in table.value.astype(str).to_numpy().ravel()]
    return "\n".join(parts)


def test_a_reference_number_becomes_a_link_to_its_entry():
    assert ui.link_citations("as McLeod says [1][3].") == (
        "as McLeod says [\\[1\\]](sources#source-1)[\\[3\\]](sources#source-3).")
    assert ui.link_citations("- [x] right, \\[2\\] and [a](b)") == "- [x] right, \\[2\\] and [a](b)"
    assert ui.link_citations(ui.link_citations("[4]")) == ui.link_citations("[4]")


def test_the_reference_list_is_the_page_the_links_open():
    app = (ROOT / "tutorial_app.py").read_text()
    line = next(line for line in app.splitlines() if '"pages/sources.py"' in line)
    assert "url_path" not in line, "Streamlit then names the page after its file, which the links rely on"
    assert ui.SOURCES_PAGE == "sources"


def test_every_number_cited_in_the_history_texts_has_an_entry():
    entries = ui.reference_entries()
    assert sorted(entries) == list(range(1, len(entries) + 1))
    for name in HISTORY:
        cited = {int(n) for n in NUMBER.findall(ui.content(f"history/{name}"))}
        assert cited and cited <= set(entries), (name, cited - set(entries))


def test_the_reference_list_gives_every_entry_its_anchor(app):
    at = open_page(app, "pages/sources.py")
    assert at.title[0].value == "Reference list"
    anchors = {h.proto.anchor: h.value for h in at.header}
    for number, (title, _) in ui.reference_entries().items():
        assert anchors[ui.source_anchor(number)] == f"[{number}] {title}"
    assert "kvitlach.us" in anchors[ui.source_anchor(9)]
    assert "https://kvitlach.us" in "\n".join(m.value for m in at.markdown)


@pytest.mark.parametrize("page", CITING_PAGES)
def test_every_reference_number_on_a_page_is_a_link_that_resolves(app, page):
    at = open_page(app, page)
    shown = shown_markdown(at)
    links = LINKED.findall(shown)
    assert links, "the page cites its sources"
    anchors = {ui.source_anchor(n) for n in ui.reference_entries()}
    for number, target in links:
        assert target == f"{ui.SOURCES_PAGE}#{ui.source_anchor(int(number))}" and target.split("#")[1] in anchors
    assert not NUMBER.findall(LINKED.sub("", shown)), "a reference number that is not a link"


def test_the_two_source_pages_have_names_nobody_confuses():
    app = (ROOT / "tutorial_app.py").read_text()
    assert 'title=_("Who wrote the sources")' in app and 'title=_("Reference list")' in app  # marked for translation
    assert ui.page_title("history/people") == "Who wrote the sources"
    assert ui.page_title("history/sources") == "Reference list"


@pytest.mark.parametrize(("term", "source"), [("stay", "[1]"), ("retire", "[2]"), ("stock", "[1]"),
                                              ("purse", "this app"), ("*Hexenspiel*", "[8]")])
def test_the_glossary_explains_the_words_the_app_uses(term, source):
    rows = [line for line in ui.content("history/glossary").splitlines() if line.startswith(f"| {term} |")]
    assert len(rows) == 1, term
    assert source in rows[0].rsplit("|", 2)[1]
    if term == "*Hexenspiel*":
        assert "Kissel" in rows[0]


def test_blatt_and_futch_cite_kvitlach_us():
    glossary = ui.content("history/glossary")
    for word in ("*blatt*", "*futch*"):
        row = next(line for line in glossary.splitlines() if line.startswith("|") and word in line)
        assert "[9]" in row, word


def test_variants_show_the_shared_rules_apart(app):
    at = open_page(app, "pages/variants.py")
    headings = [h.value for h in at.main.header]
    assert headings == ["Where the traditions differ", "What both traditions share"]
    differ, shared = (table.value for table in at.table)
    same = {label for (label, q), (_, k) in zip(rule_summary(QUITLOK), rule_summary(KVITLACH), strict=True) if q == k}
    assert set(shared["Rule"]) == same == {"Two framed first cards", "Banker may retire", "Bank broken (empty)"}
    assert (differ["Quitlok"] != differ["Kvitlach"]).all()
    assert all(note.startswith("Both:") for note in shared["What the sources say"])
    assert not any(note.startswith("Both") for note in differ["What the sources say"])
    assert len(differ) + len(shared) == len(rule_summary(QUITLOK))
    intro = at.markdown[0].value
    assert "differ" in intro and "share" in intro


def test_the_maximum_bet_is_agreed_in_chips_before_the_game(app):
    at = open_page(app, "pages/variants.py")
    differ = at.table[0].value.set_index("Rule")
    note = differ.loc["Maximum bet", "What the sources say"]
    assert "in chips before the game" in note and "50 cents" in note and "\\$2" in note
    assert "quarter of the banker's opening stake" in note and "practice table" in note
    assert "before the game" in differ.loc["Maximum bet", "Kvitlach"]
