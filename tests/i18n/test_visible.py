"""The pseudo-language's test frame finds English that escaped translation, and only that."""

from quitlok.i18n import pseudo
from tests.i18n.visible import escapes


def test_plain_english_escapes_and_translated_text_does_not():
    assert escapes([pseudo("You bet 3 chips"), "Stay", pseudo("Stay") + " or Hit"]) == ["Stay", "Hit"]


def test_numbers_names_program_text_and_the_brand_are_allowed():
    texts = ["12 · 3.5% · 1,234", "Bella " + pseudo("bets") + " 3", "`quitlok.odds` [" + pseudo("the rules")
             + "](https://pagat.com/x) :material/home: <b class='big'>" + pseudo("now") + "</b>&nbsp;{amount}",
             "Quitlok: " + pseudo("learn"), "English · עברית · Čeština", ":red[" + pseudo("Bust") + "]"]
    assert escapes(texts, names=["Bella"]) == []


def test_a_name_is_allowed_only_as_a_whole_word_and_html_words_are_read():
    assert escapes(["Bellas"], names=["Bella"]) == ["Bellas"]
    assert escapes(['<img alt="your card: 6" src="data:x">']) == ["your", "card"]
    assert escapes(["<style>.stApp { color: red; }</style>" + pseudo("Home")]) == []
