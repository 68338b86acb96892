"""The one workaround for Streamlit internals (quitlok/ui/internals.py) still finds what it relies on.

A first visit to a deep link (/glossary) right after a server restart runs the
page straight from pages/, without tutorial_app.py, unless the internal flag
`PagesManager.uses_pages_directory` is switched off. If a Streamlit upgrade
removes the flag, or makes the workaround unnecessary, these tests fail, so
the workaround is revisited instead of silently doing nothing.
"""

import inspect
import tomllib

from streamlit import config
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.testing.v1 import AppTest

from quitlok import ui
from tests.app.conftest import APP
from tests.conftest import ROOT


def first_visit_to(page: str) -> AppTest:
    """A visitor's first run, straight onto `page`, in a server that has not yet run st.navigation."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def test_streamlit_still_has_the_flag_the_workaround_switches_off():
    assert "uses_pages_directory" in vars(PagesManager), (
        "Streamlit no longer has PagesManager.uses_pages_directory: see quitlok/ui/internals.py")


def test_a_first_visit_to_a_deep_link_gets_the_sidebar(monkeypatch):
    monkeypatch.setattr(PagesManager, "uses_pages_directory", True)  # as after a restart: pages/ exists
    at = first_visit_to("pages/glossary.py")
    assert at.title[0].value == "Glossary"
    assert at.sidebar.selectbox(key="rules.preset").value == "Quitlok"
    assert PagesManager.uses_pages_directory is False


def test_without_the_workaround_the_sidebar_would_be_missing(monkeypatch):
    """The workaround is still needed: take it away and the same first visit has no sidebar."""
    monkeypatch.setattr(PagesManager, "uses_pages_directory", True)
    monkeypatch.setattr(ui, "through_the_app", lambda: None)
    at = first_visit_to("pages/glossary.py")
    assert at.title[0].value == "Glossary"
    assert not at.sidebar.selectbox, "Streamlit now runs tutorial_app.py anyway: remove the workaround"


def test_streamlit_still_works_out_the_network_address_the_room_links_use():
    from streamlit import net_util
    assert callable(getattr(net_util, "get_internal_ip", None)), (
        "Streamlit no longer has net_util.get_internal_ip: see quitlok/ui/internals.py (network_address)")


def test_a_room_link_opened_as_localhost_gets_the_network_address(monkeypatch):
    from streamlit import config, net_util

    from quitlok.ui.internals import network_address
    monkeypatch.setattr(net_util, "get_internal_ip", lambda: "192.168.1.20")
    config.set_option("server.address", None)
    assert network_address("http://localhost:8501/together?room=K7QH3M") == (
        "http://192.168.1.20:8501/together?room=K7QH3M", "home")
    assert network_address("https://quitlok.example.org/together?room=K7QH3M") == (
        "https://quitlok.example.org/together?room=K7QH3M", None)
    config.set_option("server.address", "127.0.0.1")  # a server nobody else can reach: say so, keep the link
    try:
        assert network_address("http://localhost:8501/together") == ("http://localhost:8501/together", "local_only")
    finally:
        config.set_option("server.address", None)


def test_the_forced_garbage_collection_after_every_run_is_switched_off():
    """Streamlit still collects after every run unless told not to, and our config still tells it not to."""
    assert config._config_options_template["runner.postScriptGC"].default_val is True, (
        "Streamlit no longer collects garbage after every run by default: see .streamlit/config.toml [runner]")
    assert "postScriptGC" in inspect.getsource(ScriptRunner._on_script_finished)
    settings = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert settings["runner"]["postScriptGC"] is False


def test_a_running_server_does_not_reload_the_app_s_modules():
    """Streamlit's file watcher, on a change to a watched file, evicts every watched module of the app at the next
    run (its LocalSourcesWatcher); objects the old modules made live on in shared stores and sessions, and the
    server then failed every class session. Our config switches the watcher off; this fails if Streamlit renames
    the option or its "none"."""
    from streamlit.watcher import local_sources_watcher

    assert "none" in config._config_options_template["server.fileWatcherType"].description
    assert "_pending_evictions" in inspect.getsource(local_sources_watcher), "Streamlit's reload changed: revisit"
    settings = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert settings["server"]["fileWatcherType"] == "none"


def test_the_page_still_reruns_on_reconnect_only_with_a_run_every_fragment():
    """rerun_on_reconnect (quitlok/ui/internals.py) relies on Streamlit's page rerunning on reconnect when an
    auto-rerun fragment is on it; tests/e2e/test_restart_browser.py checks it with a real restart."""
    import re
    from pathlib import Path

    import streamlit

    static = Path(streamlit.__file__).parent / "static" / "static" / "js"
    bundle = "".join(p.read_text(encoding="utf-8", errors="replace") for p in static.glob("index.*.js"))
    rule = re.search(r"Reconnected to server\..{0,400}?autoRerunIntervals\.size>0.{0,80}?Requesting a script run",
                     bundle, flags=re.DOTALL)
    assert rule, "Streamlit's reconnect rule changed: see quitlok/ui/internals.py (rerun_on_reconnect)"


def test_streamlit_still_shows_the_connection_status_and_dialog_the_calm_watcher_replaces():
    """calm_reconnecting (quitlok/ui/internals.py) looks for Streamlit's connection status and the words of its
    connection-error dialog; if a Streamlit upgrade changes them, the developer dialog would show again.
    tests/e2e/test_together_browser.py stops a real server under an open page."""
    from pathlib import Path

    import streamlit

    from quitlok.ui import internals

    static = Path(streamlit.__file__).parent / "static" / "static" / "js"
    bundle = "".join(p.read_text(encoding="utf-8", errors="replace") for p in static.glob("index.*.js"))
    assert f'"data-testid":`{internals.CONNECTION_STATUS}`' in bundle
    for words in internals.CONNECTION_DIALOG_WORDS:
        assert words in bundle, words


def test_every_page_mounts_the_calm_watcher_with_the_apps_words(app):
    from quitlok.ui.words import content_sections

    mounted = [e for e in app.sidebar.get("bidi_component") if "quitlok-calm-reconnecting" in str(e.proto)]
    assert mounted, "the watcher is in the sidebar"
    assert content_sections("guard")["reconnecting"].split("…")[0] in str(mounted[0].proto)


def _fragment_reports_where_it_runs():
    import streamlit as st

    from quitlok.ui import internals

    @st.fragment
    def following() -> None:
        st.session_state["where"] = internals.this_fragment()

    st.session_state["outside"] = internals.this_fragment()
    following()


def test_a_fragment_knows_its_session_and_its_own_id():
    """push.watch (the eleventh reach) reads the running session's and fragment's ids where Streamlit keeps them."""
    at = AppTest.from_function(_fragment_reports_where_it_runs)
    at.run()
    assert not at.exception, at.exception
    session_id, fragment_id = at.session_state["where"]
    assert isinstance(session_id, str) and session_id and isinstance(fragment_id, str) and fragment_id
    assert at.session_state["outside"] is None, "outside a fragment there is none"


def test_streamlit_still_lets_a_server_thread_rerun_a_sessions_fragment():
    """What internals.rerun_fragment relies on (the eleventh reach): the session found by its id, whether it still
    holds a fragment, its event loop and last client state, and a client state that names one fragment."""
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.runtime import Runtime

    assert callable(getattr(Runtime, "get_app_session", None))
    assert callable(getattr(AppSession, "has_fragment", None))
    assert list(inspect.signature(AppSession.request_rerun).parameters) == ["self", "client_state"]
    init = inspect.getsource(AppSession.__init__)
    assert "self._event_loop = " in init and "self._client_state = ClientState()" in init, (
        "AppSession keeps its event loop or last client state elsewhere: see quitlok/ui/internals.py")
    fields = ClientState.DESCRIPTOR.fields_by_name
    assert {"fragment_id", "query_string", "page_script_hash", "is_auto_rerun"} <= set(fields)
    assert "fragment_id" in inspect.getsource(AppSession.request_rerun), "a rerun still names its fragment"


def test_streamlit_still_tells_a_connected_session_and_its_fragments():
    """What internals.showing_fragment relies on (the server's heartbeats for open pages, quitlok.ui.presence):
    the runtime says whether a session is connected to its browser, and a session whether it holds a fragment."""
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.runtime import Runtime

    from quitlok.ui import internals

    assert list(inspect.signature(Runtime.is_active_session).parameters) == ["self", "session_id"]
    assert list(inspect.signature(AppSession.has_fragment).parameters) == ["self", "fragment_id"]
    assert internals.showing_fragment("no-such-session", "no-such-fragment") is None, "no server: no session"


def test_rerunning_a_fragment_without_a_server_says_it_cannot():
    from quitlok.ui import internals

    assert internals.rerun_fragment("no-such-session", "no-such-fragment") is False


def test_streamlit_still_marks_every_run_and_stops_at_every_element_where_long_runs_give_way():
    """The twelfth reach: Streamlit still marks each run (a page's or a fragment's) and stops at every element a
    script sends; the app's functions are called at each, in the script's thread, in order."""
    assert callable(getattr(ScriptRunner, "_maybe_handle_execution_control_request", None))
    assert callable(getattr(ScriptRunner, "_set_execing_flag", None)) and "_is_in_script_thread" in dir(ScriptRunner)
    assert "self._maybe_handle_execution_control_request()" in inspect.getsource(ScriptRunner._enqueue_forward_msg)
    from quitlok.ui import fair, internals

    calls = []
    script = ("import streamlit as st\n@st.fragment\ndef part():\n    st.button('again')\n    st.write('in part')\n"
              "for n in range(3):\n    st.write(n)\npart()\n")
    try:
        internals.watch_runs(lambda: calls.append("start"), lambda: calls.append("element"),
                             lambda: calls.append("end"))
        at = AppTest.from_string(script, default_timeout=30)
        at.run()
        assert not at.exception and calls[0] == "start" and calls[-1] == "end" and calls.count("element") >= 5
        calls.clear()
        at.button[0].click().run()  # a fragment's own run
        assert not at.exception and calls[0] == "start" and calls[-1] == "end" and "element" in calls
    finally:
        internals.watch_runs(fair.run_started, fair.shortest_first, fair.run_ended)  # the app's own again
    calls.clear()
    AppTest.from_string("import streamlit as st\nst.write(1)\n").run()
    assert not calls, "one set of functions at a time: the app's own are back"


def test_a_pushed_fragment_run_waits_until_the_sessions_run_has_ended_and_been_handled(monkeypatch):
    """Asked while the session still has a script runner (a run under way, or one whose end its event loop has not
    handled), Streamlit would start a second runner and drop the first one's last messages: the page stays
    "running" for good. rerun_fragment asks only once the runner is gone, and asks then."""
    import asyncio

    from streamlit.runtime.app_session import AppSession

    from quitlok.ui import internals

    assert "self._scriptrunner" in inspect.getsource(AppSession.__init__), "AppSession keeps its runner elsewhere"
    assert "self._scriptrunner = None" in inspect.getsource(AppSession._handle_scriptrunner_event_on_event_loop)
    loop = asyncio.new_event_loop()
    asked = []

    session = fake_session(monkeypatch, loop, asked, runner=object())
    try:
        assert internals.rerun_fragment("a session", "its fragment") is True
        loop.run_until_complete(asyncio.sleep(0.2))
        assert asked == [], "asked while the session's runner had not ended"
        session._scriptrunner = None  # the run's end handled
        loop.run_until_complete(asyncio.sleep(0.2))
        assert [(a.fragment_id, a.page_script_hash, a.is_auto_rerun) for a in asked] == [("its fragment", "page", True)]
    finally:
        loop.close()


def test_a_pushed_fragment_run_waits_until_the_last_runs_messages_have_left_for_the_browser(monkeypatch):
    """A fragment's run clears from the session's queue every message of that fragment not yet sent to the browser:
    asked for right after a whole run the server had not sent yet (a loaded machine), a pushed run of the page's part
    for a room dropped that part's elements of the whole run, and the browser, meeting an element after a gap,
    stopped drawing for good (issue 23, item 5). rerun_fragment asks only once the queue is empty."""
    import asyncio

    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.forward_msg_queue import ForwardMsgQueue

    from quitlok.ui import internals

    assert "self._browser_queue = ForwardMsgQueue()" in inspect.getsource(AppSession.__init__), (
        "AppSession keeps its queue for the browser elsewhere: see quitlok/ui/internals.py")
    drawn = ForwardMsg()  # an element the whole run drew inside the fragment
    drawn.metadata.delta_path[:] = [0, 3, 0]
    drawn.delta.fragment_id = "its fragment"
    drawn.delta.new_element.markdown.body = "the room"
    queue = ForwardMsgQueue()
    queue.enqueue(drawn)
    queue.clear(retain_lifecycle_msgs=True, fragment_ids_this_run=["its fragment"])
    assert queue.is_empty(), "Streamlit no longer drops a fragment's unsent messages as its run starts: the wait for " \
                             "the queue may go (quitlok/ui/internals.py, rerun_fragment)"

    loop = asyncio.new_event_loop()
    asked = []
    session = fake_session(monkeypatch, loop, asked, runner=None)
    session._browser_queue.enqueue(drawn)  # the whole run has ended, its messages not yet sent
    try:
        assert internals.rerun_fragment("a session", "its fragment") is True
        loop.run_until_complete(asyncio.sleep(0.2))
        assert asked == [], "asked while the last run's messages were still waiting to be sent"
        assert session._browser_queue.flush() == [drawn]  # the server's loop sends them
        loop.run_until_complete(asyncio.sleep(0.2))
        assert [a.fragment_id for a in asked] == ["its fragment"]
    finally:
        loop.close()


def last_client_state(page_script_hash: str):
    """A ClientState, as Streamlit keeps a session's last one (from a browser whose language is Hebrew)."""
    from streamlit.proto.ClientState_pb2 import ClientState

    state = ClientState(page_script_hash=page_script_hash, query_string="room=K7QF3M")
    state.context_info.locale = "he-IL"
    return state



def fake_session(monkeypatch, loop, asked: list, *, runner: object) -> object:
    """A server of one app session for `internals.rerun_fragment`: its event loop `loop`, its script runner
    `runner` (None: the run has ended), the page's last client state, an empty browser queue; the reruns it is
    asked for are appended to `asked`."""
    from types import SimpleNamespace

    from streamlit.runtime.forward_msg_queue import ForwardMsgQueue

    from quitlok.ui import internals

    session = SimpleNamespace(_event_loop=loop, _scriptrunner=runner, _client_state=last_client_state("page"),
                              _browser_queue=ForwardMsgQueue(), has_fragment=lambda fragment_id: True,
                              request_rerun=asked.append)
    server = SimpleNamespace(get_app_session=lambda session_id: session)
    monkeypatch.setattr(internals.runtime, "exists", lambda: True)
    monkeypatch.setattr(internals.runtime, "get_instance", lambda: server)
    return session

def test_a_pushed_fragment_run_keeps_the_browser_s_locale(monkeypatch):
    """A pushed run of a page's part carries the browser's context of the session's last run: its locale is the
    device's language (quitlok.ui.language), and a pupil's Hebrew phone read a pushed question in English without
    it (issue 26, item 4: each device in its own language). Streamlit reads st.context.locale from it."""
    import asyncio

    from streamlit.runtime import context

    from quitlok.ui import internals

    assert "ctx.context_info" in inspect.getsource(context._context_info_field), (
        "st.context.locale no longer comes from the run's client context: see internals.rerun_fragment")
    loop = asyncio.new_event_loop()
    asked = []
    fake_session(monkeypatch, loop, asked, runner=None)
    try:
        assert internals.rerun_fragment("a session", "its fragment") is True
        loop.run_until_complete(asyncio.sleep(0.2))
        assert [(a.fragment_id, a.context_info.locale) for a in asked] == [("its fragment", "he-IL")]
    finally:
        loop.close()


def _fragment_run_finished(fragment_id: str):
    """A fragment run's element and its "finished", as they wait in a session's queue for the browser."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    element = ForwardMsg()
    element.metadata.delta_path[:] = [0, 3, 5]
    element.delta.fragment_id = fragment_id
    element.delta.new_element.markdown.body = "the room's log"
    finished = ForwardMsg()
    finished.metadata.run.script_run_id = "the part's run"
    finished.metadata.run.fragment_ids.append(fragment_id)
    finished.script_finished = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
    return element, finished


def test_a_timers_fragment_run_keeps_the_finish_of_the_room_parts_run_still_queued():
    """The thirteenth reach: a heartbeat's run (started by the page's timer) while the room's part's pushed run is
    still queued for the browser keeps that run's elements, and now its "finished" too, so that the browser clears
    the part's stale elements (no moves left on screen on another seat's turn). A run of the part itself still
    turns it into "finished early", as Streamlit means it (that run's elements are dropped)."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from streamlit.runtime import forward_msg_queue
    from streamlit.runtime.forward_msg_queue import ForwardMsgQueue

    from quitlok.ui import internals

    assert callable(getattr(forward_msg_queue, "_update_script_finished_message", None))
    clear = getattr(ForwardMsgQueue.clear, "quitlok_original", ForwardMsgQueue.clear)
    assert list(inspect.signature(clear).parameters) == ["self", "retain_lifecycle_msgs", "fragment_ids_this_run"]

    def queued(clear_with, running: str):
        queue = ForwardMsgQueue()
        element, finished = _fragment_run_finished("room part")
        queue.enqueue(element)
        queue.enqueue(finished)
        clear_with(queue, retain_lifecycle_msgs=True, fragment_ids_this_run=[running])
        return queue.flush()

    streamlits = queued(clear, "heartbeat")
    assert [m.WhichOneof("type") for m in streamlits] == ["delta", "script_finished"]
    assert streamlits[1].script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN, (
        "Streamlit keeps another fragment's finish now: keep_other_fragments_finished may go")
    internals.keep_other_fragments_finished()
    internals.keep_other_fragments_finished()  # once per process, however often asked
    assert ForwardMsgQueue.clear.quitlok_original is clear
    kept = queued(ForwardMsgQueue.clear, "heartbeat")
    assert [m.WhichOneof("type") for m in kept] == ["delta", "script_finished"]
    assert kept[1].script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
    own = queued(ForwardMsgQueue.clear, "room part")
    assert [m.WhichOneof("type") for m in own] == ["script_finished"]
    assert own[0].script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN


def _workers_would_run():
    """A script that reports what a worker process spawned during its run would run as its `__main__`, without
    and then with the app's mark of the run (internals.app_run)."""
    import multiprocessing.spawn

    import streamlit as st

    from quitlok.ui import internals

    def main_of_a_worker():
        data = multiprocessing.spawn.get_preparation_data("worker")
        return {key: data[key] for key in data if key.startswith("init_main")}

    st.session_state["before"] = main_of_a_worker()
    with internals.app_run():
        st.session_state["during"] = main_of_a_worker()


def test_a_worker_spawned_during_a_run_does_not_run_the_app_again():
    """quitlok.costly spawns its workers; Python runs the parent's __main__ file again in each, and Streamlit's
    __main__ is the app's script: a worker ran tutorial_app.py in bare Python and logged "'Page' object has no
    attribute '_title'" (see quitlok/ui/internals.py). The app's run leaves the worker's __main__ alone."""
    at = AppTest.from_function(_workers_would_run, default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    assert "init_main_from_path" in at.session_state["before"], (
        "Streamlit no longer installs the script as __main__ with its file: the workaround "
        "(internals.keep_workers_off_the_app) may go")
    assert at.session_state["during"] == {"init_main_from_name": "__main__"}, at.session_state["during"]


def test_streamlit_still_draws_the_skip_link_and_the_icons_the_page_words_script_looks_for():
    """quitlok.ui.internals.page_words finds Streamlit's "Skip to main content" link and its Material icons by their
    test ids (the icons by their text, the icon's name); if Streamlit renames them, the link stays English and the
    icons unmirrored: revisit the workaround."""
    from pathlib import Path

    import streamlit

    from quitlok.ui import internals

    static = Path(streamlit.__file__).parent / "static" / "static" / "js"
    bundle = "".join(p.read_text(encoding="utf-8", errors="replace") for p in static.glob("*.js"))
    assert f'"data-testid":`{internals.SKIP_LINK}`' in bundle and f"children:`{internals.SKIP_LINK_WORDS}`" in bundle
    assert f'"data-testid":t.testid??`{internals.MATERIAL_ICON}`' in bundle  # the icon's name is its text


def test_a_worker_that_runs_the_app_s_file_again_runs_no_page():
    """The moment between the start of another visitor's run (Streamlit makes the script `__main__` again, with no
    spec) and that run's app_run is left: a worker spawned then runs tutorial_app.py as `__mp_main__`, as
    multiprocessing does, and must draw nothing (a class of five devices saw a worker log a page failure)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    worker = subprocess.run(
        [sys.executable, "-c",
         "import runpy; runpy.run_path('tutorial_app.py', run_name='__mp_main__'); print('done')"],
        cwd=root, capture_output=True, text=True, timeout=120)
    assert worker.returncode == 0, worker.stderr[-2000:]
    assert worker.stdout.strip() == "done"
    assert "A page failed" not in worker.stderr and "Traceback" not in worker.stderr, worker.stderr[-2000:]
    assert "ScriptRunContext" not in worker.stderr, "no page's code ran (it would have used Streamlit's commands)"
