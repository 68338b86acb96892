"""The one place the app reaches into Streamlit's internals, and why.

Until `st.navigation` has been called once in the server process (and in
every AppTest run), Streamlit runs a page straight from `pages/`, its older
multipage mode. A first visit to a link such as /play after a restart would
then run the page without tutorial_app.py: no sidebar, no house rules. No
public API switches that mode off, so `through_the_app` clears the internal
flag `PagesManager.uses_pages_directory` and reruns. tests/app/test_internals.py
fails if a Streamlit upgrade removes the flag, so the workaround is revisited
rather than silently skipped.

The second reach is for the link to a room: a host who opened the app as
http://localhost:8501 needs the link phones on the same Wi-Fi can open, the
"Network URL" Streamlit prints at start. Streamlit works that address out with
`streamlit.net_util.get_internal_ip`, which no public API offers;
`network_address` uses it, and the same test module fails if it goes.

A fourth reach is a watchdog for pages that follow a shared game or class (`stalled`). Under load (thirty
phones), a click's whole-page run sometimes never reached the screen and the page's once-a-second
`st.fragment(run_every=...)` timer was gone with it: the phone showed the old page and followed no more. A
tiny component (Streamlit's own `st.components.v2`) mounted inside the following fragment notes each of its
runs; when none comes for ten seconds, it asks for one, and the fragment then draws the whole page again.
tests/e2e/test_classroom_browser.py stops the page's timers and checks that the page still follows.

A third setting lives in .streamlit/config.toml, not here: `runner.postScriptGC = false`. Streamlit forces a
full garbage collection after every run, each fragment's included; with this app's modules loaded that was most
of the time a page spends following its room or class, and thirty phones kept a core busy with it. The same
test module fails if the option goes or Streamlit stops forcing the collection.

A fifth reach is for a server restart under an open page (`rerun_on_reconnect`). Streamlit 1.67's page reconnects
by itself once the server is back, to a new, empty session, but reruns the script only if a fragment with
`run_every` is on the page (or a run was under way): otherwise the old page stays on screen, unaware, and every
click inside an `st.fragment` is dropped by the server ("fragment does not exist anymore") until a click outside
one runs the whole page. A page holding something only the server remembers (a practice game) mounts an empty
fragment that reruns once a day: its timer is what makes the page rerun as soon as the server is back, so the page
can say at once what was lost (quitlok/ui/restarts.py). tests/app/test_internals.py checks Streamlit's bundle still
has that rule; tests/e2e/test_restart_browser.py restarts a real server under a practice game.

A sixth reach closes the sidebar on a phone once a page is chosen (`close_sidebar_on_phones`). The app draws its
own list of pages (quitlok/ui/nav.py: Streamlit's menu is a broken list for screen readers), and Streamlit's
st.page_link, unlike its menu, leaves the sidebar open over the new page on a narrow screen. A tiny component
listens for a click on a page link in the sidebar and, below Streamlit's own breakpoint for narrow screens
(768 px), presses the sidebar's close button (`stSidebarCollapseButton`). tests/e2e/test_links_and_sidebar.py
chooses a page on a phone and fails if the sidebar stays open.

A seventh is for folds drawn only while open (`st.expander(key=..., on_change="rerun")`): their widgets keep
their values with Streamlit's own `persist_state="session"`, but an expander has no such option, and on a page
switch Streamlit forgets its open state unless the script sets it. `keep_fold` sets it at every run (the
clean-up Streamlit's "Widget behavior" page says a script may interrupt so). tests/app/test_sidebar_words.py
fails if the sidebar's folds no longer stay open from page to page.

An eighth is for a fragment that writes into the sidebar only in some of its runs (`sidebar_slot`): the
progress keeper of the practice table and the lessons, drawn only when a decision or a finished step changed the
progress. Streamlit 1.67 keeps a fragment a place in a container made outside it (the sidebar) only if the
fragment wrote there during the last full run of the page; a fragment rerun that writes there without one raises
a red StreamlitInvalidLayoutContextError (issue 21: a move at the practice table right after a new game, whose
full run had changed no progress). `sidebar_slot` writes an empty slot to the sidebar on every run, full or
fragment, and draws into it. tests/e2e/test_browser.py plays a move after a full run, at the table and in a lesson.

A ninth is what the app's guard (quitlok/ui/guard.py) lets by: an error inside an st.fragment, during a full run
of the page, is shown and logged by Streamlit itself, which then raises its own `FragmentHandledException` (an
`Exception`, from streamlit.errors) to end the page's run. The guard lets it pass (`HANDLED_BY_STREAMLIT`), as it
lets `st.rerun()` and `st.stop()` pass (those are not `Exception`s). tests/app/test_guard.py fails if the name goes.

A tenth is for a lost connection (`calm_reconnecting`, issue 23, item 6). When the page loses its server (a
restart, a network that drops), Streamlit 1.67's page shows "CONNECTING" at the top right and, after six failed
pings, its developer dialog "Connection error: Is Streamlit still running? If you accidentally stopped
Streamlit, just restart it in your terminal: streamlit run yourscript.py" (or, away from localhost, "Streamlit
server is not responding. Are you connected to the internet?"). No option of config.toml or of the API replaces
or hides it (client.showErrorDetails covers the script's errors only). A tiny component made with Streamlit's
own `st.components.v2`, mounted once per page in the sidebar, watches the page: while Streamlit's connection
status (`stConnectionStatus`) or its connection-error dialog is in the page, it hides them (the dialog with its
backdrop, `stDialog`, and the scroll lock it put on the page) and shows the app's own calm words instead
(content/guard.md, "reconnecting"), fixed at the top of the screen. (This app's header draws no connection status,
so the words come when Streamlit would have shown its dialog, after its six failed pings: some seconds.) The
words come down with every run, so they are in the page before the connection goes. Once Streamlit reconnects,
its status goes and so do the app's words. tests/app/test_internals.py fails if Streamlit's bundle no longer
has the status or the dialog's words the watcher looks for; tests/e2e/test_together_browser.py stops a server
under an open page and checks that only the app's words show.


An eleventh is the push of a room's moves (`this_fragment`, `rerun_fragment`; issue 23): when a room changes, the
server itself reruns the following fragment of each session that shows the room, so the page needs no timer
asking every second. Streamlit 1.67 has no public API for a server thread to rerun a session's fragment; its own
"run on save" does the same for a whole page (`AppSession.request_rerun` with the session's last client state).
`this_fragment` reads the running session's id and the running fragment's id (`ScriptRunContext.session_id`,
`ThreadState.fragment_id`; `running_session` the first alone, so that a session is not woken by its own move);
`rerun_fragment` finds the session (`Runtime.get_app_session`), checks it still holds
the fragment (`AppSession.has_fragment`) and, on the session's event loop (`AppSession._event_loop`: its methods
are not thread-safe), asks for a run of that fragment alone as the browser's own fragment timer would: the page,
the address and the browser's context (`context_info`: its locale, whose language the page speaks when no other
source names one: a pupil's phone in Hebrew read a pushed question in English without it) of the session's last
run (`AppSession._client_state`), and no widget values, so no callback runs and no widget changes. It asks only
once the session has no script runner (`AppSession._scriptrunner` is None: no run under way, and the last one's
end handled by the event loop). Asked in between, Streamlit 1.67 found the
ending runner refusing the request and started a second one, and then dropped the first one's remaining events
as a non-current runner's (app_session.py, "Ignoring event from non-current ScriptRunner"): its last elements
and its "script finished" never reached the browser, whose page then stayed "running" for good. The news of a
page's own writes (its heartbeat, a look-up) arrives exactly then, at the end of its run: on a loaded machine a
seated phone never became idle (issue 23, the push test's flake). It also waits until the session's queue of
messages for the browser is empty (`AppSession._browser_queue`, emptied by the server's loop every few
milliseconds): a fragment's run, as it starts, clears from that queue every message of that fragment not yet sent
(`ForwardMsgQueue.clear(fragment_ids_this_run=...)`, meant for a browser that asks for a fragment run once it has
drawn the last one). A pushed run of a fragment that draws the page's part for a room (pages/together.py,
room_part), asked for right after a whole run that the server had not yet sent, dropped that part's elements of
the whole run but not the page's elements after it: the browser met an element placed after a gap and stopped
drawing ("Bad delta path index 3 (should be between [0, 2])"), its page "running" for good (issue 23 item 5: a
phone opening a room's link on a loaded machine). tests/app/test_internals.py fails if any of
these goes and checks the wait; tests/e2e/test_push_browser.py shows a move reaching another browser with no timer
of its own, and a page left alone settling.

A twelfth is a yield point in every page run (`watch_runs`, issue 22 item 5): Python runs one thread at a
time, so four visitors whose pages take a quarter of a second each to draw make every other visitor's short page
wait its turn among them. Streamlit already stops a run at every element it sends, to see whether a rerun was
asked for (`ScriptRunner._maybe_handle_execution_control_request`, "implicit yield points in the script's
execution"); it marks every run, a whole page's or a fragment's, with `ScriptRunner._set_execing_flag`. No
public API lets an app act at either. `watch_runs` wraps both once per process and calls the app's functions as a
run starts, at each element and as it ends, in the script's own thread only; quitlok.ui.fair uses them to let a
long run pause while a shorter run of another visitor goes on. tests/app/test_internals.py fails if Streamlit
renames them or stops calling them for every run and element.

A thirteenth keeps a room's page whole when the browser's own timers run a fragment (`keep_other_fragments_finished`,
issue 23 item 5). As a fragment's run starts, Streamlit 1.67 clears the session's queue for the browser of what
was not yet sent (`ForwardMsgQueue.clear(retain_lifecycle_msgs=True, fragment_ids_this_run=...)`): it keeps the
messages of other fragments, but turns every queued "finished" of a fragment's run but a whole page's into
"finished early for a rerun" (`_update_script_finished_message`), after which the browser keeps that run's stale
elements. With the room's part in a fragment of its own (pages/together.py, room_part), a heartbeat's run started
by the page's timer while the part's pushed run was still queued (a loaded machine) left the part's old elements
on screen beside its new ones: a seat's moves still offered on another's turn, until the room's next change. The
wrapper gives back its own "finished" to a queued run of fragments none of which is the starting run's (its
elements were all kept, so it did finish). tests/app/test_internals.py fails if Streamlit stops doing so, or
renames what the wrapper relies on.

A fourteenth sets the page's own language and direction (`page_language`, issue 26): `<html lang="he" dir="rtl">`,
from which a screen reader chooses its voice and the browser its direction of writing. Streamlit 1.67 has no API
for either (streamlit/streamlit#552: no right-to-left support, open since 2019) and its page is always
`<html lang="en">`. A tiny component made with Streamlit's own `st.components.v2`, mounted once per run (in the
sidebar, which the session pages hide but still have), sets `document.documentElement`'s `lang` and `dir` to the
run's language; it is drawn again when the language changes. tests/i18n/test_page_language.py fails if Streamlit's
page stops running such a component's script in the page itself (no iframe), and tests/e2e/test_language_browser.py
reads the attributes in a real browser for English, Hebrew and the pseudo-language.

A fifteenth keeps what a visitor chose when he changes the language (`keep_choices`, called by the language
picker's callback). Streamlit 1.67 sends a radio's or a selectbox's choice back from the browser as the option's
shown text (`format_func`), and reads it against the options of the run in progress: after a change of language
the old language's text matches no option, and every choice drawn with translated words fell back to its default
(the Advisor's "I hold the bank" became "I am a player"). In the picker's callback, the widgets' values still read
against the previous run's options, so `keep_choices` reads each keyed widget's value there and sets it again
through `st.session_state`, which makes the next run send the browser the value in the new language's words.
tests/i18n/test_language_keeps_choices.py fails if a choice is lost over a change of language.

A sixteenth keeps the app out of its own worker processes (`app_run`, issue 26). quitlok.costly's workers are
spawned (not forked), and Python's `multiprocessing` then runs the parent's `__main__` again in each new worker,
from its file, so that functions defined there can be unpickled. Streamlit 1.67 puts the running script's module
in `sys.modules["__main__"]` (its ScriptRunner: "Install the fake module as the __main__ module"), with the
script's `__file__` and no `__spec__`: a worker started during a run ran the whole of tutorial_app.py in bare
Python, where `st.Page` leaves its title unset, and the server's log got "'Page' object has no attribute
'_title'" (quitlok/ui/nav.py, `page.title`) once, as the first worker started. No function of the app is sent
from `__main__` (costly sends functions of quitlok's modules), so every run gives that module a `__spec__` named
`__main__`, which tells `multiprocessing` to leave the worker's `__main__` alone. tests/app/test_internals.py
fails if Streamlit stops installing its script as `__main__` (the workaround is then not needed) or if a worker
would still run the app.

A seventeenth puts the page's own words where Streamlit writes English, and mirrors the icons that point a way
(`page_words`, issue 26). Streamlit 1.67 puts a link at the top of every page for keyboard users, "Skip to main
content" (`stSkipToContent`), always in English, with no option to change it; and a Material icon is a word
drawn by a font (`stIconMaterial`, its text the icon's name), so that an icon with no mirror image in the set
(login, logout, send: quitlok.ui.rtl.FLIPPED) can be mirrored by no name the API takes. A tiny component made with
Streamlit's own `st.components.v2`, mounted once per run (in the sidebar), sets the link's text to the page's
language and turns those icons round (`scaleX(-1)`) when the page reads right to left, and keeps doing so as
Streamlit draws more of the page (a MutationObserver). tests/app/test_internals.py fails if Streamlit's bundle
no longer has the link or the icons' test id; tests/e2e/test_language_browser.py reads both in a real browser.
"""

