"""A stand-in for the browser's local storage in AppTests: the protocol of quitlok.ui.browser's keeper
(_STORAGE_JS) in Python, over a dict that several sessions (tabs of one browser) may share. A report is
answered at once, as the browser's would be on the rerun it causes."""

import streamlit as st

from quitlok.ui.browser import Report


class FakeBrowser:
    def __init__(self, stored: dict[str, str] | None = None) -> None:
        self.stored = dict(stored or {})

    def local_storage(self, name: str, save: str, *, taken: int, place: str, most: int,
                      aside: tuple[int, str] = (0, ""), drop: tuple[str, ...] = ()) -> Report | None:
        window = "fake_browser.window" + ("" if name == "quitlok.progress" else f".{name}")  # one per entry, as
        me = st.session_state.setdefault(window, {"seq": 0, "last": None, "held": None,  # window.quitlokStorage
                                                  "kept_aside": 0, "report": None})
        prefix = name + ".aside."
        for key in drop:
            if key.startswith(prefix):
                self.stored.pop(key, None)
        of, key = aside
        if of == me["seq"] and me["kept_aside"] < of and me["held"] and key.startswith(prefix):
            me["kept_aside"] = of
            self.stored.setdefault(key, me["held"])
        if me["seq"] > taken:
            return me["report"]
        stored = self.stored.get(name, "")
        kept = []
        if me["last"] is None:
            kept = [(k, t if len(t) <= most else None) for k, t in self.stored.items() if k.startswith(prefix)]
        if (stored and stored != (me["last"] or "") and stored != save) or kept:
            me["seq"] += 1
            base, me["held"], me["last"] = me["last"] or "", stored, stored
            me["report"] = Report(me["seq"], stored if len(stored) <= most else None, len(stored), base, tuple(kept))
            return me["report"]
        if stored != save:
            if save:
                self.stored[name] = save
            else:
                self.stored.pop(name, None)
        me["last"] = save
        return me["report"]
