"""The translation catalogs are current: the template (quitlok/locale/quitlok.pot) holds every string marked in the
code, each language's catalog holds the template's strings, and each committed .mo is what `pybabel compile`
makes of its .po (tools/catalogs.py brings all three up to date in one command)."""

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from quitlok import i18n
from tests.conftest import ROOT

#: a translation no catalog holds, so that writing it into a copy of the Czech catalog always changes it
MARK = "žádná šance (zkouška)"


def retranslate(po_text: str, msgid: str, msgstr: str) -> str:
    """The catalog's text with `msgid` translated as `msgstr`, whether or not it was translated before."""
    changed, count = re.subn(rf'(msgid "{re.escape(msgid)}"\nmsgstr )"[^"\n]*"', rf'\g<1>"{msgstr}"', po_text)
    assert count == 1, f"{msgid!r} is not once in the catalog"
    return changed

FIX = "python tools/catalogs.py"


@pytest.fixture(scope="module")
def catalogs():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = module
    spec.loader.exec_module(module)
    return module


def test_the_catalogs_are_current(catalogs):
    problems = catalogs.problems()
    assert not problems, "\n".join(problems)


def test_every_language_but_english_has_a_catalog_with_its_plural_forms():
    for code, forms in (("he", 3), ("cs", 3)):
        with (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "quitlok.po").open("rb") as file:
            assert read_po(file).num_plurals == forms
        assert (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "quitlok.mo").is_file()


def test_the_install_takes_the_compiled_catalogs():
    assert '"locale/*/LC_MESSAGES/*.mo"' in (ROOT / "pyproject.toml").read_text()


@pytest.fixture
def copy(catalogs, tmp_path, monkeypatch):
    """The catalogs copied to a folder of the test's own, where the module looks for them."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale)
    monkeypatch.setattr(catalogs, "TEMPLATE", locale / "quitlok.pot")
    return locale


def test_a_string_marked_after_the_last_extraction_is_found(copy, catalogs):
    template = copy / "quitlok.pot"
    text = template.read_text(encoding="utf-8")
    entry = 'msgid "no chance"\nmsgstr ""\n'
    assert entry in text
    template.write_text(text.replace(entry, ""), encoding="utf-8")
    problems = catalogs.problems()
    assert any("'no chance'" in p and FIX in p and "not in" in p for p in problems), problems


def test_a_stale_compiled_catalog_is_found(copy, catalogs):
    po = copy / "cs" / "LC_MESSAGES" / "quitlok.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(retranslate(text, "no chance", MARK), encoding="utf-8")
    problems = catalogs.problems()
    assert any("quitlok.mo is not what" in p and FIX in p for p in problems), problems


def test_a_translated_string_is_read_from_the_compiled_catalog(copy, catalogs, monkeypatch):
    po = copy / "cs" / "LC_MESSAGES" / "quitlok.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(retranslate(text, "no chance", MARK), encoding="utf-8")
    catalogs.compile_(copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    i18n.translations.cache_clear()
    try:
        from quitlok.odds import young_chance_words

        with i18n.use("cs"):
            assert young_chance_words(0) == MARK
        assert young_chance_words(0) == "no chance"
    finally:
        i18n.translations.cache_clear()


def test_the_readme_names_the_command():
    assert FIX in (ROOT / "README.md").read_text(encoding="utf-8")
    assert Path(ROOT / "docs" / "translating.md").is_file()