import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from importlib.machinery import ModuleSpec
from urllib.parse import urlsplit, urlunsplit

import streamlit as st
from streamlit import net_util, runtime
from streamlit.errors import FragmentHandledException, StreamlitAPIException
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState, get_script_run_ctx
from streamlit.runtime.state.session_state_proxy import get_session_state

#: exceptions the app's guard lets by: a fragment's error Streamlit has already shown (see the module docstring)
HANDLED_BY_STREAMLIT = (FragmentHandledException,)

_IN_APP: ContextVar[bool] = ContextVar("quitlok_in_app", default=False)

#: a chain of timeouts (not an interval, so it outlives the page's own timers): each render notes a beat;
#: a beat missing for `seconds` sets the trigger "stalled"; unmounting (another page) stops the chain
_WATCHDOG_JS = """
export default function ({ data, setTriggerValue }) {
  const watch = (window.quitlokWatch ??= { beat: 0, timer: null });
  watch.beat = Date.now();
  watch.stall = () => setTriggerValue("stalled", watch.beat);
  const look = () => {
    if (Date.now() - watch.beat > data.seconds * 1000) {
      watch.beat = Date.now();
      watch.stall();
    }
    watch.timer = setTimeout(look, 1000);
  };
  if (watch.timer === null) watch.timer = setTimeout(look, 1000);
  return () => {
    clearTimeout(watch.timer);
    watch.timer = null;
  };
}
"""
_watchdog = st.components.v2.component("quitlok.watchdog", js=_WATCHDOG_JS, css=":host { display: none; }")


