"""News of changed rooms and class sessions: who is watching what, and waking them when it changes.

A page that shows a room (or a class session) watches it; when the room's version grows, every watcher of that
room, and only those, is woken at once, instead of each page asking the database every second. One `News` per
server process (`NEWS`), fed from two places:

- in-process: the store publishes the new version right after the write's transaction commits (on SQLite, one
  server process, this is all there is; on PostgreSQL it is the quickest way for this server's own watchers);
- from other processes on the same SQLite file (a second server, a script, the tests): `listen` runs one thread
  per process and file that asks SQLite every `SQLITE_LOOK` seconds whether anyone wrote to the file
  (`PRAGMA data_version`, answered without reading a table) and, only then, reads the versions of the watched
  rooms;
- between servers: on PostgreSQL a trigger on the tables (quitlok.rooms.database) sends a NOTIFY inside the
  move's own transaction, so a move that commits is always announced and one rolled back never is; `listen`
  runs one thread per process and database that LISTENs and publishes what arrives. When its connection
  drops it connects again (waiting a little longer each time, up to `MOST_WAIT` seconds) and then wakes every
  watcher, since news may have been missed meanwhile.

A watcher is a key (who: a browser session, say) and a `wake(version)` callable, called on the publishing
thread: it must return at once (hand the work to another thread) and returns False when the watcher is gone
(it is then forgotten). A version not newer than the last one announced for that room wakes nobody (the same
move arrives in-process and by NOTIFY). Pure Python: no Streamlit here.
"""

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import quote

LOG = logging.getLogger("quitlok.news")

#: the PostgreSQL channel the trigger notifies on; the payload is "<topic> <code> <version>"
CHANNEL = "quitlok_news"
#: the longest wait, in seconds, between two tries to connect the listener again
MOST_WAIT = 5.0
#: how often, in seconds, the SQLite watcher asks whether another process wrote to the file (a PRAGMA that reads
#: no table: 40 a second cost about 0.1% of a core, and only while a page watches a room or a class)
SQLITE_LOOK = 0.025
#: a listener or watcher that has had nobody to wake for this many seconds ends (the next watch starts one again)
UNWATCHED = 120.0

#: what a watcher is woken with: the new version, or None when it is not known (news may have been missed)
Wake = Callable[[int | None], bool | None]


class Topic(NamedTuple):
    """What is watched: ("rooms", code) or ("classes", code)."""

    kind: str
    code: str


class News:
    """Who watches which topic, and the last version announced for each watched topic."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watching: dict[Topic, dict[str, Wake]] = {}
        self._topic_of: dict[str, Topic] = {}
        self._last: dict[Topic, int] = {}
        self._listeners: dict[str, Listener] = {}

    def watch(self, topic: Topic, who: str, wake: Wake) -> None:
        """`who` watches `topic` from now on (and nothing else: a page shows one room at a time)."""
        with self._lock:
            self._drop(who)
            self._watching.setdefault(topic, {})[who] = wake
            self._topic_of[who] = topic

    def forget(self, who: str) -> None:
        with self._lock:
            self._drop(who)

    def watchers(self, topic: Topic) -> list[str]:
        with self._lock:
            return list(self._watching.get(topic, {}))

    def publish(self, topic: Topic, version: int) -> int:
        """The topic is at `version` now: wake its watchers, unless that version was already announced.
        Returns how many were woken."""
        with self._lock:
            watchers = self._watching.get(topic)
            if not watchers or version <= self._last.get(topic, -1):
                return 0
            self._last[topic] = version
            woken = list(watchers.items())
        return self._wake(topic, woken, version)

    def wake_all(self) -> int:
        """Wake every watcher with an unknown version (the listener may have missed news)."""
        with self._lock:
            everyone = [(topic, list(watchers.items())) for topic, watchers in self._watching.items()]
            self._last.clear()
        return sum(self._wake(topic, woken, None) for topic, woken in everyone)

    def _wake(self, topic: Topic, woken: list[tuple[str, Wake]], version: int | None) -> int:
        gone = []
        for who, wake in woken:
            try:
                if wake(version) is False:
                    gone.append(who)
            except Exception:
                LOG.exception("Waking a watcher of %s failed; it is forgotten", topic)
                gone.append(who)
        if gone:
            with self._lock:
                for who in gone:
                    if self._watching.get(topic, {}).get(who) is dict(woken).get(who):
                        self._drop(who)
        return len(woken) - len(gone)

    def _drop(self, who: str) -> None:
        topic = self._topic_of.pop(who, None)
        if topic is None:
            return
        watchers = self._watching.get(topic, {})
        watchers.pop(who, None)
        if not watchers:
            self._watching.pop(topic, None)
            self._last.pop(topic, None)

    def anyone(self) -> bool:
        """Whether anyone watches anything."""
        with self._lock:
            return bool(self._watching)

    def watched(self, kind: str) -> list[str]:
        """The codes of the watched topics of `kind`."""
        with self._lock:
            return [topic.code for topic in self._watching if topic.kind == kind]

    def listen(self, url: str) -> "threading.Thread | None":
        """Start (once per database and process) the thread that hears of other processes' writes to the database
        at `url` (a SQLAlchemy URL): a Listener on PostgreSQL, a FileWatcher on a SQLite file; None for another
        database (an in-memory one: news in-process alone)."""
        backend = url.split(":", 1)[0].split("+", 1)[0]
        kind = {"postgresql": Listener, "sqlite": FileWatcher}.get(backend)
        if kind is FileWatcher and not sqlite_path(url):
            return None
        if kind is None:
            return None
        with self._lock:
            listener = self._listeners.get(url)
            if listener is None or not listener.is_alive():
                listener = self._listeners[url] = kind(self, url)
                listener.start()
        return listener


def parse(payload: str) -> tuple[Topic, int] | None:
    """A NOTIFY's payload as (topic, version), or None when it is not one of ours."""
    parts = payload.split(" ")
    if len(parts) != 3 or not parts[2].isdigit():
        return None
    return Topic(parts[0], parts[1]), int(parts[2])


