"""A language unlike English in its order, for tests that what the code decides does not hang on its words.

`reordered()` installs, for one block, a catalog "xx-rev" whose every sentence has its words in reverse order
and no colons: a sentence read back or split by the code ("You win: ...".split(":")) gives something else
in it, so a question whose options, answer or mistakes change with the language shows up.
"""

import contextlib
import gettext

import quitlok.i18n as i18n

CODE = "xx-rev"


def _reverse(message: str) -> str:
    return " ".join(reversed(message.replace(":", " /").split(" ")))


class _Reversed(gettext.NullTranslations):
    def gettext(self, message):
        return _reverse(message)

    def ngettext(self, msgid1, msgid2, n):
        return _reverse(msgid1 if n == 1 else msgid2)

    def pgettext(self, context, message):
        return _reverse(message)

    def npgettext(self, context, msgid1, msgid2, n):
        return _reverse(msgid1 if n == 1 else msgid2)


@contextlib.contextmanager
def reordered(monkeypatch):
    """Within the block, the current language is CODE, whose catalog reverses every sentence."""
    known = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda code: _Reversed() if code == CODE else known(code))
    with i18n.use(CODE):
        yield
