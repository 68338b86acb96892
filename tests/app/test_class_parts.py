"""What makes a class of thirty phones cheap for the server (issue 24, item 9): a pupil's part of the page is a
fragment the push reruns alone (quitlok.ui.parts; in a real server: tests/e2e/test_class_session_browser.py), and
the chart of the class's answers is made once for every screen that shows it (quitlok.ui.charts)."""

import threading

from streamlit.testing.v1 import AppTest

from quitlok.ui import charts


def test_one_chart_is_made_once_for_every_screen_at_once(monkeypatch):
    """Thirty phones drawing the same tally at the same moment: one figure is made, and all draw it."""
    made = []
    real = charts.class_choices_chart

    def counted(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(charts, "class_choices_chart", counted)
    charts._choices.cache_clear()
    options, counts = ("A thing", "Another", "A third"), [3, 20, 7]
    shown, start = [], threading.Barrier(30)

    def phone() -> None:
        start.wait()
        shown.append(charts.choices_chart(options, list(counts), 1))

    phones = [threading.Thread(target=phone) for _ in range(30)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    assert len(made) == 1 and len({id(figure) for figure in shown}) == 1
    assert charts.choices_chart(options, [3, 20, 8], 1) is not shown[0], "another tally, another chart"
    assert list(shown[0].data[0].x) == counts


def test_the_slider_chart_is_shared_whatever_order_the_guesses_came_in(monkeypatch):
    made = []
    real = charts.class_slider_chart
    monkeypatch.setattr(charts, "class_slider_chart", lambda *a, **k: made.append(a) or real(*a, **k))
    charts._slider.cache_clear()
    first = charts.slider_chart([40.0, 10.0, 75.0], 33.3, 5.0)
    assert charts.slider_chart([75.0, 40.0, 10.0], 33.3, 5.0) is first and len(made) == 1
    assert sorted(first.data[0].x) == [10.0, 40.0, 75.0]


def part_page() -> None:
    """A page that hands what it read to its part, which takes it; a second part, handed nothing (as in a run of
    a part alone), reads anew. (AppTest runs whole pages only: a part's own run, from the server's push, is in
    tests/e2e/test_class_session_browser.py.)"""
    import streamlit as st

    from quitlok.ui import parts

    st.session_state.setdefault("reads", 0)

    def read() -> int:
        st.session_state["reads"] += 1
        return st.session_state["reads"]

    @st.fragment
    def part(name: str) -> None:
        value, whole = parts.take(name, read)
        st.write(f"{name}: value {value}, handed over {whole}")
        parts.note_drawn(name, value)

    parts.hand_over("thing", read())
    part("thing")
    part("other")
    st.write(f"drawn {parts.drawn('thing')}")


def test_a_part_takes_what_the_whole_run_read_and_reads_anew_when_nothing_was_handed_over():
    at = AppTest.from_function(part_page)
    at.run()
    assert [m.value for m in at.markdown] == ["thing: value 1, handed over True", "other: value 2, handed over False",
                                              "drawn 1"]
    at.run()
    assert [m.value for m in at.markdown] == ["thing: value 3, handed over True", "other: value 4, handed over False",
                                              "drawn 3"], "taken once: nothing handed over stays for the next run"
