"""The library's messages for people come in the reader's language: bad input raised through the public API
(quitlok.game, quitlok.odds' card checks, the house rules, the practice table, the rooms, the limits) gives a
message with no English left in the pseudo-language, the same message in English as before; the move labels
and the computer players' styles likewise. And a room's log, which the store keeps in words per seat, is kept
per language too: two devices at one table reading in two languages each read their own."""

import pickle
import re
from dataclasses import replace

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.actions import Aluvun, Bet, Blot, Keep, KeepBank, Reject, Retire, StakeBank, Stand, Stay, describe
from quitlok.bots import PLAYERS, RandomPlayer, style_name
from quitlok.costly import cpu_budget, spend
from quitlok.errors import IllegalAction, InvalidCards, InvalidSetup, QuitlokError, TooLarge, TooOften
from quitlok.game import apply_action, new_game
from quitlok.i18n import PSEUDO, use
from quitlok.limits import Limits, Rule
from quitlok.narration import sentences
from quitlok.odds import next_card_odds
from quitlok.practice import STYLES, start_table
from quitlok.rooms import BadName, NotHost, NotYourTurn, RoomError, RoomNotFound, Rooms
from tests.i18n.test_narration_words import escaped

#: program text a library message may name as it is: its own functions and values (what a caller types)
PROGRAM = ("new_game", "QUITLOK", "KVITLACH", "RuleSet", "Bet", "Stay", "quitlok")


def foreign(message: str, names=()) -> list[str]:
    """The English left in `message`, program text and `names` aside."""
    for word in PROGRAM:
        message = re.sub(rf"\b{word}\b", " ", message)
    return escaped(message, names)


def _bad_inputs(tmp_path):
    """(a call with bad input, the error it raises, names it may repeat) through the public API."""
    game = new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=20, seed=1)
    rooms = Rooms(f"sqlite:///{tmp_path / 'rooms.sqlite3'}")
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=20)
    guest = rooms.join(host.code, "Ben")
    limits = Limits(f"sqlite:///{tmp_path / 'limits.sqlite3'}", rules={"join": Rule(1, 1, 60)})
    limits.take("join", visitor="v1", address=None)
    return [
        (lambda: new_game(QUITLOK, ["Ann"], banker=0, bank=10, purses=20), InvalidSetup, ()),
        (lambda: new_game(QUITLOK, ["Ann", "Ann"], banker=0, bank=10, purses=20), InvalidSetup, ()),
        (lambda: new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=0, purses=20), InvalidSetup, ()),
        (lambda: new_game(QUITLOK, ["Ann", "Ben"], banker=5, bank=10, purses=20), InvalidSetup, ()),
        (lambda: new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=[20]), InvalidSetup, ()),
        (lambda: new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=[0, 20]), InvalidSetup, ("Ann",)),
        (lambda: new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=20, max_bet=3), InvalidSetup, ()),
        (lambda: new_game(KVITLACH, ["Ann", "Ben"], banker=0, bank=10, purses=[20, 5]), InvalidSetup, ()),
        (lambda: new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=20, stock=[13]), InvalidCards, ()),
        (lambda: new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=20, stock=[5, 5, 5]), InvalidCards,
         ()),
        (lambda: apply_action(game, Bet(500)), IllegalAction, ("Ben",)),
        (lambda: apply_action(game, Stand()), IllegalAction, ("Ben",)),
        (lambda: next_card_odds([13], [], QUITLOK), InvalidCards, ()),
        (lambda: replace(QUITLOK, copies=3), InvalidSetup, ()),
        (lambda: StakeBank(0), IllegalAction, ()),
        (lambda: start_table(QUITLOK, computers=9, seat=0, chips=20, bank=5, seed=1), InvalidSetup, ()),
        (lambda: start_table(QUITLOK, computers=2, seat=0, chips=4, bank=5, seed=1), InvalidSetup, ()),
        (lambda: rooms.join("22222", "Cy"), RoomNotFound, ()),
        (lambda: rooms.join(host.code, "Ben"), BadName, ("Ben",)),
        (lambda: rooms.join(host.code, "you"), BadName, ()),
        (lambda: rooms.join(host.code, "x" * 30), BadName, ()),
        (lambda: rooms.start(host.code, guest.token), NotHost, ("Ann",)),
        (lambda: rooms.join(host.code, 5), BadName, ()),
        (lambda: rooms.act(host.code, host.token, Stay(), version=0), NotYourTurn, ()),
        (lambda: limits.take("join", visitor="v1", address=None), TooOften, ("join",)),  # the step's key
    ], rooms


