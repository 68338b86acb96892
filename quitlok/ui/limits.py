"""Who is asking, for quitlok.limits: this browser (a session's random id) and its address; a refusal in the
app's words (content/guard.md).

The address is the one Streamlit's server sees (`st.context.ip_address`: None when the visitor is on the same
machine, which is then limited per browser only). Behind a reverse proxy every visitor comes from the proxy's
address; set QUITLOK_TRUSTED_PROXIES to how many proxies stand in front of the app (usually 1), and the
address is read from X-Forwarded-For instead: the entry that many places from its end, which the first trusted
proxy wrote (entries before it come from the visitor and may be forged). Without that setting the header is
ignored, since anyone can send it.
"""

import math
import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import streamlit as st

from quitlok.errors import TooOften
from quitlok.i18n import _, ngettext
from quitlok.limits import Limits
from quitlok.ui import guard

#: how many reverse proxies stand in front of the app (their X-Forwarded-For entries are trusted)
PROXIES_VARIABLE = "QUITLOK_TRUSTED_PROXIES"
VISITOR = "limits.visitor"


@cache
def _store(url: str | None) -> Limits:
    """One store per database for the whole server (its connections are shared)."""
    return Limits(url)


def store() -> Limits:
    return _store(os.environ.get("QUITLOK_DATABASE_URL"))


def visitor() -> str:
    """This browser session's id: random, made on its first step."""
    return st.session_state.setdefault(VISITOR, secrets.token_urlsafe(16))


def trusted_proxies() -> int:
    value = os.environ.get(PROXIES_VARIABLE, "").strip()
    return int(value) if value.isdigit() and int(value) < 10 else 0


def address() -> str | None:
    """The visitor's address: X-Forwarded-For's entry written by the first trusted proxy, when the app is
    told it stands behind proxies; else the connection's own (None on the same machine)."""
    proxies = trusted_proxies()
    if proxies:
        header = st.context.headers.get("X-Forwarded-For")
        entries = [e.strip() for e in header.split(",") if e.strip()] if isinstance(header, str) else []
        if len(entries) >= proxies:
            return entries[-proxies][:100]
    ip = st.context.ip_address
    return ip[:100] if isinstance(ip, str) and ip else None  # (a test harness's context has none)


def take(what: str) -> None:
    """Count one step `what` of this visitor (quitlok.limits.RULES); TooOften past a limit."""
    store().take(what, visitor=visitor(), address=address())


def made(problem: BaseException | None) -> bool:
    return problem is None


@contextmanager
def spend(what: str, *, counts: Callable[[BaseException | None], bool] = made) -> Iterator[None]:
    """Take one step `what` (TooOften before the block when past a limit), and give it back when the block
    ended in a way that `counts` says does not count (by default: a step counts when it was made)."""
    take(what)
    problem = None
    try:
        yield
    except BaseException as raised:
        problem = raised
        raise
    finally:
        if not counts(problem):
            store().give_back(what, visitor=visitor(), address=address())


def refusal(problem: TooOften) -> str:
    """The refusal in the app's words, with about how long to wait."""
    minutes = max(1, math.ceil(problem.wait / 60))
    # Translators: "whom" is refused: this browser, or the network address many devices share (a school's)
    whom = _("browser") if problem.whom == "visitor" else _("network address")
    return guard.words()[f"too_often_{problem.what}"].format(
        whom=whom, minutes=ngettext("a minute", "{n} minutes", minutes).format(n=minutes))