@contextmanager
def app_run() -> Iterator[None]:
    """Mark this script run as one that went through tutorial_app.py (see through_the_app).

    A context variable, not session state: every browser tab runs its script in
    its own thread, so one visitor's run never marks another's. It also keeps the app's script from running
    again in a worker process started during the run (`keep_workers_off_the_app`).
    """
    keep_workers_off_the_app()
    token = _IN_APP.set(True)
    try:
        yield
    finally:
        _IN_APP.reset(token)


def keep_workers_off_the_app() -> None:
    """Give the running script's module (Streamlit's `__main__`) a spec named `__main__`, so that a worker process
    spawned now does not run the app's script again in bare Python (see the module docstring)."""
    main = sys.modules.get("__main__")
    if main is not None and getattr(main, "__spec__", None) is None and get_script_run_ctx() is not None:
        main.__spec__ = ModuleSpec("__main__", None)


def stalled(seconds: float = 10) -> bool:
    """Call in a page's following fragment (run_every): True when the browser saw none of its runs for
    `seconds` and asked for one (see the module docstring); the fragment should then st.rerun() the page."""
    beat = st.session_state.get("quitlok.beat", 0) + 1
    st.session_state["quitlok.beat"] = beat
    result = _watchdog(data={"beat": beat, "seconds": seconds}, key="quitlok-watchdog",
                       on_stalled_change=lambda: None)
    return bool(result.stalled)


