"""Every page of the app under the pseudo-language (`?lang=qps`) shows no English that escaped translation
(tests/i18n/visible.py): in the page's main part, and in the sidebar every page shares.

Strings are being marked page by page (issue 26). A page that still shows English is listed in NOT_MARKED_YET,
where its test is expected to fail (strict: once a page passes, its xfail fails, and it leaves the list).
"""

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.i18n import PSEUDO, use
from quitlok.practice import COMPUTER_NAMES
from tests.app.conftest import APP
from tests.app.test_pages import LISTED
from tests.i18n.visible import app_texts, escapes

#: the pages (and the shared sidebar) that still show English under the pseudo-language on this branch
NOT_MARKED_YET: set[str] = set()
#: the names the pages give players (the practice table's computers, the lessons' and quiz's Bella and Chaim)
NAMES = COMPUTER_NAMES


def in_pseudo(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = PSEUDO
    # AppTest words the widgets' values for the next run with their format_func in the test's own thread, as the
    # browser sends them back in the page's words: the test's thread reads in the page's language too
    with use(PSEUDO):
        at.run()
        if page != "pages/home.py":
            at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def _case(page: str):
    marks = [pytest.mark.xfail(strict=True, reason="not marked yet")] if page in NOT_MARKED_YET else []
    return pytest.param(page, marks=marks, id=page.removeprefix("pages/").removesuffix(".py"))


@pytest.mark.parametrize("page", [_case(page) for page in LISTED])
def test_no_english_escapes_on_the_page(page, database_url):
    at = in_pseudo(page)
    assert not at.get("error") or "failed" not in str(at.error[0].value), "the page failed"
    left = escapes(app_texts(at), names=NAMES)
    assert not left, f"{page} shows English under ?lang=qps: {left[:20]}"


@pytest.mark.parametrize("part", [_case("sidebar")])
def test_no_english_escapes_in_the_sidebar(part, database_url):
    left = escapes(app_texts(in_pseudo("pages/home.py"), "sidebar"), names=NAMES)
    assert not left, f"the sidebar shows English under ?lang=qps: {left[:20]}"


def test_every_page_is_tested():
    assert set(NOT_MARKED_YET) - {"sidebar"} <= set(LISTED)
