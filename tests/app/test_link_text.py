"""Text that comes from a link is shown as text: ?rules= can put no link, image or HTML into the app's words."""

import html
import re
import string

import pytest
from streamlit.testing.v1 import AppTest

from quitlok import QUITLOK, ui
from tests.app.conftest import APP

FROM_LINKS = ["[win a prize](https://example.org)", "![x](https://example.org/a.png)", "<b>x</b>"]


def as_read(markdown: str) -> str:
    """What a reader sees of text escaped by ui.escape_markdown: references read, word joiners invisible."""
    return html.unescape(markdown).replace(ui.WORD_JOINER, "")


def raw_signs(markdown: str) -> list[str]:
    """ASCII signs left as they are, which Markdown could read as syntax (references '&#91;' are fine)."""
    return re.findall(r"[!-/:-@\[-`{-~]", re.sub(r"&#\d+;", "", markdown))


@pytest.mark.parametrize("wanted", FROM_LINKS)
def test_rules_from_a_link_are_repeated_as_plain_text(wanted):
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = wanted
    at.run()
    assert not at.exception
    warning = at.sidebar.warning[0].value
    assert f"rules “{wanted}”" in as_read(warning), warning
    quoted = warning.split("“")[1].split("”")[0]
    assert not raw_signs(quoted), quoted
    assert "](" not in warning and "<b>" not in warning and "https:" not in warning
    assert at.session_state["rules.current"] == QUITLOK


def test_a_long_value_from_a_link_is_cut_short():
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "x" * 500
    at.run()
    assert not at.exception
    assert "x" * 40 + "…" in at.sidebar.warning[0].value and "x" * 41 not in at.sidebar.warning[0].value


def test_every_ascii_sign_is_escaped_and_reads_back_unchanged():
    text = string.punctuation + " plain words 12"
    escaped = ui.escape_markdown(text)
    assert as_read(escaped) == text
    assert not raw_signs(escaped)
    assert ui.escape_markdown("kvitlach") == "kvitlach"


def test_no_address_survives_to_be_turned_into_a_link():
    """GitHub Markdown links bare addresses; a word joiner before '.', ':' and '@' breaks every one of them."""
    for address in ("https://example.org", "www.example.org", "a@example.org"):
        escaped = ui.escape_markdown(address)
        assert as_read(escaped) == address
        assert not re.search(r"https?:|www\.|\w@", html.unescape(escaped)), escaped


def test_line_breaks_cannot_start_a_heading_or_a_list():
    assert as_read(ui.escape_markdown("rules\n# big\n- item")) == "rules # big - item"
    assert "\n" not in ui.escape_markdown("rules\n# big\n- item")
