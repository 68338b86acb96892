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
import copy
import datetime
import gettext as _gettext
import re
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TypeVar

from babel import Locale, UnknownLocaleError
from babel.dates import format_date
from babel.numbers import NumberPattern, format_decimal

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "PSEUDO", "RIGHT_TO_LEFT", "SOURCE", "and_words", "day",
           "decimal", "direction", "fall_back_on", "from_locale", "in_language", "is_rtl", "known", "language",
           "ngettext", "number",
           "or_words", "percent", "pgettext", "pseudo", "set_language", "translations", "use", "_"]

DOMAIN = "quitlok"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: the language the code is written in
SOURCE = "en"
#: the languages a visitor may choose, each named in itself
LANGUAGES = {"en": "English", "he": "עברית", "cs": "Čeština"}

#: the tests' pseudo-language (after Microsoft's qps-ploc): every letter of every translated string changed
#: (a -> ȧ), so that a test sees any English that escaped translation; written right to left
PSEUDO = "qps"
#: the languages written right to left; the pseudo-language too, so that the tests see the mirrored layout
RIGHT_TO_LEFT = frozenset({"he", PSEUDO})
#: old or other names browsers give a language: Hebrew's former code "iw"
_ALIASES = {"iw": "he"}

T = TypeVar("T")

_LANGUAGE: contextvars.ContextVar[str | None] = contextvars.ContextVar("quitlok_language", default=None)
#: where the language comes from in a context that set none (`fall_back_on`); English when it says None
_FALLBACK: list[Callable[[], str | None]] = []


def language() -> str:
    """The current language's code ("en", "he", "cs", ...)."""
    code = _LANGUAGE.get()
    if code is None:
        code = next((found for found in (source() for source in _FALLBACK) if found), SOURCE)
    return code


def fall_back_on(source: Callable[[], str | None]) -> None:
    """Where the language comes from in a context that set none: `source()`, or English when it says None. The app
    gives its session's (quitlok.ui.language): Streamlit runs a widget's callback before the page's run sets the
    run's language, and a callback's words (the note on a move, a refusal) are for the same device."""
    _FALLBACK[:] = [source]


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


def in_language(code: str, function: Callable[..., T], *args: object, **kwargs: object) -> T:
    """`function(*args, **kwargs)` with `code` the current language: for work done away from the run that asked for
    it, where the run's language is not set (a download made when its button is pressed, in the server's own
    thread; a worker process). A function of a module, so that it can be sent to a worker process."""
    with use(code):
        return function(*args, **kwargs)


def known(code: object) -> str | None:
    """`code` as one of the app's languages ("he" for "he", "HE", "he-IL", "he_IL" or "iw"), the pseudo-language
    included; None for anything else (an unknown language, a forged address, not a text at all)."""
    if not isinstance(code, str) or not 2 <= len(code) <= 35:
        return None
    base = re.split(r"[-_]", code.strip().lower(), maxsplit=1)[0]
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES or base == PSEUDO else None


def from_locale(tag: object) -> str:
    """The language for a browser's locale (`st.context.locale`, such as "he-IL" or "cs-CZ"): one of the
    languages a visitor may choose (never the pseudo-language), English for any other."""
    code = known(tag)
    return code if code in LANGUAGES else SOURCE


def is_rtl(code: str | None = None) -> bool:
    """Whether language `code` (the current language by default) is written right to left."""
    return (language() if code is None else code) in RIGHT_TO_LEFT


def direction(code: str | None = None) -> str:
    """HTML's `dir` for language `code` (the current one by default): "rtl" or "ltr"."""
    return "rtl" if is_rtl(code) else "ltr"


@cache
def _locale(code: str) -> Locale:
    """Babel's locale for language `code`: the pseudo-language and unknown languages write numbers as English."""
    try:
        return Locale.parse(code if code in LANGUAGES else SOURCE)
    except (ValueError, UnknownLocaleError):
        return Locale.parse(SOURCE)


@cache
def _pattern(code: str, kind: str, digits: int, signed: bool) -> NumberPattern:
    """The locale's decimal or percent pattern with exactly `digits` digits after the point (and a plus sign
    before a positive number when `signed`)."""
    locale = _locale(code)
    pattern = copy.copy(locale.percent_formats[None] if kind == "percent" else locale.decimal_formats[None])
    pattern.frac_prec = (digits, digits)
    pattern.scale = 0  # a percentage is scaled by the caller, in floating point, as Python's own '%' format does
    if signed:
        plus = locale.number_symbols["latn"]["plusSign"]
        pattern.prefix = (plus + pattern.prefix[0], pattern.prefix[1])
    return pattern


