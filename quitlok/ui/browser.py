"""What this device's browser keeps for the app: a cookie that remembers a key away from the address bar.

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
_SAFE = re.compile(r"[A-Za-z0-9_-]{1,200}")


def keep_cookie(name: str, value: str, seconds: int) -> None:
    """Have this browser keep `name`=`value` for `seconds` (letters, digits, - and _ only)."""
    if not (_SAFE.fullmatch(name) and _SAFE.fullmatch(value)):
        raise ValueError("A cookie's name and value are letters, digits, '-' and '_' only.")
    _set_cookie(data={"name": name, "value": value, "seconds": int(seconds)}, key=f"cookie-{name}")


def cookie(name: str) -> str | None:
    """The cookie `name` this browser sent when the page was opened, if any."""
    value = st.context.cookies.get(name)
    return value if isinstance(value, str) and _SAFE.fullmatch(value) else None
