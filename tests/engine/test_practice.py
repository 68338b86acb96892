"""The practice table behind the Play page."""

import pytest

from quitlok import QUITLOK
from quitlok.bots import cautious
from quitlok.errors import InvalidSetup
from quitlok.game import Bet, Stay, new_game
from quitlok.narration import YOU
from quitlok.practice import PracticeTable, start_table


def test_the_learner_sits_where_asked_and_the_highest_card_banks():
    table = start_table(QUITLOK, computers=4, seat=2, chips=20, bank=10, seed=11)
    assert table.state.players[2] == YOU and len(table.state.players) == 5
    last_round = dict(table.banker_draws[-1])
    assert last_round[table.state.banker] == max(last_round.values())


def test_skip_to_the_learner_stops_at_the_learners_decision():
    table = start_table(QUITLOK, computers=3, seat=3, chips=20, bank=10, seed=5).skip_to_human()
    assert table.humans_turn or table.state.is_over
    assert table.step() == table  # computers never act for the learner


def test_a_learner_may_be_the_first_banker():
    table = start_table(QUITLOK, computers=2, seat=0, chips=20, bank=10, banker=0, seed=1)
    assert table.state.banker == 0 and table.banker_draws == ()


def test_a_learner_without_chips_sits_out():
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=[20, 3, 20],
                     stock=[10, 5, 3, 8, 10, 5], seed=1)
    table = PracticeTable(state=state, human=1, computers=((0, cautious(0)), (2, cautious(2))))
    table = table.act(Bet(3)).act(Stay())  # all your chips on 18; this seed lets the banker reach 18 or more
    while table.state.hand_number == 1 and not table.state.is_over:
        table = table.step()
    assert table.state.purses[1] == 0 and table.human_out
    table = table.skip_to_human()
    assert not table.humans_turn


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"computers": 0}, "1 to 7 computer players"),
    ({"computers": 8}, "1 to 7 computer players"),
    ({"seat": 9}, "seat must be one of 1 to 4"),
    ({"bank": 50}, "cannot be more than each player's chips"),
    ({"style": "wild"}, "Unknown computer style"),
])
def test_impossible_tables_are_refused(kwargs, message):
    args = {"computers": 3, "seat": 0, "chips": 20, "bank": 10, "seed": 1} | kwargs
    with pytest.raises(InvalidSetup, match=message):
        start_table(QUITLOK, **args)


def test_skip_stops_at_the_end_of_every_hand_and_says_so():
    from quitlok import QUITLOK
    from quitlok.bots import cautious
    from quitlok.practice import start_table
    table = start_table(QUITLOK, computers=4, seat=4, chips=30, bank=10, style="bold", banker=0, seed=11)
    seen_ends = 0
    for _ in range(40):
        if table.state.is_over:
            break
        before = table.state.hands_finished
        table = table.skip_to_human() if not table.humans_turn else table.act(cautious(1).choose(table.state))
        if table.hand_ended:
            seen_ends += 1
            assert table.state.hands_finished == before + 1
        else:
            assert table.state.hands_finished == before
    assert seen_ends >= 3


def test_the_learner_chooses_the_stake_when_the_bank_comes_to_them():
    from quitlok import QUITLOK
    from quitlok.game import STAKE, StakeBank
    from quitlok.practice import start_table
    table = start_table(QUITLOK, computers=2, seat=0, chips=20, bank=10, banker=0, seed=5)
    assert table.state.phase == STAKE and table.humans_turn
    table = table.act(StakeBank(15))
    assert table.state.bank == 15 and table.state.purses[0] == 5


def test_a_computer_first_banker_has_staked_and_dealt_when_the_game_opens():
    from quitlok import QUITLOK
    from quitlok.practice import start_table
    table = start_table(QUITLOK, computers=3, seat=2, chips=20, bank=10, banker=0, seed=4)
    assert table.state.bank == 10 and table.state.hand_number == 1 and not table.hand_ended
