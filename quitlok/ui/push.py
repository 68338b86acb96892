"""Pages that follow a room or a class session are woken when it changes, instead of asking every second.

A page's following fragment calls `watch(store, code)` on each of its runs: this browser session then watches
the room (quitlok.rooms.news, one `NEWS` per server process). A move's write publishes the room's new version
(in this process once it commits; on PostgreSQL, other app servers hear of it through LISTEN/NOTIFY), and
every session watching that room, and only those, has its following fragment run again at once by the server
(`internals.rerun_fragment`): the fragment sees the new version and draws the page again. An idle page costs
the server nothing but a fragment run every `FALLBACK` seconds, its safety net (a news missed while the
database was away, a page the server could not reach).

A page whose part for the room is drawn in a fragment of its own (quitlok.ui.parts) has the server rerun that
part alone, not the whole page (its sidebar, its list of pages, its keepers): on a server with many phones a move
reaches each of them sooner (issue 23, item 5).
"""



from quitlok.rooms.database import Store
from quitlok.rooms.news import Topic
from quitlok.ui import internals

#: seconds between two looks of a following fragment that hears of no change (the safety net)
FALLBACK = 30.0
#: after how many seconds without a run of the following fragment the page asks for one (internals.stalled)
STALLED = 2 * FALLBACK + 5


def watch(store: Store, code: str) -> bool:
    """Call inside the fragment that follows room (or class session) `code` of `store`: from now on, a change of
    it reruns this fragment at once. False where the server cannot push (no server: AppTest)."""
    where = internals.this_fragment()
    if where is None:
        return False
    session_id, fragment_id = where
    internals.keep_other_fragments_finished()
    store.listen()

    def wake(_version: int | None) -> bool:
        if internals.running_session() == session_id:
            return True  # this session made the change: the run under way draws it
        return internals.rerun_fragment(session_id, fragment_id)

    store.news.watch(Topic(store.topic, code), session_id, wake)
    return True
