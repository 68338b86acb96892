"""One table, three languages (issue 26, item 4), without a browser: the same room and the same class table, as each
seat and an onlooker read them, worded in English, Hebrew and Czech (`with use(...)`) from what the store keeps, and
no line holds a word of another language (tests/i18n/mixed.py). Each seat reads its own moves as "You bet 3" and the
others' as "Ann bets 3", in every language; the class's seat is worded by each device ("The class", "הכיתה",
"Třída"), also at a table an earlier version stored with the English name."""

import pytest
import sqlalchemy as sa

from quitlok import QUITLOK
from quitlok.actions import Bet, Draw, Keep, KeepBank, StakeBank, Stand, Stay, describe
from quitlok.classroom.store import CLASS_SEAT, OLD_CLASS_NAME, TABLE_STYLES, Classes, stored_round
from quitlok.game import CLASS, seat_name
from quitlok.i18n import SOURCE, _, pgettext, use
from quitlok.narration import hand_over_words, sentences, status_line
from quitlok.practice import COMPUTER_NAMES
from quitlok.rooms import BadName, Rooms, RoomView, seat_table
from quitlok.rooms import store as store_module
from quitlok.rooms.database import SEATS
from quitlok.ui.table import first_bank
from tests.i18n.mixed import english_words, foreign

LANGUAGES = ("en", "he", "cs")
#: the people at the table: a grandmother who types her name in Hebrew, a grandson in Latin letters
GRANDMOTHER, GRANDSON = "סבתא", "Dov"
NAMES = (GRANDMOTHER, GRANDSON, *COMPUTER_NAMES)


@pytest.fixture(autouse=True)
def moves_not_time(monkeypatch):
    """A call's step of computer moves bounded by their number alone (as tests/rooms/conftest.py does)."""
    monkeypatch.setattr(store_module, "COMPUTER_SECONDS", 3600.0)


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"


@pytest.fixture
def rooms(url):
    store = Rooms(url)
    yield store
    store.close()


def move(view: RoomView):
    """A plain move that ends a hand soon: the least bank, a bet of 1 once, then stay, stand or keep."""
    legal = view.legal
    for wanted in (StakeBank, KeepBank):
        if chosen := [a for a in legal if isinstance(a, wanted)]:
            return chosen[0]
    if not view.stakes[view.seat] and Bet(1) in legal:
        return Bet(1)
    return next((a for a in legal if isinstance(a, Stay | Stand | Keep)), None) or next(
        (a for a in legal if isinstance(a, Draw)), legal[-1])


def play_a_hand(rooms: Rooms, seats: dict[str, str], code: str) -> None:
    """The people make their moves (the computers play on by themselves) until a hand has ended."""
    for _step in range(200):
        views = {name: rooms.view(code, token) for name, token in seats.items()}
        if any(v.hands_finished for v in views.values()) or any(v.over for v in views.values()):
            return
        name = next((name for name, v in views.items() if v.legal), None)
        if name is not None:
            view = views[name]
            rooms.act(code, seats[name], move(view), version=view.version)
    pytest.fail("no hand ended within 200 steps")


def lines(view: RoomView) -> list[str]:
    """Everything a room's page words for this view from what the store keeps: the log (its hands' titles and the
    room's own notes in it), each seat's status, how the last hand ended, how the first bank was chosen."""
    said = list(sentences(view.events, view.players, view.seat))
    said += [status_line(status) for status in (*view.status, *view.last_hand) if status.kind]
    if any(status.kind for status in view.last_hand):
        said.append(hand_over_words(_("The last hand"), view.last_hand, view.players, view.seat))
    said.append(first_bank(seat_table(view)) or "")
    return [line for line in said if line]


@pytest.fixture
def room(rooms):
    """A family's room: the grandmother hosts, her grandson joins, a computer player fills a seat; a hand is played
    through, the host pauses the game and lets it go on, and the grandson comes back on a new phone."""
    host = rooms.create(QUITLOK, host=GRANDMOTHER, bank=10, purses=40)
    grandson = rooms.join(host.code, GRANDSON)
    rooms.add_computer(host.code, host.token, "cautious")
    rooms.start(host.code, host.token, seed=3)
    seats = {GRANDMOTHER: host.token, GRANDSON: grandson.token}
    play_a_hand(rooms, seats, host.code)
    rooms.pause(host.code, host.token)
    rooms.resume(host.code, host.token)
    request = rooms.ask(host.code, GRANDSON)
    rooms.let_in(host.code, host.token, request.number)
    seats[GRANDSON] = request.token
    return host.code, seats


