"""Names, and whatever else came from a browser, are text on every page (issue 21, item 11).

A room's names and a class's nicknames are typed by anyone who has the code; a saved progress and a transfer
code are whatever a browser hands the app. Each is fed here as Markdown (an image that would load from
another address, a link, bold), Streamlit's own syntax (:red[...]), HTML, Hebrew, and, where the store lets
it in (a saved progress), a right-to-left override (U+202E), through every place it appears: a room from
the lobby to the end of the game (pass and play, the host's tools, the summary's table), a class session
(joining, answering, the top five, the teacher's list, the CSV), Review and Home from a poisoned progress or
transfer code. Every element that Streamlit reads as Markdown must hold the name escaped (and read back as
written), every place that shows text as it is must hold it isolated, our own HTML must hold no element or
attribute that came from a name, and every name sits between directional isolates (or in <bdi>).
(The real browser, and every network request its pages make: tests/e2e/test_names_browser.py.)
"""

import base64
import hashlib
import html
import json
import re
import string
import zlib
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from quitlok import QUITLOK
from quitlok.classroom.store import Classes
from quitlok.progress import Mistake, Progress
from quitlok.rooms import Rooms
from quitlok.rooms import store as room_store
from quitlok.text import FSI, PDI, balanced, isolated, spreadsheet_cell
from quitlok.ui import names
from tests.app import conftest
from tests.app.conftest import ISOLATES, as_read, click, html_text, open_page, query_values

#: names a room or a class takes (1 to 20 printable characters), each meaning something to Markdown or HTML
ROOM_NAMES = ["![](//127.1:9/b)", "**:red[RUDE]**", "[a](//127.1:9/l)", "<img src=//1.2/x>", "**bold**",
              "דוד 2", "_x_ `c` $y$ #"]
#: what a saved progress may carry (labels up to 200 characters, any character)
FROM_BROWSER = ["<img src=//127.1:9/x onerror=alert(1)>", "![](//127.1:9/b)", "**:red[RUDE]**",
                "[win](https://127.1:9/l)", "**bold**", "\u202eRUDE 21\u2069", "שלום <b>x</b>"]
#: what Markdown must never receive as it is: an image, a link to another address, HTML, a colour directive
NEVER_IN_MARKDOWN = ("](//", "](https://127.1", "<img", "<b>", ":red[")


# --- reading the page ----------------------------------------------------------------------------


def markdown_strings(at: AppTest) -> list[str]:
    """Every string on the page that Streamlit reads as Markdown: texts, headings, alerts, captions, the
    labels of buttons, checkboxes, toggles and metrics, the options of radios, and the cells of tables."""
    kinds = ("markdown", "caption", "subheader", "title", "header", "info", "error", "warning", "success", "toast")
    found = [str(e.value) for kind in kinds for e in at.get(kind)]
    for kind in ("button", "checkbox", "toggle", "radio", "download_button", "metric", "expandable"):
        found += [str(e.proto.label) for e in at.get(kind) if hasattr(e, "proto") and hasattr(e.proto, "label")]
    for radio in at.get("radio"):
        found += [str(option) for option in radio.options]
    for table in at.get("table"):
        frame = table.value
        found += [str(cell) for cell in frame.to_numpy().ravel()] + [str(i) for i in frame.index]
    return found


def plain_strings(at: AppTest) -> list[str]:
    """The strings Streamlit shows as they are: the options of selectboxes."""
    return [str(option) for box in at.get("selectbox") for option in box.options]


