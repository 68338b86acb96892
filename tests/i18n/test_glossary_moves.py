"""The catalog names the game's moves as the language's glossary does (issue 26): the table of buttons in
`content/<language>/terms.md` ("Stay | Zůstávám", "Bet 2 | Vsadit 2") is what the content tells a reader to
press, so the buttons (quitlok.actions.describe) and the other catalog entries that name a move (the advisor's
and the banker's advice) must say the same words. The Czech glossary, for one, keeps *stojím* for the game of
*oko*: the app's banker says *Zůstávám*."""

import re
from pathlib import Path

import pytest

from quitlok.actions import Aluvun, Bet, Blot, Draw, Keep, KeepBank, Reject, Retire, Stand, Stay, describe
from quitlok.i18n import LANGUAGES, SOURCE, _, pgettext, use

CONTENT = Path(__file__).resolve().parents[2] / "content"
LANGUAGES_WITH_GLOSSARY = [code for code in LANGUAGES if code != SOURCE and (CONTENT / code / "terms.md").exists()]


def _buttons(code: str) -> dict[str, str]:
    """The glossary's table of buttons (two columns, English and the language), each ' / '-separated pair on its
    own; a note in brackets after the English ("Bet 2 (button)") left out."""
    text = (CONTENT / code / "terms.md").read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or set(line) <= set("|-: "):
            continue
        english, translated = (re.sub(r"\s*\([^)]*\)$", "", cell) for cell in cells)
        pairs = zip(english.split(" / "), translated.split(" / "), strict=False)
        if english.count(" / ") == translated.count(" / "):
            found.update((e.strip(), t.strip()) for e, t in pairs)
    return found


def _moves() -> list:
    return [Blot(), Draw(), Stay(), Reject(), Keep(), Stand(), Retire(), KeepBank(), *(Bet(n) for n in (1, 2, 3))]


def _labels(code: str) -> list[str]:
    """Each move's button in language `code`: describe(), with aluvun and elvaroon and the Kvitlach raise."""
    with use(code):
        return ([describe(m) for m in _moves()] + [describe(Aluvun(), word) for word in ("aluvun", "elvaroon")]
                + [describe(Bet(n), raising=True) for n in (1, 2)])


def _same(label: str, word: str) -> bool:
    """`label` is the glossary's `word`, or the word with an explanation in brackets after it ("Blot (free
    face-up card)" for "Blot")."""
    return label == word or label.startswith(word + " (")


@pytest.mark.parametrize("code", LANGUAGES_WITH_GLOSSARY)
def test_the_moves_buttons_are_the_glossary_s_words(code):
    glossary = _buttons(code)
    english, translated = _labels(SOURCE), _labels(code)
    checked = []
    for word, own in glossary.items():
        for label, label_translated in zip(english, translated, strict=True):
            if _same(label, word):
                checked.append(word)
                assert _same(label_translated, own), (
                    f"{code}: the button {label!r} reads {label_translated!r}; its glossary says {own!r}")
    assert {"Stay", "Stand", "Draw a card", "Bet 2", "Blot"} <= set(checked), checked


@pytest.mark.parametrize("code", LANGUAGES_WITH_GLOSSARY)
def test_the_advice_names_the_moves_as_the_buttons_do(code):
    """The advisor's and the banker's advice name the banker's moves in their own entries of the catalog."""
    glossary = _buttons(code)
    with use(code):
        advice = {
            "Stand": [_("Stand"), pgettext("banker's choice", "stand")],
            "Draw a card": [_("Draw a card"), pgettext("banker's choice", "draw a card")],
        }
    for word, said in advice.items():
        for text in said:
            assert text.casefold() == glossary[word].casefold(), (
                f"{code}: {word!r} reads {text!r}; its glossary says {glossary[word]!r}")
