"""What this device's browser keeps for the app: a learner's progress in local storage, and a cookie that
remembers a key away from the address bar. Both through small components made with Streamlit's own
`st.components.v2` (a few lines of JavaScript each, no third-party package).

A learner's progress never goes to the server's disk: `local_storage` hands up the saved text when a page
opens, and again whenever another tab has saved since this page last did (quitlok.ui.progress merges the
two), and writes each new text the page gives it; a save the app cannot read is kept aside under a key of
its own, never written over.

A teacher's key to a class session must not sit in the address, which a projector shows to the room (a
student could photograph it and take the class over). The page keeps the key in the session and, so that a
reload or a closed tab finds it again, in a cookie of this browser only: written by a small component made
with Streamlit's own `st.components.v2` (a few lines of JavaScript, no third-party package), and read back
through `st.context.cookies` when the page is opened again.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass

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

#: The keeper of one local-storage entry (`data.name`), the same in every place of a page (they share
#: `window.quitlokStorage`). Before it writes the page's save it reads what the browser holds: when that is
#: neither empty, nor what this page last wrote or read, nor the save itself (another tab wrote it, or an
#: earlier visit did), it reports it instead (state "saved": a numbered report with the text, or no text when
#: it is longer than `data.most`, and what this page had last written, the base of a merge) and writes
#: nothing until the app has taken that report up (`data.taken`); meanwhile every other place hands the same
#: report up once too, so that a report made to a keeper not drawn again is not lost. On its first look it
#: also reports the saves kept aside (keys `<name>.aside.<n>`). `data.aside` = [report, key] keeps the text
#: of that report under `key` (once), before it is written over; when the browser has no room for the copy,
#: the save stays where it is and this page writes nothing. `data.drop` removes saves kept aside. A browser
#: that refuses storage keeps nothing.
_STORAGE_JS = """
export default function ({ data, setStateValue }) {
  const all = (window.quitlokStorage ??= {});
  const me = (all[data.name] ??= { seq: 0, last: null, held: null, keptAside: 0, report: null, handed: {} });
  const prefix = data.name + ".aside.";
  try {
    const store = window.localStorage;
    for (const key of data.drop) if (key.startsWith(prefix)) store.removeItem(key);
    const [asideOf, asideKey] = data.aside;
    if (asideOf === me.seq && me.keptAside < asideOf && me.held && asideKey.startsWith(prefix)) {
      me.keptAside = asideOf;
      try {
        if (store.getItem(asideKey) === null) store.setItem(asideKey, me.held);
      } catch (full) {  // no room for a copy: the save stays where it is, and this page writes nothing over it
        me.pinned = true;
      }
    }
    if (me.pinned) return;
    if (me.seq > data.taken) {  // not taken up yet: this place hands the report up too, once (the place that
      if ((me.handed[data.place] ?? 0) < me.seq) {  // got it may not be drawn again: a fragment's keeper)
        me.handed[data.place] = me.seq;
        setStateValue("saved", me.report);
      }
      return;
    }
    const stored = store.getItem(data.name) ?? "";
    const aside = [];
    if (me.last === null) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (!key || !key.startsWith(prefix)) continue;
        const text = store.getItem(key) ?? "";
        aside.push([key, text.length <= data.most ? text : null]);
      }
    }
    const foreign = stored !== "" && stored !== (me.last ?? "") && stored !== data.save;
    if (foreign || aside.length) {
      me.seq += 1;
      const base = me.last ?? "";
      me.held = stored;
      me.last = stored;
      me.report = { seq: me.seq, text: stored.length <= data.most ? stored : null, size: stored.length,
                    base: base, aside: aside };
      me.handed[data.place] = me.seq;
      setStateValue("saved", me.report);
      return;
    }
    if (stored !== data.save) {
      if (data.save === "") store.removeItem(data.name);
      else store.setItem(data.name, data.save);
    }
    me.last = data.save;
  } catch (refused) {
    me.last ??= "";
  }
}
"""
_storage = st.components.v2.component("quitlok.local_storage", js=_STORAGE_JS, css=_CSS)
_SAFE = re.compile(r"[A-Za-z0-9_-]{1,200}")


@dataclass(frozen=True)
class Report:
    """What a keeper of local storage reported: a save this page did not write (`text`, None when it was
    longer than the app reads; `size` its length), what this page had last written there (`base`, "" for
    nothing), and on a page's first look the saves kept aside (key, text or None)."""

    seq: int
    text: str | None
    size: int
    base: str
    aside: tuple[tuple[str, str | None], ...] = ()

    @classmethod
    def of(cls, value: object) -> "Report | None":
        """The report the component sent, or None for anything else (the browser is not trusted)."""
        if not isinstance(value, Mapping):
            return None
        seq, text, size, base, aside = (value.get(k) for k in ("seq", "text", "size", "base", "aside"))
        if not (isinstance(seq, int) and isinstance(size, int) and isinstance(text, str | None)
                and isinstance(base, str) and isinstance(aside, list)):
            return None
        kept = tuple((key, saved) for key, saved in (a for a in aside if isinstance(a, list) and len(a) == 2)
                     if isinstance(key, str) and isinstance(saved, str | None))
        return cls(seq, text, size, base, kept)


def local_storage(name: str, save: str, *, taken: int, place: str, most: int,
                  aside: tuple[int, str] = (0, ""), drop: tuple[str, ...] = ()) -> Report | None:
    """Mount a keeper of the local-storage entry `name` at `place` (each place once per run). It writes
    `save` ("" forgets) unless the browser holds a save this page did not write: then it reports it and
    writes nothing until the app has taken up that report (`taken`: the number of the last report taken
    up). `aside` = (report, key) keeps that report's text under `key`; `drop` removes saves kept aside.
    Returns the last report this keeper made, if any (the caller compares its number with `taken`)."""
    result = _storage(data={"name": name, "save": save, "taken": taken, "most": most, "aside": list(aside),
                            "drop": list(drop), "place": place},
                      key=f"storage-{name}-{place}", default={"saved": None}, on_saved_change=lambda: None)
    return Report.of(result.saved)


def keep_cookie(name: str, value: str, seconds: int) -> None:
    """Have this browser keep `name`=`value` for `seconds` (letters, digits, - and _ only)."""
    if not (_SAFE.fullmatch(name) and _SAFE.fullmatch(value)):
        raise ValueError("A cookie's name and value are letters, digits, '-' and '_' only.")
    _set_cookie(data={"name": name, "value": value, "seconds": int(seconds)}, key=f"cookie-{name}")


def cookie(name: str) -> str | None:
    """The cookie `name` this browser sent when the page was opened, if any."""
    value = st.context.cookies.get(name)
    return value if isinstance(value, str) and _SAFE.fullmatch(value) else None