def conninfo(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL (postgresql+psycopg://...) as psycopg's own connection string."""
    import sqlalchemy as sa

    return sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Alone:
    """Called now and then by a listener: True once `news` has had no watcher for UNWATCHED seconds."""

    def __init__(self, news: News, seconds: float | None = None) -> None:
        self.news, self.seconds = news, UNWATCHED if seconds is None else seconds
        self.since = time.monotonic()

    def __call__(self) -> bool:
        if self.news.anyone():
            self.since = time.monotonic()
            return False
        return time.monotonic() - self.since > self.seconds


def sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL, or None for an in-memory database."""
    import sqlalchemy as sa

    database = sa.make_url(url).database
    return database if database and database != ":memory:" else None


class FileWatcher(threading.Thread):
    """Hears of other processes' writes to a SQLite file (see the module docstring). `stop()` ends it (tests)."""

    def __init__(self, news: News, url: str, *, every: float = SQLITE_LOOK) -> None:
        super().__init__(name=f"quitlok-news-{id(self):x}", daemon=True)
        self.news, self.path, self.every = news, sqlite_path(url), every
        self._ending = threading.Event()

    def stop(self) -> None:
        self._ending.set()

    def run(self) -> None:
        import sqlite3

        seen, alone = None, Alone(self.news)
        while not self._ending.wait(self.every) and not alone():
            try:  # (mode=rw: a file that is not there is not made)
                file = f"file:{quote(self.path)}?mode=rw"
                with contextlib.closing(sqlite3.connect(file, uri=True, isolation_level=None, timeout=5)) as conn:
                    while not self._ending.is_set() and not alone():
                        now = conn.execute("PRAGMA data_version").fetchone()[0]
                        if now != seen:
                            seen = now
                            self._look(conn)
                        self._ending.wait(self.every)
            except Exception as lost:
                LOG.warning("Watching the rooms' file failed (%s); trying again", type(lost).__name__)
                seen = None
                self._ending.wait(MOST_WAIT)

    def _look(self, conn) -> None:
        """Publish the version of every watched room and class session (those unchanged wake nobody)."""
        for kind in ("rooms", "classes"):
            codes = self.news.watched(kind)
            if not codes:
                continue
            marks = ",".join("?" * len(codes))
            try:
                found = conn.execute(f"SELECT code, version FROM quitlok_{kind} WHERE code IN ({marks})",
                                     codes).fetchall()
            except Exception:  # the table is not there (yet)
                continue
            for code, version in found:
                self.news.publish(Topic(kind, code), version)


class Listener(threading.Thread):
    """One connection that LISTENs for the trigger's NOTIFY and publishes each one (see the module docstring).
    `connected` is set while it listens; `stop()` ends it (tests)."""

    def __init__(self, news: News, url: str, *, timeout: float = 1.0) -> None:
        super().__init__(name=f"quitlok-news-{id(self):x}", daemon=True)
        self.news, self.url, self.timeout = news, url, timeout
        self.connected = threading.Event()
        self.connections = 0
        self._ending = threading.Event()
        self._conn = None

    def stop(self) -> None:
        self._ending.set()

    def drop(self) -> None:
        """Close the connection under the listener (tests: as a database restart would)."""
        conn = self._conn
        if conn is not None:
            conn.close()

    def run(self) -> None:
        import psycopg

        wait, alone = 0.2, Alone(self.news)
        while not self._ending.is_set() and not alone():
            try:
                with psycopg.connect(conninfo(self.url), autocommit=True, connect_timeout=5) as conn:
                    self._conn = conn
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connections += 1
                    self.connected.set()
                    self.news.wake_all()  # what happened before it listened (or while it was away) is not known
                    wait = 0.2
                    while not self._ending.is_set() and not alone():
                        for note in conn.notifies(timeout=self.timeout):
                            news = parse(note.payload)
                            if news:
                                self.news.publish(*news)
            except Exception as lost:  # the database went away: try again a little later
                self.connected.clear()
                if not self._ending.is_set():
                    LOG.warning("Listening for room news failed (%s); trying again in %.1f s",
                                type(lost).__name__, wait)
                    self._ending.wait(wait)
                    wait = min(wait * 2, MOST_WAIT)
            finally:
                self._conn = None
                self.connected.clear()


#: this server process's news
NEWS = News()