#: the empty fragment's period: long, since only its being on the page matters (a browser timer must stay under
#: 2**31 ms, about 24 days, or it fires at once)
RECONNECT_PERIOD = 24 * 3600


@contextmanager
def sidebar_slot() -> Iterator[None]:
    """`with sidebar_slot():` draws into the sidebar from inside an st.fragment, whether or not it draws anything
    in this run (see the module docstring): the slot is written on every run, so Streamlit keeps the fragment its
    place in the sidebar for the runs that fill it."""
    with st.sidebar:
        slot = st.empty()
    with slot.container():
        yield


@st.fragment(run_every=RECONNECT_PERIOD)
def rerun_on_reconnect() -> None:
    """Mount where a page holds work the server alone keeps: the page then reruns as soon as a restarted server
    is back, instead of waiting for a click (see the module docstring). Draws nothing."""


#: once per page: a click on a page link in the sidebar, on a narrow screen, presses the sidebar's close button
_CLOSE_SIDEBAR_JS = """
export default function () {
  if (window.quitlokClosesSidebar) return;
  window.quitlokClosesSidebar = true;
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.('[data-testid="stSidebar"] a[data-testid="stPageLink-NavLink"]');
    if (!link || !window.matchMedia("(max-width: 767.98px)").matches) return;
    setTimeout(() => document.querySelector('[data-testid="stSidebarCollapseButton"] button')?.click(), 0);
  });
}
"""
_close_sidebar = st.components.v2.component("quitlok.close_sidebar", js=_CLOSE_SIDEBAR_JS,
                                            css=":host { display: none; }")


