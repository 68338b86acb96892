"""Icons that point a way point the page's way (quitlok.ui.rtl, issue 26): right to left, "Next" points left,
a door to go in (login) opens the other way, a message sent (send) flies left, an undone move turns back
right. Every directional Material icon the pages and quitlok/ui use is listed here and must go through
`rtl.icon`, which swaps it for its mirror image or leaves it to the page's script to turn round
(quitlok.ui.internals.page_words)."""

import ast
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.i18n import PSEUDO, use
from quitlok.ui import internals, rtl
from tests.app.conftest import APP

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "pages").glob("*.py")), *sorted((ROOT / "quitlok" / "ui").glob("*.py")),
           ROOT / "tutorial_app.py"]
PREFIX = ":material/"

#: Material's icons that point a way, which its guidance on bidirectionality mirrors right to left (and the media
#: icons this app uses for steps onward in a page: "Next question", "Skip to my turn")
POINTING = frozenset((
    "arrow_back", "arrow_forward", "arrow_left", "arrow_right", "arrow_back_ios", "arrow_forward_ios",
    "arrow_right_alt", "chevron_left", "chevron_right", "navigate_before", "navigate_next", "first_page", "last_page",
    "keyboard_arrow_left", "keyboard_arrow_right", "keyboard_backspace", "keyboard_tab", "east", "west", "north_east",
    "north_west", "south_east", "south_west", "undo", "redo", "reply", "reply_all", "forward", "send", "login",
    "logout", "exit_to_app", "input", "trending_flat", "call_made", "call_received", "subdirectory_arrow_left",
    "subdirectory_arrow_right", "read_more", "open_in_new", "skip_next", "skip_previous", "fast_forward",
    "fast_rewind"))


def _icons_used() -> list[tuple[str, int, str, bool]]:
    """(file, line, icon name, whether the literal is the argument of rtl.icon) for every ':material/...:' literal
    of the pages and quitlok/ui."""
    found = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        wrapped = {id(arg) for node in ast.walk(tree) if isinstance(node, ast.Call)
                   and ast.unparse(node.func) == "rtl.icon" for arg in node.args}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(PREFIX) \
                    and node.value.endswith(":") and node.value.count(":") == 2:
                name = node.value[len(PREFIX):-1]
                found.append((str(path.relative_to(ROOT)), node.lineno, name, id(node) in wrapped))
    return found


def test_the_app_uses_directional_icons_and_the_list_sees_them():
    used = {name for _file, _line, name, _wrapped in _icons_used()}
    assert {"login", "logout", "send", "undo", "arrow_forward", "arrow_back"} <= used, sorted(used)


def test_every_directional_icon_goes_through_the_mirror():
    for file, line, name, wrapped in _icons_used():
        if name in POINTING and file != "quitlok/ui/rtl.py":
            assert name in rtl.DIRECTIONAL, f"{file}:{line}: {name} points a way, and quitlok.ui.rtl mirrors it not"
            assert wrapped, f"{file}:{line}: :material/{name}: points a way: draw it with rtl.icon(...)"


def _buttons_of_a_step_onward() -> list[tuple[str, int, str, str]]:
    """(file, line, words, icon source) of every button whose words begin "Next" ("Next move", "Next question")."""
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".button") and node.args):
                continue
            words = ast.unparse(node.args[0])
            if words.startswith("_('Next"):
                icon = next((ast.unparse(k.value) for k in node.keywords if k.arg == "icon"), "")
                found.append((str(path.relative_to(ROOT)), node.lineno, words, icon))
    return found


def test_every_step_onward_points_onward_in_the_page_s_direction():
    """"Next move" once showed a play arrow, which right to left points back, beside "Skip to my turn", which
    points onward: every "Next ..." button has an icon of a step onward (a step, or an arrow beside "Back"),
    mirrored right to left."""
    onward = {"rtl.icon(':material/skip_next:')", "rtl.icon(':material/arrow_forward:')"}
    steps = _buttons_of_a_step_onward()
    assert {words for _file, _line, words, _icon in steps} >= {"_('Next move')", "_('Next question')"}, steps
    for file, line, words, icon in steps:
        assert icon in onward, f"{file}:{line}: {words} has the icon {icon or 'none'}"


@pytest.mark.parametrize("name", sorted(rtl.DIRECTIONAL))
def test_right_to_left_each_directional_icon_is_mirrored(name):
    icon = f"{PREFIX}{name}:"
    for code in ("en", "cs"):
        with use(code):
            assert rtl.icon(icon) == icon and rtl.flipped() == []
    for code in ("he", PSEUDO):
        with use(code):
            mirrored = rtl.icon(icon)
            if name in rtl.FLIPPED:  # no mirror image in Material's set: the page's script turns it round
                assert mirrored == icon and name in rtl.flipped()
            else:  # its mirror image, which mirrors back
                assert mirrored != icon and rtl.icon(mirrored) == icon and mirrored[len(PREFIX):-1] in POINTING


def _page_words(code: str) -> dict:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = code
    at.run()
    assert not at.exception, at.exception
    found = [e for e in at.sidebar.children.values() if getattr(e, "key", None) == "quitlok-page-words"]
    assert len(found) == 1, "the page's words are set once per run"
    assert found[0].proto.component_name == "quitlok.page_words"
    return json.loads(found[0].proto.json)


@pytest.mark.parametrize(("code", "skip", "flipped"), [("en", "Skip to main content", []),
                                                       ("he", "דילוג לתוכן העיקרי", sorted(rtl.FLIPPED)),
                                                       ("cs", "Přeskočit na hlavní obsah", [])])
def test_the_page_s_script_gets_the_skip_link_s_words_and_the_icons_to_turn(code, skip, flipped):
    data = _page_words(code)
    assert data["skip"] == skip and data["flipped"] == flipped
    assert (data["link"], data["icon"]) == (internals.SKIP_LINK, internals.MATERIAL_ICON)