def test_each_seat_reads_its_own_moves_as_you_and_the_others_by_name_in_every_language(rooms, room):
    code, seats = room
    for language in LANGUAGES:
        with use(language):
            for me, token in seats.items():
                view = rooms.view(code, token)
                said = lines(view)
                other = next(name for name in seats if name != me)
                assert not [line for line in said if me in line], f"{me} is spoken to as you in {language}"
                assert any(other in line for line in said), f"{me} reads {other}'s moves by name in {language}"
                yours = {_("You have the turn."), _("You take the bank and stake {bank}.").format(bank=10)}
                assert yours & set(said), f"{me}'s own turn or bank in the second person, in {language}"
    with use(SOURCE):
        host = rooms.view(code, seats[GRANDMOTHER])
        assert "You take the bank and stake 10." in sentences(host.events, host.players, host.seat)
        assert f"{GRANDMOTHER} takes the bank and stakes 10." in sentences(
            rooms.view(code, seats[GRANDSON]).events, host.players, 1)


def test_one_room_is_worded_in_three_languages_with_no_word_of_another(rooms, room):
    code, seats = room
    views = [rooms.view(code, token) for token in seats.values()] + [rooms.watch(code)]
    for view in views:
        worded = {}
        for language in LANGUAGES:
            with use(language):
                worded[language] = lines(view)
                for line in worded[language]:
                    assert not foreign(line, language, NAMES, strict=True), (language, line)
        assert len(worded["he"]) == len(worded["en"]) == len(worded["cs"]), "the same lines in each language"
        for english, hebrew, czech in zip(worded["en"], worded["he"], worded["cs"], strict=True):
            assert hebrew != english and czech != english, (english, hebrew, czech)
    notes = " ".join(sentences(views[0].events, views[0].players, views[0].seat))
    assert "paused" in notes and "new device" in notes, "the room's own notes are in the log"


def test_the_czech_check_knows_english_when_it_sees_it():
    """The Czech check finds the English of the narration the Czech catalog translates (it is not blind)."""
    assert {"bets", "takes", "turn", "stays"} <= english_words("cs", strict=True)
    with use("cs"):
        assert foreign(_("{name} has the turn.").format(name="Dov"), "cs", NAMES, strict=True) == []
    assert "turn" in foreign("Dov has the turn.", "cs", NAMES, strict=True)
    assert "and takes a face-down card" in foreign("Dov bets 1 (stake 1) and takes a face-down card.", "cs", NAMES)
    assert foreign("Dov has the turn.", "he", NAMES) == ["has", "the", "turn"]
    assert foreign(f"{GRANDMOTHER} הימרה", "en", NAMES) == ["הימרה"]


# --- the class table ---------------------------------------------------------------------------------------


@pytest.fixture
def classes(url):
    store = Classes(url)
    yield store
    store.close()


def class_table(classes: Classes):
    teacher = classes.create(QUITLOK, seed=11)
    for nickname in ("Avi", "Zelda"):
        classes.join(teacher.code, nickname)
    classes.start_table(teacher.code, teacher.token)
    return teacher


def stored_names(url: str, room: str) -> list[str]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.select(SEATS.c.name).where(SEATS.c.code == room).order_by(SEATS.c.seat))
                        .scalars())
    finally:
        engine.dispose()


def test_the_class_table_keeps_a_key_for_the_class_and_each_device_words_it(classes, url):
    teacher = class_table(classes)
    table = classes.view(teacher.code, teacher.token).table
    assert stored_names(url, table.code)[CLASS_SEAT] == CLASS, "the seat's name is a key, not English words"
    assert table.players[CLASS_SEAT] == CLASS
    onlooker = classes.rooms.watch(table.code)  # every seat in the third person: the class named
    words = {"en": "The class", "he": "הכיתה", "cs": "Třída"}
    for language in LANGUAGES:
        with use(language):
            assert seat_name(CLASS) == words[language]
            said = list(sentences(onlooker.events, onlooker.players, None))
            assert any(words[language] in line for line in said), said
            for line in said + lines(table):
                assert not foreign(line, language, NAMES, strict=True), (language, line)
            assert CLASS not in " ".join(said + lines(table)), "the key is never shown as it is"


