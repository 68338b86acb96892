"""A game saved in the old format (quitlok.state_json's format 1: the log as English sentences) is narrated in the
reader's language once read (issue 26): each old sentence is read back as the event it words
(narration.events_from_lines), and a line no event words stays as written."""

import json
import random
import re

from quitlok import QUITLOK
from quitlok import events as ev
from quitlok.game import YOU
from quitlok.i18n import use
from quitlok.narration import log, sentences
from quitlok.state_json import state_from_json
from tests.engine import prose_oracle as old
from tests.engine.test_events import _choose, _old_format

PLAYERS = ["Bella", YOU, "Chaim"]


def _old_game(seed: int, moves: int = 80):
    was = old.new_game(QUITLOK, PLAYERS, banker=0, bank=8, purses=30, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if was.is_over:
            break
        was = old.apply_action(was, _choose(rng, old.legal_actions(was)))
    return was


def test_an_old_save_s_log_is_narrated_in_hebrew():
    was = _old_game(5)
    loaded = state_from_json(_old_format(was))
    assert len(was.events) > 30 and log(loaded) == was.events  # English reads as the old engine wrote it
    assert not any(isinstance(event, ev.Prose) for event in loaded.events)
    with use("he"):
        hebrew = sentences(loaded.events, loaded.players)
    assert len(hebrew) == len(was.events)
    for line, english in zip(hebrew, was.events, strict=True):
        assert line != english and not re.search(r"[A-Za-z]{3}", line), (line, english)


def test_a_line_no_event_words_stays_as_written():
    data = json.loads(_old_format(_old_game(7, moves=10)))
    data["events"][1:1] = ["Grandma says: bets are off!", "Bella bets 3 on the dreidel."]
    loaded = state_from_json(json.dumps(data))
    kept = [event for event in loaded.events if isinstance(event, ev.Prose)]
    assert [event.text for event in kept] == ["Grandma says: bets are off!", "Bella bets 3 on the dreidel."]
    with use("cs"):
        czech = sentences(loaded.events, loaded.players)
    assert czech[1:3] == ("Grandma says: bets are off!", "Bella bets 3 on the dreidel.")
    assert not any("Bella" in line for line in czech[3:])
