"""Which words of a text belong to another of the app's languages than the one it should be in (issue 26, item 4:
at one table, each device reads its own language: a grandmother's phone in Hebrew, the grandchildren's in English, a
projector in Czech).

`foreign(text, language, names=...)` lists what in `text` is not of `language`, the people's `names` left out (they
stay as typed, in any script):

- Hebrew letters on a page that is not Hebrew;
- letters only Czech writes (ě, š, č, ř, ž, ů, ť, ď, ň) on a page that is not Czech;
- on a Hebrew page, any run of three or more plain letters (tests/i18n/visible.py: program text, numbers and the
  app's name allowed): the Hebrew catalog is complete, so any English there is a sentence that escaped it;
- on a Czech page, English: runs of words of the English strings that the Czech catalog translates (which no
  Czech translation and no string still untranslated holds), and single English words that no Czech translation
  uses and, unless `strict`, no untranslated string uses either (an untranslated string shows its English on
  purpose until a translator gives it words: that is not a table mixing its languages).
"""

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from quitlok.i18n import LOCALE_DIR
from tests.i18n.visible import escapes

HEBREW = re.compile(r"[\u0590-\u05FF]+")
#: words holding letters that Czech writes and neither English nor Hebrew does
CZECH = re.compile(r"\w*[ěščřžůťďňĚŠČŘŽŮŤĎŇ]\w*")
_WORD = re.compile(r"[A-Za-z]{3,}")
#: what no catalog string is made of: {placeholders}, HTML tags and entities, Markdown link addresses, icons
_PROGRAM = re.compile(r"\{[^{}]*\}|<[^<>]*>|&#?\w+;|\]\([^)]*\)|:material/\w+:")


def _words(text: str) -> set[str]:
    return {word.lower() for word in _WORD.findall(_PROGRAM.sub(" ", text))}


def _strings(message) -> list[str]:
    return [s for s in (message.string if isinstance(message.string, tuple | list) else [message.string]) if s]


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


@cache
def _catalog(language: str):
    with Path(LOCALE_DIR / language / "LC_MESSAGES" / "quitlok.po").open("rb") as file:
        return [message for message in read_po(file) if message.id]


@cache
def english_words(language: str, *, strict: bool = False) -> frozenset[str]:
    """The English words that a page in `language` never shows: the words of the English strings its catalog
    translates that none of its translations uses; unless `strict`, none that a string still untranslated uses
    (an untranslated string shows its English until a translator gives it words: not a table mixing languages)."""
    translated, untranslated, own = set(), set(), set()
    for message in _catalog(language):
        english = set().union(*map(_words, _ids(message)))
        strings = _strings(message)
        (translated if strings and not message.fuzzy else untranslated).update(english)
        own.update(*map(_words, strings))
    return frozenset((translated | untranslated if strict else translated - untranslated) - own)


@cache
def english_phrases(language: str) -> tuple[re.Pattern, ...]:
    """Runs of three or more English words (between placeholders and marks) of the strings `language`'s catalog
    translates, that neither a translation of it nor a string still untranslated holds: English that a page in
    `language` shows only when a translated text escaped it (a sentence stored, or made in another device's)."""
    translated, others = [], []
    for message in _catalog(language):
        strings = _strings(message)
        (translated if strings and not message.fuzzy else others).extend(_ids(message))
        others.extend(strings)
    elsewhere = "\n".join(others).lower()
    phrases = set()
    for text in translated:
        for piece in re.split(r"\{[^{}]*\}|<[^<>]*>|\*\*|[:;.!?()\[\]\n]", text):
            words = re.findall(r"[A-Za-z']+", piece)
            if len(words) >= 3 and sum(len(w) >= 3 for w in words) >= 2:
                phrase = " ".join(words)
                if phrase.lower() not in elsewhere:
                    phrases.add(phrase)
    return tuple(re.compile(r"(?<![A-Za-z])" + r"\W+".join(map(re.escape, p.split())) + r"(?![A-Za-z])", re.I)
                 for p in sorted(phrases))


def _without(text: str, names) -> str:
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = text.replace(name, " ")
    return text.translate(dict.fromkeys(map(ord, "\u2060\u2066\u2067\u2068\u2069")))  # joiners and isolates


def foreign(text: str, language: str, names=(), *, strict: bool = False) -> list[str]:
    """What in `text` is of another language than `language` ("en", "he", "cs"), the `names` left out; `strict`: a
    Czech text whose catalog translates everything it says (the narration), so that any English word counts."""
    text = _without(text, names)
    found = []
    if language != "he":
        found += HEBREW.findall(text)
    if language != "cs":
        found += CZECH.findall(text)
    if language == "he":
        found += escapes([text])
    if language == "cs":
        english = english_words("cs", strict=strict)
        found += [word for word in _WORD.findall(_PROGRAM.sub(" ", text)) if word.lower() in english]
        found += [match[0] for phrase in english_phrases("cs") if (match := phrase.search(text))]
    return list(dict.fromkeys(found))
