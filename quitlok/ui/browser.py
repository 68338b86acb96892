"""What this device's browser keeps for the app: a learner's progress in local storage, and a cookie that
remembers a key away from the address bar. Both through small components made with Streamlit's own
`st.components.v2` (a few lines of JavaScript each, no third-party package).

A learner's progress never goes to the server's disk: `local_storage` hands the saved text up once, when a
session starts, and writes each new text the page gives it.

A teacher's key to a class session must not sit in the address, which a projector shows to the room (a
student could photograph it and take the class over). The page keeps the key in the session and, so that a
reload or a closed tab finds it again, in a cookie of this browser only: written by a small component made
with Streamlit's own `st.components.v2` (a few lines of JavaScript, no third-party package), and read back
through `st.context.cookies` when the page is opened again.
"""

import re

import streamlit as st

_SET_COOKIE_JS = """
export default function ({ data }) {
  if (data && data.name) {
    document.cookie = `${data.name}=${data.value}; path=/; max-age=${data.seconds}; SameSite=Strict`;
  }
}
"""
_CSS = ":host { display: none; }"
_set_cookie = st.components.v2.component("quitlok.set_cookie", js=_SET_COOKIE_JS, css=_CSS)

#: on its first look in a page (a reload starts again) it reads the saved text: if there is one, it reports
#: it (state "saved", which reruns the app) and writes nothing until the app has taken it up (data.loaded);
#: with nothing saved it reports nothing, so a new visitor's first click is never raced by a rerun. After
#: that it writes every text it is given ("" removes it). A browser that refuses storage keeps nothing.
_STORAGE_JS = """
export default function ({ data, setStateValue }) {
  const own = (window.quitlokStorage ??= {});
  try {
    if (!(data.name in own)) {
      const saved = window.localStorage.getItem(data.name) ?? "";
      own[data.name] = saved ? "waiting" : "ours";
      if (saved) setStateValue("saved", saved);
    }
    if (own[data.name] === "waiting" && !data.loaded) return;
    own[data.name] = "ours";
    if (data.save === "") window.localStorage.removeItem(data.name);
    else window.localStorage.setItem(data.name, data.save);
  } catch (refused) {
    own[data.name] = "ours";
  }
}
"""
_storage = st.components.v2.component("quitlok.local_storage", js=_STORAGE_JS, css=_CSS)
_SAFE = re.compile(r"[A-Za-z0-9_-]{1,200}")


def local_storage(name: str, save: str, *, loaded: bool, place: str) -> str | None:
    """Mount a keeper of the local-storage entry `name` at `place` (each place once per run). It writes
    `save` ("" forgets), except over a text saved before this page was opened that the app has not taken up
    yet (`loaded` says it has); it returns that text once the browser has reported it, else None."""
    result = _storage(data={"name": name, "save": save, "loaded": loaded}, key=f"storage-{name}-{place}",
                      default={"saved": None}, on_saved_change=lambda: None)
    return result.saved


def keep_cookie(name: str, value: str, seconds: int) -> None:
    """Have this browser keep `name`=`value` for `seconds` (letters, digits, - and _ only)."""
    if not (_SAFE.fullmatch(name) and _SAFE.fullmatch(value)):
        raise ValueError("A cookie's name and value are letters, digits, '-' and '_' only.")
    _set_cookie(data={"name": name, "value": value, "seconds": int(seconds)}, key=f"cookie-{name}")


def cookie(name: str) -> str | None:
    """The cookie `name` this browser sent when the page was opened, if any."""
    value = st.context.cookies.get(name)
    return value if isinstance(value, str) and _SAFE.fullmatch(value) else None
