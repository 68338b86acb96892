"""News of changed rooms (quitlok.rooms.news): a move wakes the pages watching that room, and only those, in this
process at once and in other processes (another app server) through PostgreSQL's LISTEN/NOTIFY or the SQLite
file; the listener comes back after its connection to PostgreSQL is cut."""

import threading
import time

import pytest
import sqlalchemy as sa

from quitlok import QUITLOK
from quitlok.classroom.store import Classes
from quitlok.rooms import Rooms, StaleView
from quitlok.rooms import news as news_module
from quitlok.rooms.news import News, Topic, parse
from tests.rooms.helpers import table

#: how long news may take to arrive from another process (a notification, or the file watcher's look)
PATIENCE = 5.0


class Woken:
    """A watcher that notes each version it is woken with."""

    def __init__(self, answer: bool | None = None) -> None:
        self.versions: list[int | None] = []
        self.answer = answer
        self.event = threading.Event()

    def __call__(self, version: int | None) -> bool | None:
        self.versions.append(version)
        self.event.set()
        return self.answer

    def wait_for(self, version: int, seconds: float = PATIENCE) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if version in self.versions:
                return True
            self.event.wait(0.02)
            self.event.clear()
        return version in self.versions


def move(rooms: Rooms, seat) -> int:
    view = rooms.view(seat.code, seat.token)
    mover = seat if view.to_act == seat.seat else None
    assert mover is not None
    return rooms.act(seat.code, seat.token, view.legal[0], version=view.version)


def whose_turn(rooms: Rooms, seats):
    to_act = rooms.view(seats[0].code, seats[0].token).to_act
    return next(s for s in seats if s.seat == to_act)


def test_a_move_wakes_the_watchers_of_its_room_and_no_other(database_url):
    news = News()
    rooms = Rooms(database_url, news=news)
    try:
        ours, theirs = table(rooms), table(rooms)
        ann, dov, elsewhere = Woken(), Woken(), Woken()
        news.watch(Topic("rooms", ours[0].code), "ann", ann)
        news.watch(Topic("rooms", ours[0].code), "dov", dov)
        news.watch(Topic("rooms", theirs[0].code), "eve", elsewhere)
        version = move(rooms, whose_turn(rooms, ours))
        assert ann.versions == [version] and dov.versions == [version]
        assert elsewhere.versions == []
    finally:
        rooms.close()


def test_a_refused_move_wakes_nobody_and_leaves_no_news_behind(database_url):
    news = News()
    rooms = Rooms(database_url, news=news)
    try:
        seats = table(rooms)
        woken = Woken()
        news.watch(Topic("rooms", seats[0].code), "ann", woken)
        mover = whose_turn(rooms, seats)
        view = rooms.view(mover.code, mover.token)
        with pytest.raises(StaleView):
            rooms.act(mover.code, mover.token, view.legal[0], version=view.version - 1)
        assert woken.versions == []
        version = rooms.act(mover.code, mover.token, view.legal[0], version=view.version)
        assert woken.versions == [version]
    finally:
        rooms.close()


def test_a_version_already_announced_wakes_nobody_and_a_gone_watcher_is_forgotten():
    news = News()
    topic = Topic("rooms", "ABCDEF")
    here, gone = Woken(), Woken(answer=False)
    news.watch(topic, "here", here)
    news.watch(topic, "gone", gone)
    assert news.publish(topic, 5) == 1
    assert news.publish(topic, 5) == 0 and news.publish(topic, 4) == 0
    assert here.versions == [5] and gone.versions == [5]
    assert news.watchers(topic) == ["here"]
    news.watch(Topic("rooms", "GHJKMN"), "here", here)  # a page follows one room at a time
    assert news.watchers(topic) == []


def test_a_class_sessions_new_question_wakes_its_pupils(database_url):
    news = News()
    classes = Classes(database_url, news=news)
    try:
        teacher = classes.create(QUITLOK, seed=1)
        woken = Woken()
        news.watch(Topic("classes", teacher.code), "pupil", woken)
        version = classes.ask(teacher.code, teacher.token)
        assert woken.versions == [version]
    finally:
        classes.close()


def test_payloads_that_are_not_ours_are_ignored():
    assert parse("rooms ABCDEF 12") == (Topic("rooms", "ABCDEF"), 12)
    assert parse("rooms ABCDEF x") is None and parse("hello") is None


def other_server(url: str) -> tuple[News, Rooms]:
    """What another app server holds: its own news and its own store (its moves are published in its process)."""
    return News(), Rooms(url, news=News())


def assert_heard(here: News, writer: Rooms, url: str) -> None:
    """A move made through `writer` (another server) wakes a watcher of its room through `here`'s listener on `url`;
    `writer` is closed after."""
    listener = None
    try:
        seats = table(writer)
        woken = Woken()
        here.watch(Topic("rooms", seats[0].code), "page", woken)
        listener = here.listen(url)
        assert listener is not None
        time.sleep(0.5)  # listening
        version = move(writer, whose_turn(writer, seats))
        assert woken.wait_for(version), woken.versions
    finally:
        if listener is not None:
            listener.stop()
        writer.close()


def test_another_process_hears_of_a_move(database_url):
    """Another app server: on PostgreSQL through the trigger's NOTIFY, on SQLite through the file watcher."""
    here, writer = other_server(database_url)
    rooms = Rooms(database_url, news=here)
    try:
        assert_heard(here, writer, rooms.url)
    finally:
        rooms.close()


def test_the_listener_comes_back_after_its_connection_is_cut(postgres_url):
    here, writer = other_server(postgres_url)
    listener = here.listen(postgres_url)
    try:
        seats = table(writer)
        woken = Woken()
        here.watch(Topic("rooms", seats[0].code), "page", woken)
        assert listener.connected.wait(PATIENCE)
        engine = sa.create_engine(postgres_url, poolclass=sa.pool.NullPool)
        with engine.begin() as conn:  # as a database restart would: the server ends the listener's connection
            cut = conn.execute(sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                       "WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()")).all()
        engine.dispose()
        assert cut, "the listener's connection was found"
        end = time.monotonic() + PATIENCE
        while listener.connections < 2 and time.monotonic() < end:
            time.sleep(0.02)
        assert listener.connections >= 2 and listener.connected.wait(PATIENCE)
        assert None in woken.versions, "coming back, it wakes every watcher: news may have been missed"
        version = move(writer, whose_turn(writer, seats))
        assert woken.wait_for(version), woken.versions
    finally:
        listener.stop()
        writer.close()


def test_a_listener_with_nobody_to_wake_ends_and_the_next_watch_starts_one(database_url, monkeypatch):
    monkeypatch.setattr(news_module, "UNWATCHED", 0.3)
    here, writer = other_server(database_url)
    try:
        seats = table(writer)
        woken = Woken()
        here.watch(Topic("rooms", seats[0].code), "page", woken)
        first = here.listen(writer.url)
        here.forget("page")
        first.join(PATIENCE)
        assert not first.is_alive(), "nobody watches: it ended"
        here.watch(Topic("rooms", seats[0].code), "page", woken)
        second = here.listen(writer.url)
        assert second is not first and second.is_alive()
        time.sleep(0.5)
        version = move(writer, whose_turn(writer, seats))
        assert woken.wait_for(version), woken.versions
        second.stop()
    finally:
        writer.close()
