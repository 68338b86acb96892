"""Results that explain themselves, and nothing secret on the practice table, on scripted stocks: the hand's
summary tells every settlement and a banker's retiring from the seats' statuses (never from the log), the top
bar says how many of the cards under the stock it draws, and the page's log keeps a computer banker's retire
chance to himself."""

import re
from dataclasses import replace

from quitlok import QUITLOK
from quitlok import events as ev
from quitlok.bots import cautious
from quitlok.game import (
    PROTECTED,
    RETIRE,
    Aluvun,
    Bet,
    Blot,
    Draw,
    KeepBank,
    Retire,
    Stand,
    Stay,
    apply_action,
    new_game,
)
from quitlok.narration import YOU
from quitlok.practice import PracticeTable
from quitlok.ui.table import (
    UNDER_SHOWN,
    UNDER_SHOWN_ON_PHONES,
    doing_words,
    hand_over_words,
    ring_html,
    top_bar_html,
)
from tests.app.conftest import html_text, open_page, texts

#: Eli banks 10; hand 1 may already be a retire chance
EARLY_RETIRE = replace(QUITLOK, retire_from_hand=1)


def played(stock, *actions, rules=QUITLOK, names=("Eli", YOU, "Dov")):
    state = new_game(rules, list(names), banker=0, bank=10, purses=30, stock=stock, seed=7)
    for action in actions:
        state = apply_action(state, action)
    human = state.players.index(YOU)
    computers = tuple((seat, cautious(seat)) for seat in range(len(names)) if seat != human)
    return PracticeTable(state=state, human=human, computers=computers, hand_ended=True)


def test_a_hand_with_two_settlements_tells_both():
    # you (10) bet all 10 and get a 10: 20; Eli plays early on 9 and draws a 12: 21, and you lose. His new card
    # is an 8; Dov (5) bets 2 and gets a 9: 14; Eli draws a 6 and an 11: 25, bust, and Dov wins.
    table = played([10, 5, 9, 10, 12, 8, 9, 6, 11], Bet(10), Stay(), Draw(), Bet(2), Stay(), Draw(), Draw())
    assert hand_over_words(table) == (
        "Hand 1 of Eli's bank is over: at the 1st settlement Eli (banker) had 21: you lost 10 with 20. "
        "Then Eli took a new card; at the 2nd settlement Eli went bust: Dov won 2 with 14.")


def test_three_settlements_are_told_in_turn():
    table = played([10, 10, 5, 9, 8, 12, 7, 9, 6, 8, 4, 11, 3, 11], Bet(10), Stay(), Draw(), Bet(20), Stay(), Draw(),
                   Draw(), Bet(2), Stay(), Draw(), Draw(), Stand(), names=("Eli", "Dov", YOU, "Fay"))
    assert hand_over_words(table) == (
        "Hand 1 of Eli's bank is over: at the 1st settlement Eli (banker) had 21: Dov lost 10 with 18. "
        "Then Eli took a new card; at the 2nd settlement Eli had 21: you lost 20 with 19. "
        "Then Eli took a new card; at the 3rd settlement Eli had 18: Fay lost 2 with 16.")


def test_a_new_card_the_banker_never_played_is_told():
    table = played([10, 5, 9, 10, 12, 8], Bet(10), Stay(), Draw(), Stay())  # Dov throws in
    assert hand_over_words(table) == (
        "Hand 1 of Eli's bank is over: Eli (banker) played early and had 21: you lost 10 with 20. "
        "Then Eli took a new card and did not play again. Dov threw the cards in, with nothing staked.")


def test_a_banker_who_kept_the_bank_did_not_retire():
    # Eli is dealt a 7 and keeps the bank; you bet 2 on 5 + 10 and stay, Dov throws in, Eli stands on 7 + 10
    table = played([5, 9, 7, 10, 10], KeepBank(), Bet(2), Stay(), Stay(), Draw(), Stand(), rules=EARLY_RETIRE)
    assert ev.MayRetire(0, 7, hand=1) in table.state.events
    assert hand_over_words(table) == ("Hand 1 of Eli's bank is over: you lost 2 with 15; Eli (banker) ended on 17; "
                                      "Dov threw the cards in, with nothing staked.")


def test_a_banker_who_retired_says_so():
    table = played([5, 9, 7], Retire(), rules=EARLY_RETIRE)
    assert hand_over_words(table) == ("Hand 1 of Eli's bank is over: you had no turn (the hand ended first); "
                                      "Eli (banker) retired and took the bank of 10; Dov had no turn (the hand "
                                      "ended first).")