def test_the_class_reads_its_own_moves_as_you_and_its_vote_in_each_language(classes):
    teacher = class_table(classes)
    table = classes.view(teacher.code, teacher.token).table
    if not table.legal:
        pytest.skip("the class is not to act at this deal")  # pragma: no cover - the class seat acts first
    classes.open_vote(teacher.code, teacher.token)
    for language in LANGUAGES:
        with use(language):
            session = classes.screen(teacher.code)  # the projector's view, worded on the projector
            assert session.round.options == tuple(describe(a, QUITLOK.aluvun_word) for a in session.round.vote.actions)
            assert session.round.title == _("The class's move")
            said = sentences(session.table.events, session.table.players, session.table.seat)
            assert not [line for line in said if seat_name(CLASS) in line], "the class is spoken to as you"
            for line in [*said, *session.round.options]:
                assert not foreign(line, language, NAMES, strict=True), (language, line)


def test_a_class_table_stored_with_the_english_name_reads_in_each_language(classes, url):
    """An earlier version named the class's seat "The class" in its seats and in its game: it reads as the key."""
    teacher = classes.create(QUITLOK, seed=11)
    seat = classes.rooms.create(QUITLOK, host=OLD_CLASS_NAME, bank=10, purses=20)
    for style in TABLE_STYLES:
        classes.rooms.add_computer(seat.code, seat.token, style)
    classes.rooms.start(seat.code, seat.token)
    from quitlok.classroom.store import CLASSES
    with classes._engine.begin() as conn:
        conn.execute(sa.update(CLASSES).where(CLASSES.c.code == teacher.code)
                     .values(table_room=seat.code, table_token=seat.token))
    assert stored_names(url, seat.code)[CLASS_SEAT] == OLD_CLASS_NAME
    for view in (classes.view(teacher.code, teacher.token).table, classes.screen(teacher.code).table):
        assert view.players[CLASS_SEAT] == CLASS and view.state.players[CLASS_SEAT] == CLASS
        with use("he"):
            assert seat_name(view.players[CLASS_SEAT]) == "הכיתה"
            for line in lines(view):
                assert not foreign(line, "he", NAMES), line


def test_a_vote_stored_as_english_labels_reads_in_each_language():
    """A vote an earlier version stored as its buttons' English labels: each device reads the moves in its own."""
    stored = {"vote": ["Stay", "Bet 2", "Blot (free face-up card)"], "room_version": 3}
    for language in LANGUAGES:
        with use(language):
            options = stored_round(QUITLOK, stored).vote.options
            assert options == (describe(Stay()), describe(Bet(2)), pgettext("move", "Blot (free face-up card)"))
            if language != "en":
                assert options[0] != "Stay" and not foreign(" ".join(options), language, NAMES), options


def test_nobody_can_take_the_class_s_key_as_a_name(rooms):
    with pytest.raises(BadName):
        rooms.create(QUITLOK, host=CLASS, bank=10, purses=20)
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=20)
    with pytest.raises(BadName):
        rooms.join(host.code, CLASS.upper())


def test_the_class_chart_s_exact_chance_is_written_as_the_device_s_language_writes_numbers():
    from quitlok.ui.charts import class_slider_chart

    for language, written in (("en", "12.5"), ("cs", "12,5")):
        with use(language):
            (note,) = class_slider_chart([10.0, 20.0], 12.5, 5).layout.annotations
        assert written in note.text, (language, note.text)


def test_where_no_language_was_set_the_words_are_the_session_s(monkeypatch):
    """Streamlit runs a widget's callback before the page sets the run's language: there (a context that set no
    language) the words are the session's (quitlok.ui.language.session_language), not English: the note on a move
    made at a Hebrew device's table is in Hebrew."""
    import contextvars

    from quitlok import i18n
    from quitlok.ui.language import session_language

    assert session_language() is None, "outside a run of a page: no session"
    with use("he"):
        hebrew = _("You have the turn.")
    monkeypatch.setattr(i18n, "_FALLBACK", [lambda: "he"])
    assert contextvars.Context().run(lambda: _("You have the turn.")) == hebrew != "You have the turn."
    with use("cs"):
        assert contextvars.Context().run(lambda: _("You have the turn.")) == hebrew, "a context of its own"
        assert _("You have the turn.") != hebrew, "a language set comes first"
    monkeypatch.setattr(i18n, "_FALLBACK", [lambda: None])
    assert contextvars.Context().run(lambda: _("You have the turn.")) == "You have the turn."
