"""Text that comes from a link is shown as text: ?rules= can put no link, image or HTML into the app's words."""

import re
import string

import pytest
from streamlit.testing.v1 import AppTest

from quitlok import QUITLOK, ui
from tests.app.conftest import APP

FROM_LINKS = ["[win a prize](https://example.org)", "![x](https://example.org/a.png)", "<b>x</b>"]


def as_read(markdown: str) -> str:
    """What a reader sees of Markdown in which every sign is backslash-escaped: the escapes removed."""
    return re.sub(r"\\(.)", r"\1", markdown)


def unescaped_signs(markdown: str) -> list[str]:
    """Markdown signs that could start a link, an image or HTML and have no backslash before them."""
    return re.findall(r"(?<!\\)[\[\]()!<>]", markdown)


@pytest.mark.parametrize("wanted", FROM_LINKS)
def test_rules_from_a_link_are_repeated_as_plain_text(wanted):
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = wanted
    at.run()
    assert not at.exception
    warning = at.sidebar.warning[0].value
    assert f"rules “{wanted}”" in as_read(warning), warning
    assert not unescaped_signs(warning), warning
    assert "](" not in warning and "<b>" not in warning
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
    assert all(f"\\{sign}" in escaped for sign in string.punctuation)
    assert ui.escape_markdown("kvitlach") == "kvitlach"


def test_line_breaks_cannot_start_a_heading_or_a_list():
    assert ui.escape_markdown("rules\n# big\n- item") == "rules \\# big \\- item"