class _Markup(HTMLParser):
    """Every element and attribute in our own HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def html_markup(at: AppTest) -> list[tuple[str, dict[str, str | None]]]:
    reader = _Markup()
    for element in at.get("html"):
        reader.feed(str(element.proto.body))
    return reader.tags


def assert_only_text(at: AppTest, shown: list[str]) -> None:
    """Nothing on the page is markup that came from a name, and each name in `shown` is on the page, as
    written, between isolates."""
    assert not at.exception, at.exception
    markdown = markdown_strings(at)
    for text in markdown:
        for name in ROOM_NAMES + FROM_BROWSER:
            if set(name) & set(string.punctuation):
                assert name not in text, f"{name!r} reached Markdown as it is: {text!r}"
        assert not any(bad in text for bad in NEVER_IN_MARKDOWN), text
    for tag, attrs in html_markup(at):  # a name may be an attribute's words (alt, aria-label), nothing else
        for attribute, value in attrs.items():
            assert not attribute.startswith("on"), (tag, attrs)
            assert attribute in ("alt", "aria-label", "title") or "127.1" not in str(value), (tag, attrs)
        assert tag != "img" or str(attrs.get("src", "")).startswith("data:"), attrs
    for text in plain_strings(at):
        for name in ROOM_NAMES + FROM_BROWSER:
            assert name not in text or isolated(name) in text, text
    read = "\n".join(as_read(text) for text in markdown) + "\n" + html_text(at) + "\n" + "\n".join(plain_strings(at))
    isolated_read = "\n".join(html_unescaped(text) for text in markdown + plain_strings(at))
    bodies = "".join(str(h.proto.body) for h in at.get("html"))
    for name in shown:
        assert name.translate(ISOLATES) in read.translate(ISOLATES), f"{name!r} is not shown as written"
        assert isolated(name) in isolated_read or names.html(name) in bodies, f"{name!r} is not isolated"


def html_unescaped(markdown: str) -> str:
    """Markdown's character references read (and word joiners left out), the isolates kept."""
    return html.unescape(markdown).replace("\u2060", "")


# --- the helpers themselves -------------------------------------------------------------------------


def depths(text: str) -> list[int]:
    """The depth of directional isolates after each character."""
    depth, out = 0, []
    for char in text:
        depth += (char in "\u2066\u2067\u2068") - (char == PDI)
        out.append(depth)
    return out


@given(st.text(alphabet=st.sampled_from("ab דו<>*[]()!:\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")))
def test_an_isolated_text_is_one_run_that_nothing_inside_can_leave(text):
    out = isolated(text)
    assert out.startswith(FSI) and out.endswith(PDI)
    inside = depths(out)
    assert all(d >= 1 for d in inside[:-1]) and inside[-1] == 0, "the isolate closes at its end, and only there"
    assert out.translate(ISOLATES) == text.translate(ISOLATES), "the text reads as it was written"
    assert depths(balanced(text))[-1:] in ([], [0]) and min(depths(balanced(text)), default=0) >= 0


@given(st.text())
def test_markdown_form_reads_back_as_written_and_holds_no_syntax(text):
    shown = names.markdown(text)
    assert as_read(shown) == " ".join(text.split()).translate(ISOLATES) or not text.strip()
    assert not re.findall(r"[!-/:-@\[-`{-~]", re.sub(r"&#\d+;", "", shown))


@given(st.text())
def test_html_forms_hold_no_markup(text):
    for shown in (names.html(text), names.attribute(text)):
        body = shown.removeprefix("<bdi>").removesuffix("</bdi>")
        assert "<" not in body and ">" not in body and '"' not in body


@pytest.mark.parametrize("formula", ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "＝1"])
def test_a_spreadsheet_never_reads_a_text_cell_as_a_formula(formula):
    assert spreadsheet_cell(formula) == "'" + formula
    assert spreadsheet_cell("Hand value") == "Hand value" and spreadsheet_cell("a=b") == "a=b"


def test_the_class_csv_keeps_every_title_a_text_cell(tmp_path, monkeypatch):
    """A title is the engine's words today; were one to start with '=' it would still be a text cell."""
    classes = Classes(f"sqlite:///{tmp_path / 'c.sqlite3'}")
    teacher = classes.create(QUITLOK)
    real = classes.view

    def poisoned(code, key):
        return replace(real(code, key), results=((1, "=cmd|' /C calc'!A0", 0.5, 2), (2, 'say "hi", all', 1.0, 2)))

    monkeypatch.setattr(classes, "view", poisoned)
    lines = classes.results_csv(teacher.code, teacher.token).splitlines()
    assert lines == ["question,title,answers,share right", "1,'=cmd|' /C calc'!A0,2,0.50",
                     '2,"say ""hi"", all",2,1.00']
    classes.close()


