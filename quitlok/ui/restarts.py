"""Saying what a server restart (or a reload) took away, instead of hiding it.

A practice game or a quiz round lives in the server's memory (the session) only. When the server restarts
under an open page, the page reconnects to a new, empty session (quitlok/ui/internals.py, rerun_on_reconnect,
has the page rerun at once); a reload starts a new session too. `held` lets this browser tab remember *that*
something was in progress, never what: a short label (a lesson's step number, "game"), nothing hidden. When
a new session holds nothing where this tab remembers something, `held` says what happened:

- "restart": the page stayed open (its memory, kept in the page's window, is still there) but the session is
  new: the server restarted, or the page was away longer than the server keeps a session;
- "reload": the page itself was reloaded (only the tab's session storage remembers).

A tiny component made with Streamlit's own `st.components.v2`, as in quitlok/ui/browser.py.
"""

import uuid
from typing import NamedTuple

import streamlit as st

from quitlok.ui.internals import rerun_on_reconnect
from quitlok.ui.words import content_sections

SESSION = "quitlok.session"

#: every run tells it the session's own mark and what the page holds ("" nothing). The page's window
#: remembers both; the tab's session storage remembers what is held. A run that holds nothing in another
#: session than the one remembered reports what was held, and how it was lost.
_HELD_JS = """
export default function ({ data, setTriggerValue }) {
  const mine = (window.quitlokHeld ??= {});
  const before = mine[data.name];
  mine[data.name] = { session: data.session, holding: data.holding };
  const key = `quitlok.held.${data.name}`;
  let stored = null;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(key) ?? "null");
    if (data.holding) window.sessionStorage.setItem(key, JSON.stringify(mine[data.name]));
    else window.sessionStorage.removeItem(key);
  } catch (refused) {
    stored = null;
  }
  if (data.holding) return;
  if (before) {
    if (before.holding && before.session !== data.session) setTriggerValue("lost", `restart:${before.holding}`);
  } else if (stored && stored.holding && stored.session !== data.session) {
    setTriggerValue("lost", `reload:${stored.holding}`);
  }
}
"""
_held = st.components.v2.component("quitlok.held", js=_HELD_JS, css=":host { display: none; }")


def session_mark() -> str:
    """A mark of this session, new with every session (a restart or a reload makes a new one)."""
    return st.session_state.setdefault(SESSION, uuid.uuid4().hex[:12])


class Lost(NamedTuple):
    how: str  #: "restart" or "reload"
    label: str  #: what the tab remembered being held
    words: str  #: what to tell the learner: content/restarts.md, section `<name>_<how>`


def held(name: str, holding: str, *, rerun: bool = True) -> Lost | None:
    """Call once per full run (in the sidebar: it draws nothing) on a page that keeps work in the session only.
    `holding` is a short label of what the session holds now ("" nothing; never anything secret: the browser
    keeps it). Returns what was lost in the run after a new session found nothing where this tab remembered
    something, else None. While something is held, the page reruns as soon as a restarted server is back (inside
    an st.fragment, pass rerun=False and call internals.rerun_on_reconnect outside it: a nested timer is lost)."""
    if holding and rerun:
        rerun_on_reconnect()
    result = _held(data={"name": name, "session": session_mark(), "holding": holding}, key=f"held-{name}",
                   on_lost_change=lambda: None)
    words = content_sections("restarts")  # read on every run, so that tests/app/test_content.py sees it used
    how, _, label = (result.lost or "").partition(":")
    if holding or not label or f"{name}_{how}" not in words:
        return None
    return Lost(how, label, words[f"{name}_{how}"])