#: what the watcher takes for Streamlit's connection-error dialog (the words it shows), and its connection status
CONNECTION_DIALOG_WORDS = ("Is Streamlit still running?", "Streamlit server is not responding", "Connection error")
CONNECTION_STATUS = "stConnectionStatus"

#: once per page: while Streamlit's connection status shows, the app's words (a banner of its own, fixed at the top)
#: in its place; Streamlit's connection-error dialog hidden (see the module docstring)
_CALM_RECONNECTING_JS = """
export default function ({ data }) {
  const calm = (window.quitlokCalm ??= {});
  calm.words = data.words;
  if (calm.watching) return;
  calm.watching = true;
  const style = document.createElement("style");
  style.textContent = `[data-testid="${data.status}"] { visibility: hidden; }
    #quitlok-reconnecting { position: fixed; top: 0; left: 0; right: 0; z-index: 2147483000; padding: 12px 16px;
      background: #1F4E99; color: #fff; font: 600 16px/1.4 system-ui, sans-serif; text-align: center; }`;
  document.head.appendChild(style);
  const look = () => {
    let lost = !!document.querySelector(`[data-testid="${data.status}"]`);
    let banner = document.getElementById("quitlok-reconnecting");
    for (const dialog of document.querySelectorAll('[role="dialog"]')) {
      const text = dialog.textContent || "";
      if (!data.dialog.some((words) => text.includes(words))) continue;
      lost = true;
      const layer = dialog.closest('[data-testid="stDialog"]') || dialog;  // the dialog with its backdrop
      if (layer.style.display !== "none") {
        layer.style.display = "none";
        document.documentElement.style.overflow = "";  // the dialog locked the page's scrolling
      }
    }
    if (lost && !banner) {
      banner = document.createElement("div");
      banner.id = "quitlok-reconnecting";
      banner.setAttribute("role", "status");
      banner.textContent = calm.words;
      document.body.appendChild(banner);
    } else if (!lost && banner) {
      banner.remove();
    }
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  look();
}
"""
_calm_reconnecting = st.components.v2.component("quitlok.calm_reconnecting", js=_CALM_RECONNECTING_JS,
                                                css=":host { display: none; }")