def test_bad_input_is_refused_in_the_readers_language(tmp_path):
    calls, rooms = _bad_inputs(tmp_path)
    try:
        for call, error, names in calls:
            with pytest.raises(error) as english:
                call()
            with use(PSEUDO), pytest.raises(error) as pseudo:
                call()
            assert isinstance(english.value, QuitlokError | RoomError)
            assert foreign(str(english.value), names), f"the check sees English: {english.value}"
            assert not foreign(str(pseudo.value), names), (str(pseudo.value), foreign(str(pseudo.value), names))
            assert str(pseudo.value) != str(english.value)
    finally:
        rooms.close()


def test_move_labels_and_styles_are_the_languages():
    actions = [Blot(), Bet(3), Stay(), Aluvun(), Reject(), Keep(), Stand(), Retire(), KeepBank(), StakeBank(8)]
    assert describe(Bet(3)) == "Bet 3" and describe(Aluvun(), "elvaroon") == "Call elvaroon"
    assert describe(Bet(2), raising=True) == "Raise 2" and describe(StakeBank(8)) == "Stake a bank of 8"
    with use(PSEUDO):
        for word in ("aluvun", "elvaroon"):
            for action in actions:
                assert not escaped(describe(action, word)), describe(action, word)
            assert not escaped(describe(Bet(2), word, raising=True))
        styles = {*STYLES, *(player().label for player in PLAYERS.values()), RandomPlayer().label, "steady"}
        for style in styles:
            assert style_name(style) != style and not escaped(style_name(style)), style
        for player in (*(make() for make in PLAYERS.values()), RandomPlayer()):
            for rules in (QUITLOK, KVITLACH):
                assert not escaped(player.describe(rules)), player.describe(rules)
    assert style_name("cautious") == "cautious" and style_name("best") == "best play"


def test_each_device_reads_a_rooms_log_in_its_own_language(tmp_path):
    rooms = Rooms(f"sqlite:///{tmp_path / 'rooms.sqlite3'}")
    try:
        host = rooms.create(QUITLOK, host="Ann", bank=10, purses=20)
        guest = rooms.join(host.code, "Ben")
        rooms.join(host.code, "Cyd")
        rooms.start(host.code, host.token, seed=3)
        rooms.pause(host.code, host.token)  # the room's own notes, each reader's too
        rooms.resume(host.code, host.token)
        rooms.remove_seat(host.code, host.token, 2, "bold")
        rooms.end(host.code, host.token)
        def said(view):  # the view holds events; each device words them in its own language (narration)
            return sentences(view.events, view.players, view.seat)

        english = said(rooms.view(host.code, host.token))
        assert "The host has paused the game." in english
        assert "Cyd has left the table; a computer player (bold) plays the seat from now on." in english
        with use(PSEUDO):
            pseudo = said(rooms.view(host.code, guest.token))
            again = said(rooms.view(host.code, host.token))
        assert english == said(rooms.view(host.code, host.token)) and len(again) == len(english) >= 5
        for lines in (pseudo, again):
            assert lines and all(not escaped(line, ["Ann", "Ben", "Cyd"]) for line in lines), lines
        assert any(escaped(line, ["Ann", "Ben"]) for line in english)
    finally:
        rooms.close()


def test_a_too_large_question_is_refused_in_the_language_of_whoever_reads_it():
    """A question refused for its size may be refused in a worker process, or kept in an answer that visitors of
    other languages share: its message is said when it is read, in the reader's language."""
    with cpu_budget(1e-9), pytest.raises(TooLarge) as refused:  # raised where no language is set (English)
        while True:
            spend()
    english = str(refused.value)
    assert english.startswith("this question takes more computing than the app gives one question")
    copy = pickle.loads(pickle.dumps(refused.value))  # as a worker process hands it back
    with use(PSEUDO):
        for error in (refused.value, copy):
            assert not escaped(str(error)) and str(error) != english
    assert str(copy) == english
