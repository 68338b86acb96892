"""The sheets, built once per test session: a PDF takes up to a second or two to lay out."""

import os

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.printing import glossary_pdf, lesson_plan_pdf, pack_pdf, pupil_rules_pdf, rules_sheet_pdf, worksheet_pdf

PAPERS = ("A4", "US Letter")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the group into the test's id
def pytest_collection_modifyitems(config, items):
    """The printing tests run on one pytest-xdist worker (--dist loadgroup), so that the sheets below are laid
    out once, not once on every worker."""
    here = os.path.dirname(__file__)
    for item in items:
        if os.path.dirname(str(item.path)) == here:
            item.add_marker(pytest.mark.xdist_group("printing"))


@pytest.fixture(scope="session")
def packs() -> dict[tuple[int, str], bytes]:
    """Both packs on both papers: {(copies, paper): PDF}."""
    return {(copies, paper): pack_pdf(copies, paper) for copies in (2, 4) for paper in PAPERS}


@pytest.fixture(scope="session")
def glossaries() -> dict[str, bytes]:
    return {paper: glossary_pdf(paper) for paper in PAPERS}


@pytest.fixture(scope="session")
def plans() -> dict[tuple[int, str], bytes]:
    return {(minutes, paper): lesson_plan_pdf(minutes, paper) for minutes in (45, 90) for paper in PAPERS}


@pytest.fixture(scope="session")
def pupils() -> dict[tuple[str, str], bytes]:
    """The rules for pupils of each tradition on both papers: {(tradition, paper): PDF}."""
    return {(tradition, paper): pupil_rules_pdf(tradition, paper) for tradition in ("Quitlok", "Kvitlach")
            for paper in PAPERS}


@pytest.fixture(scope="session")
def every_sheet(packs, glossaries, plans, pupils) -> dict[str, tuple[str, bytes]]:
    """One of every kind of sheet on each paper: {name: (paper, PDF)}."""
    sheets = {f"pack of {12 * c} on {p}": (p, pdf) for (c, p), pdf in packs.items()}
    sheets |= {f"glossary on {p}": (p, pdf) for p, pdf in glossaries.items()}
    sheets |= {f"{m}-minute plan on {p}": (p, pdf) for (m, p), pdf in plans.items()}
    sheets |= {f"pupils' rules ({t}) on {p}": (p, pdf) for (t, p), pdf in pupils.items()}
    for paper, rules in zip(PAPERS, (QUITLOK, KVITLACH), strict=True):
        sheets[f"rules sheet ({rules.name}) on {paper}"] = (paper, rules_sheet_pdf(rules, paper))
        sheets[f"worksheet ({rules.name}) on {paper}"] = (paper, worksheet_pdf(4821, rules, paper))
    return sheets
