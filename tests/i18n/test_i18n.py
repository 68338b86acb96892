"""quitlok.i18n: the current language per context, English as the source, the tests' pseudo-language."""

import re

from quitlok.i18n import PSEUDO, _, language, ngettext, pseudo, use


def test_english_is_the_source_and_the_default():
    assert language() == "en"
    assert _("You bet {amount}") == "You bet {amount}"
    assert ngettext("{n} chip", "{n} chips", 1) == "{n} chip" and ngettext("{n} chip", "{n} chips", 5) == "{n} chips"


def test_use_sets_the_language_for_its_block_only():
    with use(PSEUDO):
        assert language() == PSEUDO and _("Stay") != "Stay"
        with use("en"):
            assert _("Stay") == "Stay"
        assert language() == PSEUDO
    assert language() == "en"


def test_the_pseudo_language_changes_every_letter_but_keeps_what_a_program_reads():
    text = "You bet {amount} on [the rules](https://example.org/a_b) <b>now</b>&nbsp;`code` :material/home:"
    out = pseudo(text)
    assert not re.search(r"[A-Za-z]", re.sub(r"\{amount\}|\(https://example.org/a_b\)|<b>|</b>|&nbsp;|`code`"
                                             r"|:material/home:", "", out))
    for kept in ("{amount}", "(https://example.org/a_b)", "<b>", "</b>", "&nbsp;", "`code`", ":material/home:"):
        assert kept in out
    assert pseudo("## not_found\nNot found") == "## not_found\nȠǿŧ ƒǿŭƞḓ"