def calm_reconnecting(words: str) -> None:
    """Mount once per run (in the sidebar): while the page has lost its server, `words` (the app's own) show in place
    of Streamlit's connection status and its developer dialog (see the module docstring)."""
    _calm_reconnecting(data={"words": words, "status": CONNECTION_STATUS, "dialog": list(CONNECTION_DIALOG_WORDS)},
                       key="quitlok-calm-reconnecting")


#: the page's language and direction on the page's root element (see the module docstring)
_PAGE_LANGUAGE_JS = """
export default function ({ data }) {
  const root = document.documentElement;
  if (root.lang !== data.lang) root.lang = data.lang;
  if (root.dir !== data.dir) root.dir = data.dir;
}
"""
_page_language = st.components.v2.component("quitlok.page_language", js=_PAGE_LANGUAGE_JS,
                                            css=":host { display: none; }")


def page_language(lang: str, direction: str) -> None:
    """Mount once per run (in the sidebar): the page's `<html>` takes `lang` and `dir` (see the module docstring)."""
    _page_language(data={"lang": lang, "dir": direction}, key="quitlok-page-language")


#: Streamlit's link to the page's main part, for keyboard users, and its English words; a Material icon's test id
SKIP_LINK, SKIP_LINK_WORDS, MATERIAL_ICON = "stSkipToContent", "Skip to main content", "stIconMaterial"
#: the link's words in the page's language, and the icons shown mirrored (see the module docstring)
_PAGE_WORDS_JS = """
export default function ({ data }) {
  const words = (window.quitlokPageWords ??= { observer: null, queued: false });
  words.apply = () => {
    for (const link of document.querySelectorAll(`[data-testid="${data.link}"]`)) {
      if (link.textContent !== data.skip) link.textContent = data.skip;
    }
    for (const icon of document.querySelectorAll(`[data-testid="${data.icon}"]`)) {
      const turn = data.flipped.includes(icon.textContent.trim()) ? "scaleX(-1)" : "";
      if (icon.style.transform !== turn) icon.style.transform = turn;
    }
  };
  words.apply();
  if (words.observer === null) {
    words.observer = new MutationObserver(() => {
      if (words.queued) return;
      words.queued = true;
      requestAnimationFrame(() => { words.queued = false; words.apply(); });
    });
    words.observer.observe(document.body, { childList: true, subtree: true });
  }
}
"""
_page_words = st.components.v2.component("quitlok.page_words", js=_PAGE_WORDS_JS, css=":host { display: none; }")


def page_words(skip: str, flipped: list[str]) -> None:
    """Mount once per run (in the sidebar): Streamlit's "Skip to main content" link reads `skip`, and the Material
    icons named in `flipped` are shown mirrored (see the module docstring)."""
    _page_words(data={"skip": skip, "flipped": flipped, "link": SKIP_LINK, "icon": MATERIAL_ICON},
                key="quitlok-page-words")