def _digits(digits: int) -> int:
    if not isinstance(digits, int) or isinstance(digits, bool) or not 0 <= digits <= 6:
        raise ValueError(f"digits after the point are a whole number from 0 to 6, not {digits!r}")
    return digits


def number(n: int) -> str:
    """A whole number in the current language: '1,234' (English, Hebrew), '1 234' (Czech, with a no-break space)."""
    return format_decimal(n, locale=_locale(language()))


def decimal(x: float | Fraction, digits: int, *, signed: bool = False) -> str:
    """`x` with `digits` digits after the point, in the current language: '12.50' (English), '12,50' (Czech);
    with `signed`, a plus sign before a positive number ('+0.12')."""
    return _format(float(x), "decimal", digits, signed)


def percent(x: float | Fraction, digits: int = 0) -> str:
    """A share (0.125) as a percentage with `digits` digits after the point, in the current language: '12.5%'
    (English, Hebrew), '12,5 %' (Czech, with a no-break space)."""
    return _format(100 * float(x), "percent", digits, False)


def signed(x: float | Fraction, digits: int) -> str:
    """A gain or a loss (in chips) with its sign and `digits` digits after the point, in the current language:
    '+0.12', '-0.03', and '0.00' for what rounds to nothing (never '-0.00')."""
    return decimal(x, digits, signed=True) if round(float(x), _digits(digits)) else decimal(0, digits)


def _format(x: float, kind: str, digits: int, signed: bool) -> str:
    """`x` in the current language's pattern: the float's exact value rounded half to even, as Python's own
    f"{x:.2f}" rounds it, so that English reads exactly as it did before the app had languages.

    A negative number takes the language's own minus sign: Babel writes '-' whatever the language, and in a
    right-to-left text a bare '-' before digits is drawn after them ('0.24-'); Hebrew's minus sign has a
    left-to-right mark before it (CLDR's '\u200e-'), which keeps the sign before the digits, as the plus sign's."""
    code = language()
    locale = _locale(code)
    text = _pattern(code, kind, _digits(digits), signed).apply(Decimal(x), locale)
    return locale.number_symbols["latn"]["minusSign"] + text[1:] if text.startswith("-") else text


def day(moment: datetime.date) -> str:
    """A day with its weekday, in the current language: 'Thursday 03 December' (English, as the app has always
    written it), 'čtvrtek 3. prosince' (Czech), 'יום חמישי, 3 בדצמבר' (Hebrew): the language's own order of
    weekday, day and month (Babel's), without the year."""
    code = language()
    if code not in LANGUAGES or code == SOURCE:
        english = format_date(moment, "EEEE dd MMMM", locale=_locale(SOURCE))
        return pseudo(english) if code == PSEUDO else english
    return format_date(moment, _day_pattern(code), locale=_locale(code))


@cache
def _day_pattern(code: str) -> str:
    """The language's pattern for a day of a month with its weekday, the weekday written out in full."""
    return re.sub("E+", "EEEE", _locale(code).datetime_skeletons["MMMMEd"].pattern)


_ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ")
#: what the pseudo-language leaves as it is: {placeholders}, HTML tags and entities, a Markdown link's address,
#: `code`, :material/icons:, Streamlit's colours (':red[', ':blue-background['), addresses, a '## key' heading's
#: key, and a check question's option marks ('- [x] ')
_KEEP = re.compile(r"\{[^{}]*\}|<[^<>]*>|&\w+;|\]\([^)]*\)|`[^`]*`|:material/\w+:|https?://\S+"
                   r"|:(?:red|orange|yellow|green|blue|violet|gray|grey|rainbow|primary)(?:-background)?\["
                   r"|^## +[a-z0-9_]+$|^- \[[ x]\] ", re.MULTILINE)


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


def _listed(words: object, last: str) -> str:
    """`words` as one list, each joined by the catalog's "{list}, {item}", the last by `last` (a msgid)."""
    words = [str(word) for word in words]  # type: ignore[union-attr]
    listed = words[0]
    for word in words[1:-1]:
        # Translators: a list going on: "12, 10" (then "12, 10 or 9"), "5, framed 2" (then "5, framed 2 and 12")
        listed = _("{list}, {item}").format(list=listed, item=word)
    return listed if len(words) == 1 else _(last).format(list=listed, last=words[-1])


def or_words(words: object) -> str:
    """'7', '4 or 7', '12, 10 or 9': a choice among `words`, in the current language."""
    # Translators: the last of a list of choices: "4 or 7", "12, 10 or 9"
    return _listed(words, N_("{list} or {last}"))


def and_words(words: object) -> str:
    """'5', '5 and 12', '5, framed 2 and 12': a list of `words`, in the current language."""
    # Translators: the last of a list: "5 and 12", "5, framed 2 and 12"
    return _listed(words, N_("{list} and {last}"))
