"""One rule, one place (issue 25, item 6): the rules of play are judged by quitlok.rulebook, the odds name their
moves with quitlok.moves, and no module reaches into another's private names."""

import ast
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK
from quitlok.actions import Aluvun, Bet, Blot, Draw, Stay
from quitlok.game import PROTECTED, TURN, apply_action, legal_actions, new_game
from quitlok.moves import KVITLACH_MOVES, QUITLOK_MOVES, Move
from quitlok.odds import action_values
from quitlok.rulebook import best_total, is_bust, is_twenty_one, player_wins, turn_moves
from quitlok.stock import Stock

ROOT = Path(__file__).resolve().parents[2]
#: the code of the app: the package, its pages and the entry point
APP_CODE = (*sorted((ROOT / "quitlok").rglob("*.py")), *sorted((ROOT / "pages").rglob("*.py")),
            ROOT / "tutorial_app.py")


#: the one public name that looks private: gettext's `_`, the translation of a string (quitlok.i18n, issue 26)
GETTEXT = ("quitlok.i18n", "_")


def private_imports(source: str, path: str = "<planted>") -> list[str]:
    """Every `from quitlok... import _name` (or a relative one) in `source`: 'path:line: module._name' (but
    gettext's `from quitlok.i18n import _`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] == "quitlok"):
            found += [f"{path}:{node.lineno}: {node.module}.{alias.name}" for alias in node.names
                      if alias.name.startswith("_") and not alias.name.startswith("__")
                      and (node.module, alias.name) != GETTEXT]
    return found


def test_no_module_imports_another_modules_private_names():
    found = [hit for path in APP_CODE
             for hit in private_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, "private names imported across modules:\n" + "\n".join(found)


def test_the_private_import_check_finds_a_planted_one():
    planted = ("import quitlok\nfrom quitlok.odds import advise\nfrom quitlok.odds import (\n    percent,\n"
               "    _solver,\n)\nfrom .store import _code\nfrom quitlok.rules import __all__\nfrom os import _exit\n"
               "from quitlok.i18n import _\nfrom quitlok.i18n import _pattern\n")
    assert private_imports(planted) == ["<planted>:3: quitlok.odds._solver", "<planted>:7: store._code",
                                        "<planted>:11: quitlok.i18n._pattern"]


def test_the_odds_moves_are_named_in_quitlok_moves_alone():
    """No string of the odds' vocabulary for a call at 11 ("bet+aluvun", ...) and no test of a name's ending
    ("+aluvun") outside quitlok/moves.py: the rest of the app asks a Move what it is."""
    compound = {move.value for move in Move if "+" in move.value} | {"+aluvun"}
    found = []
    for path in APP_CODE:
        if path.name == "moves.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in compound]
    assert not found, "\n".join(found)


# --- the predicates ---------------------------------------------------------------------------------------------


@given(st.integers(1, 30), st.integers(1, 30))
def test_a_stake_wins_against_a_bust_banker_or_a_lower_total_and_ties_go_to_the_banker(mine, banker):
    wins = player_wins(mine, banker)
    assert wins == (banker > 21 or mine > banker)
    if mine == banker <= 21:
        assert not wins
    # the Lab asks it of many hands at once: elementwise, the same answer
    assert player_wins(np.array([mine, mine]), np.array([banker, 1])).tolist()[0] == wins


def test_bust_and_twenty_one():
    assert [is_bust(v) for v in (20, 21, 22)] == [False, False, True]
    assert [is_twenty_one(v) for v in (20, 21, 22)] == [False, True, False]
    assert best_total({24, 21, 18}) == 21 and best_total({30, 25}) == 25


def test_each_move_is_the_game_actions_that_make_it():
    assert Move.BET == "bet" and {Move.BLOT_ALUVUN: 1} == {"blot+aluvun": 1}
    assert Move.BET_ALUVUN.actions(3) == (Aluvun(), Bet(3))
    assert Move.RAISE_ALUVUN.actions(2) == (Aluvun(), Bet(2))
    assert Move.DRAW_ALUVUN.after(1, 2) == (1, 2, True) and Move.RAISE_ALUVUN.after(1, 2) == (3, 0, True)
    assert Move.STAY.actions(1) == (Stay(),)
    assert Move.of(Bet, aluvun=True, bet_first=True) is Move.RAISE_ALUVUN
    assert Move.of(Bet, aluvun=True, bet_first=False) is Move.BET_ALUVUN
    assert [Move.of(kind, aluvun=False, bet_first=False) for kind in (Blot, Bet, Draw, Stay)] == [
        Move.BLOT, Move.BET, Move.DRAW, Move.STAY]


def test_the_moves_before_and_after_the_call():
    q = turn_moves(QUITLOK, staked=False, room=2, can_draw=True, aluvun=True, called=False)
    assert q == (Blot, Bet, Aluvun, Stay)
    assert turn_moves(QUITLOK, staked=False, room=2, can_draw=True, aluvun=True, called=True) == (Blot, Bet)
    assert turn_moves(replace(QUITLOK, blots=False), staked=True, room=0, can_draw=True, aluvun=True,
                      called=False) == (Stay,)  # no card to follow the call
    assert turn_moves(KVITLACH, staked=False, room=2, can_draw=True, aluvun=True, called=False) == (Bet, Stay)
    assert turn_moves(KVITLACH, staked=True, room=2, can_draw=True, aluvun=True, called=False) == (
        Draw, Aluvun, Stay)
    assert turn_moves(KVITLACH, staked=True, room=2, can_draw=True, aluvun=True, called=True) == (Draw, Bet)
    assert turn_moves(KVITLACH, staked=True, room=0, can_draw=True, aluvun=True, called=True) == (Draw,)


_RULES = {"quitlok": QUITLOK, "kvitlach": KVITLACH, "no-blots": replace(QUITLOK, blots=False),
          "no-raise": replace(KVITLACH, elvaroon_raise=False), "no-aluvun": replace(QUITLOK, aluvun=False),
          "no-framed-pair": replace(QUITLOK, framed_pair_21=False, twelve_values=(12, 10, 9))}


@pytest.mark.parametrize("rules", _RULES.values(), ids=_RULES.keys())
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_odds_price_exactly_the_moves_the_game_allows(rules, seed):
    """At a player's turn (his bet placed, under bet-first rules), each move the odds price is a legal sequence
    of the game's actions, and each legal action begins one of them: the odds and the game read their moves
    from one rule (quitlok.rulebook.turn_moves)."""
    rng = random.Random(seed)
    state = new_game(rules, ["Ann", "Ben", "Cy"], banker=0, bank=20, purses=12, seed=seed)
    for _ in range(40):
        if state.to_act is None:
            return
        seat = state.to_act
        asked = (state.phase == TURN and seat != state.banker and not state.aluvun_called
                 and state.cards_available > 0 and (state.stakes[seat] or not rules.bet_first))
        if asked and rng.random() < 0.5:
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
    else:
        return
    if not asked or state.phase == PROTECTED:
        return
    room = state.bet_room(seat)
    values = action_values(state.hands[seat], state.seen_by(seat), rules, stake=state.stakes[seat], room=room,
                           stock=Stock.of(state))
    assert tuple(values) == tuple(m for m in (KVITLACH_MOVES if rules.bet_first else QUITLOK_MOVES) if m in values)
    legal = legal_actions(state)
    for move in values:
        first, *rest = move.actions(room)
        assert first in legal, (move, legal)
        if rest:
            assert rest[0] in legal_actions(apply_action(state, first)), move
    assert {type(move.actions(room)[0]) for move in values} == {type(action) for action in legal}, (legal, values)

