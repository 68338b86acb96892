"""Languages: every word the app shows a person goes through here (gettext catalogs, kept with Babel).

The code is written in English; a string a person reads is marked where it is written:

- `_("You bet {amount}").format(amount=3)`: translated now, in the current language. Placeholders are named
  (`{amount}`), never f-strings inside `_()`, so that a translator may move them.
- `ngettext("{n} chip", "{n} chips", n).format(n=n)`: a sentence whose form follows a number (Czech has three
  forms, Hebrew two: the catalog's plural rule chooses).
- `pgettext("card", "Stay")`: the same English in two meanings.
- `N_("Home")`: marks a constant written at import time (module level) for the catalog without translating it;
  translate it where it is shown, `_(TITLE)`.

The current language is a context variable: the app sets it at the start of every run and of every fragment's
run (quitlok.ui), the tests and the printing side with `use(language)`. The engine (quitlok/) does not import
Streamlit; its words for people (quitlok.narration, the library's messages) read the current language here.

The catalogs are `quitlok/locale/<language>/LC_MESSAGES/quitlok.po` (and the compiled `.mo`), English the
source. `pybabel` keeps them (see README, "Translating"); a language without a catalog, or a string not yet
translated, shows the English.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "PSEUDO", "SOURCE", "language", "ngettext", "pgettext",
           "pseudo", "set_language", "translations", "use", "_"]

DOMAIN = "quitlok"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: the language the code is written in
SOURCE = "en"
#: the languages a visitor may choose, each named in itself
LANGUAGES = {"en": "English", "he": "עברית", "cs": "Čeština"}

#: the tests' pseudo-language (after Microsoft's qps-ploc): every letter of every translated string changed
#: (a -> ȧ), so that a test sees any English that escaped translation; written right to left
PSEUDO = "qps"

_LANGUAGE: contextvars.ContextVar[str] = contextvars.ContextVar("quitlok_language", default=SOURCE)


def language() -> str:
    """The current language's code ("en", "he", "cs", ...)."""
    return _LANGUAGE.get()


def set_language(code: str) -> None:
    """Make `code` the current language of this thread's context (the app, at the start of a run)."""
    _LANGUAGE.set(code)


@contextlib.contextmanager
def use(code: str) -> Iterator[None]:
    """Within the block, `code` is the current language (a test, a printed sheet in a language asked for)."""
    token = _LANGUAGE.set(code)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


_ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ")
#: what the pseudo-language leaves as it is: {placeholders}, HTML tags and entities, a Markdown link's address,
#: `code`, :material/icons:, addresses, and a '## key' heading's key
_KEEP = re.compile(r"\{[^{}]*\}|<[^<>]*>|&\w+;|\]\([^)]*\)|`[^`]*`|:material/\w+:|https?://\S+"
                   r"|^## +[a-z0-9_]+$", re.MULTILINE)


def pseudo(text: str) -> str:
    """`text` in the pseudo-language: every letter accented, the parts a program reads kept (see _KEEP)."""
    kept, out = 0, []
    for match in _KEEP.finditer(text):
        out += [text[kept:match.start()].translate(_ACCENTED), match.group()]
        kept = match.end()
    return "".join(out) + text[kept:].translate(_ACCENTED)


class _Pseudo(_gettext.NullTranslations):
    """The pseudo-language's catalog: every string, worked out from the English."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@cache
def translations(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of language `code`, read once; English (no translation) when there is none."""
    if code == SOURCE:
        return _gettext.NullTranslations()
    if code == PSEUDO:
        return _Pseudo()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def _(message: str) -> str:
    """`message` in the current language."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that agrees with the number `n`, in the current language."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, in the meaning `context` names."""
    return translations(language()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for the catalog and returns it unchanged: translate it where it is shown, `_(message)`."""
    return message