def keep_choices() -> None:
    """In a callback that changes the language: every keyed choice's value (radio, selectbox, multiselect, text:
    the widgets whose browser value is a text) read now, against the previous run's shown texts, and set again,
    so that it survives the new language's texts (see the module docstring)."""
    state = get_session_state()._state  # Streamlit's SessionState behind st.session_state
    metadata = state._new_widget_state.widget_metadata
    for key, widget in list(state._key_id_mapper._key_id_mapping.items()):
        meta = metadata.get(widget)
        if meta is None or meta.value_type not in ("string_value", "string_array_value"):
            continue  # a button's, an uploader's...: nothing to keep, and Streamlit refuses them a value
        with suppress(KeyError, StreamlitAPIException):
            st.session_state[key] = st.session_state[key]


def keep_fold(key: str, *, open_now: bool = False) -> None:
    """Before drawing the expander `key` (one that reruns on a change): keep it open or folded as the visitor
    left it, from page to page, or open it now (`open_now`). See the module docstring."""
    st.session_state[key] = open_now or st.session_state.get(key, False)


def close_sidebar_on_phones() -> None:
    """Mount in the sidebar, once per run: choosing a page there closes the sidebar on a phone (see the module
    docstring)."""
    _close_sidebar(key="quitlok-close-sidebar")


def through_the_app() -> None:
    """Make sure the page runs inside tutorial_app.py; every page calls this first.

    A run that did not come through the app switches Streamlit's pages-folder
    mode off (an internal flag, see the module docstring) and reruns, so the
    next run goes through tutorial_app.py and gets the sidebar.
    """
    # Without the flag the rerun would change nothing and loop, so the page then runs as it is (no sidebar);
    # tests/app/test_internals.py is what notices that the flag is gone.
    if not _IN_APP.get() and hasattr(PagesManager, "uses_pages_directory"):
        PagesManager.uses_pages_directory = False
        st.rerun()


#: host names that only this computer can open
_LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")


def network_address(url: str) -> tuple[str, str | None]:
    """`url` as other devices on the same network can open it, and a word on what was done about it.

    A page opened as localhost gets this computer's address on its network in its place (the Network URL
    Streamlit prints at start, see the module docstring): "home". A server that listens on this computer
    alone (--server.address 127.0.0.1) cannot be reached from elsewhere, whatever the link says: the link
    is kept, with "local_only". Any other address is kept as it is (None), as is `url` when the network
    address cannot be found."""
    parts = urlsplit(url)
    if parts.hostname not in _LOCAL_HOSTS:
        return url, None
    if (st.get_option("server.address") or "") in _LOCAL_HOSTS[:3]:
        return url, "local_only"
    ip = net_util.get_internal_ip()
    if not ip:
        return url, None
    netloc = ip + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc)), "home"


