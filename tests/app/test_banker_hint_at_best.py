"""The banker's Hint where the solved game applies (issue 27, item 4): it leads with the banker's play at his best
(the chances when mixed, and why), then today's prices; the note after his move follows it too; outside the spot
the Hint says where the solved game applies."""

from streamlit.testing.v1 import AppTest

from quitlok import at_best
from quitlok.actions import Draw, Stand
from quitlok.coach import banker_coach
from quitlok.ui.coaching import feedback
from tests.solve.test_at_best import _mixed_spot, _to_banker_choice


def _hint(kind: str):
    def script(kind):
        from quitlok import KVITLACH
        from quitlok.coach import banker_coach
        from quitlok.ui.coaching import banker_hint
        from tests.solve.test_at_best import _mixed_spot, _to_banker_choice
        s = _mixed_spot() if kind == "spot" else _to_banker_choice(KVITLACH, ["A", "B", "C"], 1, 1, False)
        banker_hint(s, banker_coach(s))

    at = AppTest.from_function(script, args=(kind,), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_banker_s_hint_in_the_spot_leads_with_his_play_at_best():
    s = _mixed_spot()
    at = _hint("spot")
    shown = "\n".join(e.value for e in at.markdown)
    assert f"**{at_best.banker_words(at_best.banker_at_best(s))}**" in shown
    assert "draws 75% of the time and stands 25%" in shown and "Why mixed" in shown
    assert at_best.fixed_model_lead() in shown  # today's prices follow, named for what they assume
    assert at_best.outside_words(s.rules) not in "\n".join(e.value for e in at.caption)


def test_outside_the_spot_the_banker_s_hint_is_today_s_and_says_where_the_solved_game_applies():
    at = _hint("three seats")
    assert "at his best" not in "\n".join(e.value for e in at.markdown)
    assert any(e.value.startswith("**Best now") for e in at.markdown)
    from quitlok import KVITLACH
    assert at_best.outside_words(KVITLACH) in "\n".join(e.value for e in at.caption)


def test_the_note_after_the_banker_s_move_follows_his_play_at_best():
    s = _mixed_spot()
    advice = banker_coach(s)
    assert feedback(s, advice, Stand())[0] == feedback(s, advice, Draw())[0] == "best"  # both are played at best
    outside = _to_banker_choice(s.rules, ["A", "B", "C"], 1, 1, False)
    assert "for the bank" in feedback(outside, banker_coach(outside), Stand())[1]  # priced as today


def test_under_quitlok_the_banker_s_hint_in_the_spot_leads_with_his_play_at_best():
    def script():
        from quitlok.coach import banker_coach
        from quitlok.ui.coaching import banker_hint
        from tests.solve.test_at_best_quitlok import _mixed_spot
        s = _mixed_spot()
        banker_hint(s, banker_coach(s))

    from tests.solve.test_at_best_quitlok import _mixed_spot as quitlok_mixed_spot
    s = quitlok_mixed_spot()
    at = AppTest.from_function(script, default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    shown = "\n".join(e.value for e in at.markdown)
    best = at_best.banker_at_best(s)
    assert best.game == "quitlok" and best.mixed
    assert f"**{at_best.banker_words(best)}**" in shown and "Why mixed" in shown
    assert f"draws {100 * best.draw:.0f}% of the time and stands {100 * best.stand:.0f}%" in shown
    assert at_best.fixed_model_lead() in shown
