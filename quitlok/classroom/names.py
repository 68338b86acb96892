"""Nicknames in a class session: the friendly names a pupil may be asked to choose from, and the short list of
words a free nickname may not hold (both in content/classroom/names.md, the words for people; each language
has its own friendly names, and a nickname is held to the refused words of every language).

`refused_word(name)` finds a refused word however it is dressed up: in any case, with look-alike digits or
signs for letters ("4" for a, "0" for o, "$" for s), with spaces, dots or accents between or on the letters
("s.h.i.t", "shít"). It looks for each word inside the name, so a name that merely contains one is refused too
(the list is short, and a pupil simply picks another name). Pure Python: the store refuses, the page says why.
"""

import re
import unicodedata
from functools import cache

from quitlok import content
from quitlok.i18n import LANGUAGES, language, use

#: digits and signs read as the letters they look like
_LOOK_ALIKES = str.maketrans({"0": "o", "1": "i", "!": "i", "|": "i", "3": "e", "4": "a", "@": "a", "5": "s",
                              "$": "s", "7": "t", "+": "t", "8": "b", "9": "g"})
_ITEM = re.compile(r"^- +(.+?)\s*$", re.MULTILINE)


def _items(section: str) -> tuple[str, ...]:
    return tuple(_ITEM.findall(content.sections("classroom/names")[section]))


def friendly_names() -> tuple[str, ...]:
    """The names a pupil chooses from when the session asks for friendly names, in the list's order, in the
    current language (each language's list is its own: content/<language>/classroom/names.md)."""
    return _friendly(language())


@cache
def _friendly(code: str) -> tuple[str, ...]:
    with use(code):
        return _items("friendly")


@cache
def _refused() -> tuple[str, ...]:
    """The refused words of every language's list: a pupil may type a word in any language, whatever his
    device's language is."""
    words = set()
    for code in LANGUAGES:
        with use(code):
            words.update(_squashed(word) for word in _items("refused"))
    return tuple(sorted(word for word in words if word))


def _squashed(text: str) -> str:
    """`text` as letters alone: compatibility forms folded, accents and case dropped, look-alikes read as
    letters, everything that is not a letter taken out."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c)).translate(_LOOK_ALIKES)
    return "".join(c for c in folded if c.isalpha())


def refused_word(name: str) -> bool:
    """Whether `name` holds one of the refused words."""
    squashed = _squashed(name)
    return any(word in squashed for word in _refused())
