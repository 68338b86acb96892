"""The keys to seats that this device holds, kept in the session and in the browser's local storage, never in
the address (SPEC section 5, "Seats are held by devices, not addresses").

A room's address holds only its code, so that a shared link, a photographed screen or a page sent to a
cousin opens no seat. The keys go where a learner's progress goes: local storage, through quitlok.ui.browser's
keeper (one entry, `quitlok.seats`, a JSON object from a room's or class's code to its keys). On a page's
first look the keeper hands up what the browser holds; it is merged with the session's keys (those the session
let go of stay gone), and the merged keys are written back. Another tab's keys come in the same way. The
browser is not trusted: what it hands up is read as codes and keys of the right form only.

Keys are named by a place: "room" (a seat at a table) or "class" (a pupil's place in a class session); a
key made by asking to be let in (Rooms.ask) is kept like a seat's, since it becomes the seat's key once the
request is let in.
"""

import json
import re

import streamlit as st

from quitlok.ui import browser

STORAGE_NAME = "quitlok.seats"
#: the longest text the keeper hands up, and the most rooms and keys per room it keeps
MOST = 16_000
MAX_CODES = 16
MAX_KEYS = 8
_KEYS, _DROPPED, _TAKEN = "seat_keys.keys", "seat_keys.dropped", "seat_keys.taken"
_CODE = re.compile(r"(room|class):[A-Z0-9]{6}")
_KEY = re.compile(r"[A-Za-z0-9_-]{20,100}")


def _entry(place: str, code: str) -> str:
    return f"{place}:{code}"


def held(place: str, code: str) -> list[str]:
    """The keys this device holds for `code` (in the order they were given)."""
    return list(st.session_state.get(_KEYS, {}).get(_entry(place, code), []))


def keep(place: str, code: str, keys: list[str]) -> None:
    """This device holds `keys` for `code` from now on: the ones it held and are not among them are let go
    (a seat that moved to another device, a room left), and are not taken back from another tab's copy."""
    ss = st.session_state
    entry = _entry(place, code)
    mine = dict(ss.get(_KEYS, {}))
    dropped = set(ss.get(_DROPPED, set())) | (set(mine.get(entry, [])) - set(keys))
    mine.pop(entry, None)
    if keys:
        mine[entry] = list(dict.fromkeys(keys))[:MAX_KEYS]
    ss[_KEYS], ss[_DROPPED] = mine, dropped - set(keys)


def sync(place: str) -> bool:
    """Mount the keeper (once per run, at `place`): it writes this session's keys, or hands up the browser's,
    which are merged in. True when a report was merged in this run: the caller draws the page again, so that
    the keeper writes the merged keys."""
    ss = st.session_state
    mine = ss.get(_KEYS, {})
    save = json.dumps(mine, sort_keys=True) if mine else ""
    report = browser.local_storage(STORAGE_NAME, save, taken=ss.get(_TAKEN, 0), place=place, most=MOST)
    if report is None or report.seq <= ss.get(_TAKEN, 0):
        return False
    ss[_TAKEN] = report.seq
    stored = _parsed(report.text)
    dropped = ss.get(_DROPPED, set())
    merged = dict(mine)
    for entry, keys in stored.items():
        merged[entry] = list(dict.fromkeys(merged.get(entry, []) + [k for k in keys if k not in dropped]))[:MAX_KEYS]
    ss[_KEYS] = dict(list(merged.items())[-MAX_CODES:])
    return True


def _parsed(text: str | None) -> dict[str, list[str]]:
    """What the browser handed up, as {entry: keys}, keeping only entries and keys of the right form."""
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {entry: [k for k in keys if isinstance(k, str) and _KEY.fullmatch(k)][:MAX_KEYS]
            for entry, keys in list(value.items())[-MAX_CODES:]
            if isinstance(entry, str) and _CODE.fullmatch(entry) and isinstance(keys, list)}
