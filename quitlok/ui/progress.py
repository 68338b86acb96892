"""The learner's progress during a visit, and keeping it in this browser between visits.

Pages read `current()` and change it with `update(...)` (quitlok.progress says what it holds).
tutorial_app.py calls `load()` before the page and `keep()` after it: the browser reports a progress saved
on an earlier visit or by another tab (browser.local_storage), `load` merges it with this visit's
(Progress.merged, three ways from what this page last saved), and both hand the browser each new save.
Nothing the app cannot read is destroyed: a save of a later version, a damaged one (what can be read of it
is taken up) or an oversized one is kept aside in the browser under a key of its own, with a short notice in
the app's words, never a traceback; a save kept aside is read again on every visit and taken up once this
version can read it. Forget removes the saves kept aside as well, and leaves in the browser only the moment
of the forget (Progress.forget): another tab still holding the old progress finds that forget when it next
looks, drops what it held (keeping what it did since) and says so; its old progress is never written back
or merged in again. Nothing is kept on the server.
"""

import time
from collections.abc import Callable

import streamlit as st

from quitlok.errors import ProgressError, ProgressFromLater
from quitlok.progress import MAX_SAVE, Progress
from quitlok.ui import browser, internals
from quitlok.ui.words import content_sections, escape_markdown

#: the progress; the number of the browser's last report taken up; the report to keep aside and its key; the
#: saves kept aside that this session knows of (key: text or None); the keys to remove from the browser
KEY, TAKEN, ASIDE, KEPT_ASIDE, DROP = ("progress", "progress.taken", "progress.aside", "progress.kept_aside",
                                       "progress.drop")
#: the name of the save in the browser's local storage (saves kept aside: STORAGE_NAME + ".aside.<n>")
STORAGE_NAME = "quitlok.progress"


#: the clock of the review schedule (tests put a fake one here)
CLOCK: Callable[[], float] = time.time


def now() -> float:
    return CLOCK()


def current() -> Progress:
    return st.session_state.get(KEY) or Progress()


def update(change: Callable[[Progress], Progress]) -> None:
    """Apply `change` to the progress; it is saved in the browser at the end of this run."""
    st.session_state[KEY] = change(current())


def kept_aside() -> int:
    """How many saves this browser keeps aside (that this app could not read)."""
    return len(st.session_state.get(KEPT_ASIDE, {}))


def forget() -> None:
    """Forget the progress, here and in this browser (every tab: the save becomes the forget's moment alone),
    and the saves kept aside."""
    ss = st.session_state
    ss[KEY] = current().forget(now())
    ss[DROP] = tuple(ss.get(DROP, ())) + tuple(ss.get(KEPT_ASIDE, {}))
    ss[KEPT_ASIDE] = {}


def load() -> None:
    """Before the page: take up the progress saved in this browser when it reports one (its report reruns
    the app; a new visitor's browser reports nothing), and save the progress as it is now. Saved here
    as well as after the page, since a page that calls st.stop() never reaches keep."""
    with st.sidebar:
        saved = _storage("before")
    _take_up(saved)


def keep(place: str = "after") -> None:
    """After the page: save what it changed (a lesson step done during its run, say). The browser may report
    its save to this keeper rather than load's (whichever looks first): then the page is drawn again with it.
    A fragment that changes the progress calls keep_if_changed instead, with a `place` of its own."""
    with st.sidebar:
        _keeper(place)


def keep_if_changed(place: str) -> None:
    """`keep` for a fragment that may change the progress (a decision at the table, a lesson step done): its
    reruns do not reach the app's keeper, and drawing a keeper every run costs the browser a little. Drawn
    while this session holds no progress of its own (the browser may still report its save, and may report
    it to this keeper), then only in runs where the progress changed since this place last kept it; in the
    sidebar's slot that internals.sidebar_slot keeps for the fragment in every run, drawn into or not."""
    kept = f"progress.kept.{place}"
    with internals.sidebar_slot():
        if KEY not in st.session_state or current() is not st.session_state.get(kept):
            _keeper(place)
            st.session_state[kept] = current()


def keep_here(place: str) -> None:
    """The browser's keeper of the progress, drawn where the caller is (a fragment draws it inside
    internals.sidebar_slot); the practice table's own test of when to draw it keeps its keyboard focus
    (keep_if_changed's first runs lost it, tests/e2e/test_keyboard.py)."""
    _keeper(place)


def _keeper(place: str) -> None:
    """The browser's keeper of the progress, here; the page again when it reports a save to take up."""
    if _take_up(_storage(place)):
        st.rerun()


def _storage(place: str) -> browser.Report | None:
    ss = st.session_state
    return browser.local_storage(STORAGE_NAME, _text(), taken=ss.get(TAKEN, 0), place=place, most=MAX_SAVE,
                                 aside=ss.get(ASIDE, (0, "")), drop=tuple(ss.get(DROP, ())))


def _text() -> str:
    """What this browser keeps: the progress, or nothing ("") while there is none, so that a visitor who has
    done nothing has nothing to report when a page opens (each report costs the page a second run). A
    progress forgotten is kept as the forget's moment, for the other tabs."""
    kept = current()
    return "" if kept == Progress() else kept.to_json()


def _words(key: str, **values: str) -> str:
    return content_sections("home/progress")[key].format(**values)


def _take_up(report: browser.Report | None) -> bool:
    """Take up a report of the browser not taken up yet: merge the save it holds into this visit's progress,
    keep aside what cannot be read (with a notice), take up a save kept aside that can now be read. True
    when the progress changed or a save is to be kept aside: the caller draws the page again, so that a
    keeper outside the fragment that got the report writes the copy too."""
    ss = st.session_state
    if report is None or report.seq <= ss.get(TAKEN, 0):
        return False
    ss[TAKEN] = report.seq
    before, notes = current(), []
    try:
        base = Progress.from_json(report.base) if report.base else None
    except ProgressError:  # what this page wrote, read by another version since: merge as if nothing shared
        base = None
    aside = dict(ss.get(KEPT_ASIDE, {}))

    def keep_aside(note: str) -> None:
        key = f"{STORAGE_NAME}.aside.{int(now() * 1000)}.{report.seq}"
        ss[ASIDE] = (report.seq, key)
        aside[key] = report.text
        notes.append(note)

    if report.text is None:
        keep_aside(_words("aside_large", size=f"{report.size:,}"))
    elif report.text:
        try:
            reading = Progress.read(report.text)
        except ProgressFromLater:
            keep_aside(_words("aside_later"))
        except ProgressError as refused:
            keep_aside(_words("aside_unreadable", why=escape_markdown(str(refused))))  # may repeat the browser's
        else:
            ss[KEY] = current().merged(reading.progress, base)
            if reading.progress.forgotten > before.forgotten and not before.empty:
                notes.append(_words("forgotten_elsewhere"))  # another tab forgot: this one holds only what is new
            if reading.left_out:
                keep_aside(_words("aside_partly", parts=escape_markdown(", ".join(dict.fromkeys(reading.left_out)))))
    for key, text in report.aside:
        try:
            recovered = Progress.from_json(text) if text is not None else None
        except ProgressError:
            recovered = None
        if recovered is None:
            aside[key] = text
        else:
            ss[KEY] = current().merged(recovered)
            ss[DROP] = tuple(ss.get(DROP, ())) + (key,)
            aside.pop(key, None)
            notes.append(_words("recovered"))
    ss[KEPT_ASIDE] = aside
    for note in dict.fromkeys(notes):
        st.toast(note, icon=":material/info:")
    return current() != before or ss.get(ASIDE, (0, ""))[0] == report.seq