def this_fragment() -> tuple[str, str] | None:
    """(session id, fragment id) of the fragment running now, or None outside a fragment (see the module
    docstring, the eleventh reach)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    fragment_id = ThreadState.get().fragment_id
    if ctx is None or not fragment_id:
        return None
    return ctx.session_id, fragment_id


def running_session() -> str | None:
    """The id of the session whose script runs in this thread, if any (Streamlit's public `ScriptRunContext`)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.session_id if ctx is not None else None


def showing_fragment(session_id: str, fragment_id: str) -> bool | None:
    """From any thread: whether the session `session_id` is connected to its browser and holds the fragment
    `fragment_id` (False while a whole run is drawing it again); None when the server has no such session
    connected (Streamlit keeps a disconnected session for a while, but does not give it out).
    `Runtime.is_active_session` is public; a session's fragments are held in its `_fragment_storage`
    (`AppSession.has_fragment`, as rerun_fragment uses)."""
    if not runtime.exists():
        return None
    server = runtime.get_instance()
    session = server.get_app_session(session_id)
    if session is None:
        return None
    return server.is_active_session(session_id) and session.has_fragment(fragment_id)


#: while a session's run is under way (or its end not yet handled), a pushed fragment run waits: it looks again every
#: SETTLE_SECONDS, at most SETTLE_TRIES times (a page that runs without a pause for longer is drawn by its own runs,
#: and its follow-up looks by its own timer)
SETTLE_SECONDS, SETTLE_TRIES = 0.02, 1500


def rerun_fragment(session_id: str, fragment_id: str) -> bool:
    """From any thread: have the session `session_id` run its fragment `fragment_id` again, as the browser's own
    fragment timer would. False when there is no such session (the caller then stops asking). A session that does
    not hold the fragment at this moment (a whole-page run is drawing it again, or the page was left) runs
    nothing: a page run under way reads the room again in that fragment. A session with a run under way, or whose
    last run's end its event loop has not handled yet, is asked once that is done (see the module docstring, the
    eleventh reach: asked before, Streamlit starts a second runner and drops the first one's last messages), and
    once every message of that run has left for the browser (asked before, the fragment's run would drop the
    fragment's part of them)."""
    if not runtime.exists():
        return False
    session = runtime.get_instance().get_app_session(session_id)
    if session is None:
        return False

    loop = session._event_loop

    def run(tries: int) -> None:
        if not session.has_fragment(fragment_id):
            return
        if session._scriptrunner is not None or not session._browser_queue.is_empty():
            # a run under way, or one whose end the loop has not yet handled, or whose messages are not all sent yet
            if tries < SETTLE_TRIES:
                loop.call_later(SETTLE_SECONDS, run, tries + 1)
            return
        last = session._client_state
        session.request_rerun(ClientState(fragment_id=fragment_id, query_string=last.query_string,
                                          page_script_hash=last.page_script_hash, is_auto_rerun=True,
                                          context_info=last.context_info))  # the browser's locale: its language

    try:
        loop.call_soon_threadsafe(run, 0)
    except RuntimeError:  # the session's loop is closed: the server is shutting down
        return False
    return True


def watch_runs(started, element, ended) -> None:
    """Have `started()` called as every run of a script begins (a whole page's or a fragment's), `element()` at
    every element it sends, before Streamlit's own check for a rerun, and `ended()` as it ends; all in the
    script's own thread; one set of functions per process (see the module docstring, the twelfth reach)."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    flag = getattr(ScriptRunner._set_execing_flag, "quitlok_original", ScriptRunner._set_execing_flag)
    check = getattr(ScriptRunner._maybe_handle_execution_control_request, "quitlok_original",
                    ScriptRunner._maybe_handle_execution_control_request)

    @contextmanager
    def every_run(self) -> Iterator[None]:
        with flag(self):
            started()
            try:
                yield
            finally:
                ended()

    def every_element(self) -> None:
        if self._is_in_script_thread() and self._execing:
            element()
        check(self)

    every_run.quitlok_original, every_element.quitlok_original = flag, check
    ScriptRunner._set_execing_flag = every_run
    ScriptRunner._maybe_handle_execution_control_request = every_element


def keep_other_fragments_finished() -> None:
    """Once per process (push.watch calls it): a fragment run's start no longer turns the finish of another
    fragment's run, still queued for the browser, into "finished early" (see the module docstring, the thirteenth
    reach)."""
    from streamlit.runtime.forward_msg_queue import ForwardMsgQueue

    clear = ForwardMsgQueue.clear
    if getattr(clear, "quitlok_original", None):
        return

    def clear_keeping_finished(self, retain_lifecycle_msgs: bool = False,
                               fragment_ids_this_run: list[str] | None = None) -> None:
        kept = []
        if retain_lifecycle_msgs and fragment_ids_this_run:
            running = set(fragment_ids_this_run)
            kept = [(msg, msg.script_finished) for msg in self._queue
                    if msg.WhichOneof("type") == "script_finished"
                    and msg.script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
                    and msg.metadata.run.fragment_ids and not running & set(msg.metadata.run.fragment_ids)]
        clear(self, retain_lifecycle_msgs=retain_lifecycle_msgs, fragment_ids_this_run=fragment_ids_this_run)
        for msg, status in kept:  # its run's elements were all kept (they belong to another fragment): say so
            msg.script_finished = status

    clear_keeping_finished.quitlok_original = clear
    ForwardMsgQueue.clear = clear_keeping_finished