# --- a room, from the lobby to the end -------------------------------------------------------------


@pytest.fixture
def rooms(database_url, monkeypatch):
    # presence is not what these tests check: a device drawn only every fifth move can be silent for more than
    # AWAY_SECONDS on a loaded machine, and a computer would then play its seat for it
    monkeypatch.setattr(room_store, "AWAY_SECONDS", 3600)
    monkeypatch.setattr(room_store, "GONE_SECONDS", 7200)
    store = Rooms(database_url)
    yield store
    store.close()


#: the moves played before the host ends the game (a game of five with 2 chips each ran from 60 to past 400 moves,
#: and its test from one to four minutes): every kind of line about a seat has come by then
MOVES = 120


def test_names_in_a_room_are_text_from_the_lobby_to_the_end_of_the_game(rooms):
    host = conftest.visit("pages/together.py")
    host.text_input(key="together.host_name").input(ROOM_NAMES[0])
    host.number_input(key="together.chips").set_value(2)
    host.number_input(key="together.bank").set_value(1)
    click(host, "together.create")
    code = query_values(host, "room")[0]
    guests = []
    for name in ROOM_NAMES[1:4]:
        guest = conftest.visit("pages/together.py", {"room": code})
        assert_only_text(guest, [])
        guest.text_input(key="together.join_name").input(name)
        guests.append(click(guest, "together.join"))
    host.text_input(key="together.here_name").input(ROOM_NAMES[4])  # pass and play: a second seat on the host's
    click(host, "together.here")
    host.run()
    assert_only_text(host, ROOM_NAMES[:5])  # the lobby's list of seats and the host's "Seat" box
    click(host, "together.start")
    devices = [host, *guests]
    tokens = {id(d): list(d.session_state["together.seats"]) for d in devices}
    seen_turn = seen_curtain = 0
    for move in range(MOVES):
        view = rooms.view(code, tokens[id(host)][0])
        if view.over:
            break
        if move % 5 == 0:  # every device's page now and then (the one whose turn it is, at every move below)
            for device in devices:
                device.run()
                assert_only_text(device, [])
        actor = view.to_act
        device = next(d for d in devices if any(rooms.view(code, t).seat == actor for t in tokens[id(d)]))
        if move % 5:
            device.run()
        keys = [b.key for b in device.button if b.key]
        if "together.uncover" in keys:
            seen_curtain += 1
            assert_only_text(device, [view.players[actor]])  # "Pass to ...", and the button "I am ..."
            click(device, "together.uncover")
            keys = [b.key for b in device.button if b.key]
        moves = [b.key for b in device.button if b.key and not b.disabled  # the bar draws every move, some disabled
                 and b.key.startswith(("together.do.", "together.sure."))]
        assert moves, f"seat {actor} has no button"
        seen_turn += 1
        assert_only_text(device, [view.players[actor]])  # "Your turn, ..." and the heading above the buttons
        order = ("together.sure.", "together.do.stakebank", "together.do.bet", "together.do.stand",
                 "together.do.keepbank", "together.do.keep", "together.do.stay")
        click(device, next((m for k in order for m in moves if m.startswith(k)), moves[0]))
    else:  # the host ends it for everyone: the game's end, its summary and its table, all the same
        host.run()
        host.checkbox(key="together.sure").check().run()
        click(host, "together.end")
        assert rooms.view(code, tokens[id(host)][0]).over
    assert seen_turn and seen_curtain
    for device in devices:
        device.run()
        assert {"The game is over", "The host ended the game"} & {h.value for h in device.header}
        assert_only_text(device, ROOM_NAMES[:5])  # the summary's table, most chips, the table and its log
        cells = [as_read(c) for c in device.table[0].value["Player"]]
        assert sorted(cells) == sorted(ROOM_NAMES[:4] + [ROOM_NAMES[4]])


