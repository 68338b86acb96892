"""The table says every word as before it read events: over random games (both presets, house rules, two to five
seats, the learner anywhere), quitlok.ui.table, built on events and SeatStatus, gives the same log by hands, the
same hand-over sentence, the same colours and icons of the statuses, the same notes under each seat and the same
order of play as the code that parsed sentences (tests/app/table_words_oracle.py, a frozen copy of it)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok.bots import cautious
from quitlok.game import apply_action, new_game
from quitlok.narration import YOU, log, status_line
from quitlok.practice import PracticeTable
from quitlok.ui import table as view
from tests.app import table_words_oracle as old
from tests.engine.test_seat_log import RULES
from tests.random_play import random_move


def _tables(rules, seats, you, seed):
    names = ["Ann", "Ben", "Cy", "Dov", "Eve"][:seats]
    names[you % seats] = YOU
    state = new_game(rules, names, banker=seed % seats, bank=8, purses=20, seed=seed, choose_stake=seed % 3 == 0)
    rng = random.Random(seed)
    computers = tuple((seat, cautious(seat)) for seat in range(seats) if seat != you % seats)
    for _ in range(150):
        ended = state.hands_finished
        if state.is_over:
            break
        state = apply_action(state, random_move(state, rng))
        yield PracticeTable(state=state, human=you % seats, computers=computers,
                            hand_ended=state.hands_finished > ended)


@settings(max_examples=15, deadline=None)
@given(rules=st.sampled_from(RULES), seats=st.integers(2, 5), you=st.integers(0, 4), seed=st.integers(0, 2**32 - 1),
       first=st.sampled_from([None, "Drawing for the first bank: Ann 9, Ben 4. The highest card banks."]))
def test_the_table_says_what_it_said_when_it_parsed_sentences(rules, seats, you, seed, first):
    for table in _tables(rules, seats, you, seed):
        s = table.state
        lines = tuple(map(status_line, s.seat_status))
        last = tuple(map(status_line, s.last_status))
        assert view.hands_in_log(table.events, s.players, table.viewer, first) == old.hands_in_log(
            ([first] if first else []) + list(table.log))
        if any(last):
            names = ["you" if seat == table.human else name for seat, name in enumerate(s.players)]
            title = old.ended_title(log(s), any(s.hands))
            assert view.hand_over_words(table) == old.hand_over_words(title, last, names, table.human)
        for seat in range(seats):
            assert view.status_kind(s.seat_status[seat]) == old.status_kind(lines[seat])
            assert view.status_kind(s.last_status[seat]) == old.status_kind(last[seat])
            shown, recalled = view.seat_notes(s.seat_status[seat], s.last_status[seat], table.hand_ended,
                                              len(s.hands[seat]))
            assert (None if shown is None else status_line(shown),
                    None if recalled is None else status_line(recalled)) == old.seat_lines(
                lines[seat], last[seat], table.hand_ended, len(s.hands[seat]))
            assert (not s.seat_status[seat].sitting_out) == old.plays_in_turn(lines[seat])
