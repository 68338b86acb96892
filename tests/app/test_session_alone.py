"""While a class session runs, a pupil's phone shows the session alone (issue 24, item 3), in AppTest: no menu
of pages, and another page's address opens the session; once it has ended, the app is whole again."""

from quitlok.ui import session_only
from tests.app.conftest import click, query_values, texts
from tests.app.test_classroom_page import code_of, database, join, keys, start, visit  # noqa: F401


def menu(at) -> list[str]:
    """The pages the sidebar's menu offers (quitlok.ui.nav draws it as page links)."""
    return [link.proto.label for link in at.get("page_link")]


def test_a_pupil_in_a_running_session_sees_it_alone_until_it_ends(database):  # noqa: F811
    teacher = start()
    assert any("Advisor" in label for label in menu(teacher)), "the teacher keeps the whole app"
    pupil = join(code_of(teacher), "Dina")
    assert pupil.session_state[session_only.PUPIL] == code_of(teacher)
    assert menu(pupil) == [], "no menu into the Advisor"
    pupil.switch_page("pages/advisor.py").run()
    assert "you are Dina ·" in texts(pupil), "the Advisor's address opens the session"
    assert "Advisor" not in " ".join(h.value for h in pupil.title)
    database.end(code_of(teacher), teacher.session_state["class.key"])
    pupil.run()
    assert session_only.PUPIL not in pupil.session_state
    assert any("Advisor" in label for label in menu(pupil)), "the menu is back once the session has ended"


def test_a_screen_shows_a_session_started_on_another_device_by_its_code(database):  # noqa: F811
    """The teacher started on his phone; the computer the projector shows types the code and becomes the projected
    screen: the join invitation, no control, no key, no menu, projector mode."""
    teacher = start()
    screen = visit()
    screen.text_input(key="class.project_code").input("QQQQQQ")
    click(screen, "class.project")
    assert "No class session has the code QQQQQQ" in texts(screen), "a code that leads nowhere is refused in words"
    screen.text_input(key="class.project_code").input(code_of(teacher).lower())
    click(screen, "class.project")
    assert query_values(screen, "class") == [code_of(teacher)] and query_values(screen, "screen") == ["projector"]
    assert "Join the class session" in texts(screen) and screen.session_state["ui.projector"]
    assert not keys(screen) and menu(screen) == [], "no control and no menu on the projected screen"
    assert "class.key" not in screen.session_state or not screen.session_state["class.key"]