def test_the_hosts_tools_and_a_request_to_be_let_in_show_names_as_text(rooms):
    host = conftest.visit("pages/together.py")
    host.text_input(key="together.host_name").input("Hanna")
    click(host, "together.create")
    code = query_values(host, "room")[0]
    for name in ROOM_NAMES[:2]:
        guest = conftest.visit("pages/together.py", {"room": code})
        guest.text_input(key="together.join_name").input(name)
        click(guest, "together.join")
    host.run()
    click(host, "together.start")
    late = conftest.visit("pages/together.py", {"room": code})  # a new device asks for a seat by its name
    late.text_input(key="together.ask_name").input(ROOM_NAMES[0])
    click(late, "together.ask")
    assert_only_text(late, ROOM_NAMES[:2])
    host.run()
    assert_only_text(host, ROOM_NAMES[:2])
    assert sorted(host.selectbox(key="together.remove_seat").options) == sorted(map(isolated, ROOM_NAMES[:2]))
    request = next(m.value for m in host.markdown if "asks to be let in" in m.value)
    assert names.markdown(ROOM_NAMES[0]) in request, "the name asked for, escaped and isolated"


# --- a class session ---------------------------------------------------------------------------------


def test_nicknames_in_a_class_session_are_text_on_every_screen(database_url):
    teacher = conftest.visit("pages/classroom.py")
    click(teacher, "class.start")
    code = query_values(teacher, "class")[0]
    students = []
    for nickname in ROOM_NAMES:
        student = conftest.visit("pages/classroom.py", {"class": code})
        student.text_input(key="class.nickname").input(nickname)
        students.append(click(student, "class.join"))
        assert_only_text(students[-1], [nickname])  # "you are ..."
    teacher.run()
    teacher.toggle(key="class.board").set_value(True).run()
    teacher.selectbox(key="class.kind").set_value("hand_value").run()
    click(teacher, "class.ask")
    classes = Classes(database_url)
    question = classes.view(code, teacher.session_state["class.key"]).round.question
    for student in students:
        student.run()
        field = next(r.key for r in student.radio if r.key and r.key.startswith("class.answer"))
        student.radio(key=field).set_value(question.answer).run()
        click(student, "class.send")
        assert_only_text(student, [])
    teacher.run()
    click(teacher, "class.reveal")
    teacher.run()
    assert_only_text(teacher, ROOM_NAMES)  # the top five's table and the class list's checkboxes
    board = teacher.table[0].value
    assert len(board.index) == 5 and all(as_read(n) in ROOM_NAMES for n in board.index), "the top five, as written"
    for student in students:
        student.run()
        assert_only_text(student, [])  # the top five on each phone
    csv = classes.results_csv(code, teacher.session_state["class.key"])
    assert not any(name in csv for name in ROOM_NAMES)
    classes.close()


# --- Review and Home, from a poisoned progress or transfer code ------------------------------------------


def poisoned_progress() -> Progress:
    options = tuple((label, 0.3 - i) for i, label in enumerate(FROM_BROWSER))
    made = 1_700_000_000.0
    mistake = Mistake(made=made, rules=FROM_BROWSER[0], hand=(10, 6), seen=(4,), stake=2, room=8,
                      options=options, chosen=FROM_BROWSER[-1])
    return Progress().with_decision(mistake, made)


def test_review_shows_a_poisoned_progress_as_text(app):
    app.session_state["progress"] = poisoned_progress()
    at = open_page(app, "pages/review.py")
    assert_only_text(at, FROM_BROWSER)  # the rules' name, each option
    at.radio(key="review.choice").set_value(len(FROM_BROWSER) - 1).run()
    click(at, "review.check")
    assert_only_text(at, FROM_BROWSER)  # "the best play here is ...", the table of moves, "you chose ..."
    moves = [as_read(m) for m in at.table[0].value["Move"]]
    assert moves == [name.translate(ISOLATES) for name in FROM_BROWSER]