def test_a_banker_who_retires_on_his_new_card_after_an_early_settlement():
    # you bet all 10 on 10 + 10; Eli plays early on 9 + 12 (21) and wins; his new card, a 4, lets him retire
    table = played([10, 6, 9, 10, 12, 4], Bet(10), Stay(), Draw(), Retire(), rules=EARLY_RETIRE)
    assert hand_over_words(table) == (
        "Hand 1 of Eli's bank is over: Eli (banker) played early and had 21: you lost 10 with 20. "
        "Then Eli took a new card, showed it, retired and took the bank of 20. Dov had no turn (the hand ended "
        "first).")


def under_row(html: str) -> tuple[str, int]:
    """The words over the cards under the stock, and how many cards the row draws."""
    words = re.search(r'<p class="ql-under-words">(.*?)</p>', html)[1]
    row = re.search(r'<div class="ql-under-row">(.*?)</div></div>', html)[1]
    return words, row.count("<img ")


def with_under(n: int) -> PracticeTable:
    table = played([])
    s = table.state
    return replace(table, state=replace(s, under=s.stock[:n], stock=s.stock[n:]), hand_ended=False)


def test_the_top_bar_says_how_many_of_the_cards_under_the_stock_it_draws():
    words, drawn = under_row(top_bar_html(with_under(18)))
    assert drawn == UNDER_SHOWN == 14
    assert words.startswith("Face up under the stock: 18 cards")
    assert f'<span class="ql-wide-only">, the latest {drawn} shown</span>' in words
    assert f'<span class="ql-phone-only">, the latest {UNDER_SHOWN_ON_PHONES} shown</span>' in words
    assert f"img:nth-last-child(n+{UNDER_SHOWN_ON_PHONES + 1}) {{ display: none; }}" in top_bar_html(with_under(18))


def test_the_top_bar_draws_every_card_when_they_fit():
    words, drawn = under_row(top_bar_html(with_under(9)))
    assert drawn == 9 and words.startswith("Face up under the stock: 9 cards")
    assert "the latest 9" not in words and "the latest 14" not in words
    assert f'<span class="ql-phone-only">, the latest {UNDER_SHOWN_ON_PHONES} shown</span>' in words
    words, drawn = under_row(top_bar_html(with_under(5)))
    assert drawn == 5 and words == "Face up under the stock: 5 cards (newest on the right)"


def test_the_page_never_shows_a_computer_banker_s_retire_chance(app):
    # Eli (banker) is dealt a 7 in hand 1 under these house rules and keeps the bank; you are to play
    table = played([5, 9, 7, 10, 10], KeepBank(), rules=EARLY_RETIRE)
    assert table.humans_turn and ev.KeptBank(0, 7) in table.state.events
    app.session_state["play.table"] = replace(table, hand_ended=False)
    at = open_page(app, "pages/play.py")
    page = texts(at)
    assert "Hand 1 of Eli's bank" in html_text(at), "the log is on the page"
    for secret in ("as first card", "may retire", "keeps the bank", "a 7"):
        assert secret not in page, secret


def test_while_another_seat_decides_the_words_keep_its_secrets():
    # Dov (6) blots a 5 (11), calls aluvun and bets: his protected card, face down, is an 11
    names = ("Eli", "Dov", YOU)
    hidden = played([6, 9, 10, 5, 11], Blot(), Aluvun(), Bet(1), names=names).state
    assert hidden.phase == PROTECTED and hidden.to_act == 1 and doing_words(hidden) == "is deciding"
    shown = played([6, 9, 10, 5, 11], Blot(), Aluvun(), Blot(), names=names).state  # the 11 came face up
    assert shown.phase == PROTECTED and doing_words(shown) == "was dealt a protected 11"
    chance = played([5, 9, 7], rules=EARLY_RETIRE).state
    assert chance.phase == RETIRE and doing_words(chance) == "is deciding"


def test_a_seat_that_threw_its_cards_in_shows_them_face_up_not_no_cards():
    """A bust (or a 21, or a hand given up) throws the seat's cards in face up under the stock: until the hand
    ends its box shows those cards, said to be thrown in, rather than "no cards"."""
    table = played([10, 4, 9, 8, 7, 6, 5, 3], Bet(1), Blot())  # You: 10, then 8 with the bet, then a 7: bust
    assert table.state.hands[1] == () and table.state.thrown[1] == (10, 8, 7)
    boxes = re.findall(r'<div class="ql-seat[ "].*?(?=<div class="ql-seat[ "]|$)', ring_html(table), re.S)
    mine = next(box for box in boxes if ">You<" in box)
    assert "thrown in, face up" in mine and "no cards" not in mine
    alts = re.findall(r'<img class="ql-card"[^>]* alt="([^"]*)"', mine)
    assert alts == ["your card: 10", "your card: 8", "your card: 7"]
    dov = next(box for box in boxes if ">Dov<" in box)
    assert "thrown in" not in dov  # Dov still holds his face-down card
