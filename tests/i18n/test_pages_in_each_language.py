"""Every page opens in every language without failing: a page that fails says so calmly (quitlok.ui.guard), so
the test listens to the guard's log, where a failure is told whatever the language of the page (the calm words
on screen are translated, so no text on screen can say it).

A page in Czech once failed on its first run: it looked up a content section by the rule's translated name,
where content is keyed by the English headings (pages/variants.py).
"""

import logging

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.i18n import LANGUAGES, PSEUDO, use
from tests.app.conftest import APP
from tests.app.test_pages import LISTED

GUARD = "quitlok.guard"


def opened(page: str, code: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = code
    with use(code):  # AppTest words the widgets' values in the test's thread: in the page's language
        at.run()
        if page != "pages/home.py":
            at.switch_page(page).run()
    return at


def failures(caplog) -> list[str]:
    return [record.getMessage() + (f": {record.exc_info[1]!r}" if record.exc_info else "")
            for record in caplog.records if record.name == GUARD and record.levelno >= logging.ERROR]


@pytest.mark.parametrize("code", sorted(set(LANGUAGES) - {"en"}) + [PSEUDO])
@pytest.mark.parametrize("page", LISTED, ids=lambda page: page.removeprefix("pages/").removesuffix(".py"))
def test_every_page_opens_in_every_language(page, code, database_url, caplog):
    caplog.set_level(logging.ERROR, logger=GUARD)
    at = opened(page, code)
    assert not at.exception, at.exception
    assert not failures(caplog), failures(caplog)


def test_a_failing_page_is_seen_through_the_guard_s_log(monkeypatch, database_url, caplog):
    """The check above can fail: a page that raises under the guard is caught in the log, in any language."""
    from quitlok import rules
    caplog.set_level(logging.ERROR, logger=GUARD)

    def broken(*args, **kwargs):
        raise KeyError("planted")

    monkeypatch.setattr(rules, "rule_summary", broken)
    opened("pages/variants.py", "cs")
    assert failures(caplog) and "planted" in failures(caplog)[0]