def test_a_poisoned_transfer_code_loads_as_text_on_home_and_review(app):
    code = poisoned_progress().share_code()
    at = open_page(app, "pages/home.py")
    at.session_state["home.tools"] = True
    at.run()  # the progress tools open
    at.text_input(key="home.code").input(code)
    click(at, "home.load")
    assert at.session_state["progress"] == poisoned_progress()
    assert_only_text(at, [])  # the greeting of a returning learner
    assert "Welcome back" in [h.value for h in at.header]
    at = open_page(at, "pages/review.py")
    assert_only_text(at, FROM_BROWSER)


def test_the_bidi_override_in_a_saved_label_stays_inside_it(app):
    app.session_state["progress"] = poisoned_progress()
    at = open_page(app, "pages/review.py")
    override = FROM_BROWSER[5]
    option = next(o for o in at.radio(key="review.choice").options if "\u202e" in o)
    read = html_unescaped(option)
    assert read == isolated(override) == FSI + "\u202eRUDE 21" + PDI, "its stray PDI dropped, one isolate round it"


def share_code_of(text: str) -> str:
    """A transfer code as Progress.share_code makes it, of any text (here: a save no app wrote)."""
    packed = zlib.compress(text.encode(), 9)
    return "QL1-" + base64.urlsafe_b64encode(hashlib.sha256(packed).digest()[:4] + packed).decode().rstrip("=")


#: saves no app wrote, whose refusal repeats what they hold: another version, a damaged day
FORGED = [json.dumps({"format": json.loads(Progress().to_json())["format"], "version": FROM_BROWSER[0]}),
          Progress().to_json().replace('"cost_by_day":{}', '"cost_by_day":{"![](//127.1:9/b)":1}')]


@pytest.mark.parametrize("forged", FORGED, ids=["version", "damaged"])
def test_a_forged_transfer_code_is_refused_in_words_that_show_its_text_as_text(app, forged):
    at = open_page(app, "pages/home.py")
    at.session_state["home.tools"] = True
    at.run()
    at.text_input(key="home.code").input(share_code_of(forged))
    click(at, "home.load")
    assert at.error, "refused"
    assert_only_text(at, [])
    read = as_read(at.error[0].value)
    assert "127.1:9" in read or "<img src=//1" in read, "the refusal says what it read, as text"


@pytest.mark.parametrize("forged", FORGED, ids=["version", "damaged"])
def test_a_forged_save_in_the_browser_is_set_aside_in_words_that_show_its_text_as_text(forged, monkeypatch):
    from quitlok.ui import browser
    from tests.app.fake_browser import FakeBrowser

    monkeypatch.setattr(browser, "local_storage", FakeBrowser({"quitlok.progress": forged}).local_storage)
    at = AppTest.from_file(conftest.APP, default_timeout=60)
    at.run()
    toasts = [str(t.value) for t in at.toast]
    assert toasts and "could not be read" in toasts[0]
    assert not any(bad in toasts[0] for bad in NEVER_IN_MARKDOWN) and FROM_BROWSER[0] not in toasts[0]
    assert_only_text(at, [])


def test_the_class_chart_shows_an_option_s_markup_as_text():
    """Plotly reads <b>, <i>, <a href> and <br> in its labels: an option's words are escaped for it."""
    from quitlok.ui.charts import class_choices_chart

    figure = class_choices_chart(("<a href='//127.1:9/l'>win</a>", "<b>x</b>"), [1, 2], 1)
    labels = list(figure.layout.yaxis.ticktext) + list(figure.data[0].y)
    assert not any("<a" in label or "<b>x" in label for label in labels), labels
    assert "A. \u2068&lt;a href=&#x27;//127.1:9/l&#x27;&gt;win&lt;/a&gt;\u2069" in labels, "escaped and isolated"
