"""Reading a PDF as a person's PDF reader would, with Debian's poppler-utils (pdfinfo, pdftotext, pdffonts,
pdftoppm): a separate program, so a PDF that only fpdf2 itself could read would fail here."""

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest
from PIL import Image

#: points per millimetre
PT = 72 / 25.4
#: page sizes in points, as pdfinfo gives them
PAGE_SIZES = {"A4": (595.28, 841.89), "US Letter": (612.0, 792.0)}


def _run(tool: str, data: bytes, *args: str) -> str:
    """Run a poppler tool on the PDF `data` and return what it printed."""
    if shutil.which(tool) is None:
        pytest.fail(f"{tool} is missing: install Debian's poppler-utils (apt-get install -y poppler-utils)")
    with tempfile.TemporaryDirectory(prefix="quitlok-pdf-") as folder:
        pdf = Path(folder) / "sheet.pdf"
        pdf.write_bytes(data)
        out = subprocess.run([tool, *args, str(pdf), *(["-"] if tool == "pdftotext" else [])], capture_output=True,
                             check=False)
    assert out.returncode == 0, f"{tool} could not read the PDF: {out.stderr.decode(errors='replace')}"
    return out.stdout.decode("utf-8")


def info(data: bytes) -> dict[str, str]:
    """pdfinfo's fields: {'Pages': '3', 'Page size': '595.28 x 841.89 pts (A4)', ...}."""
    assert data.startswith(b"%PDF-"), data[:20]
    return dict(line.split(":", 1) for line in _run("pdfinfo", data).splitlines() if ":" in line)


def pages(data: bytes) -> int:
    return int(info(data)["Pages"].strip())


def page_size(data: bytes, page: int = 1) -> tuple[float, float]:
    """The width and height of a page, in points."""
    out = _run("pdfinfo", data, "-f", str(page), "-l", str(page))
    match = re.search(rf"Page\s+{page} size:\s+([\d.]+) x ([\d.]+) pts", out)
    assert match, out
    return float(match[1]), float(match[2])


def text(data: bytes, *, first: int | None = None, last: int | None = None) -> str:
    """The text in the order it was drawn (pdftotext -raw), pages separated by form feeds."""
    pages_wanted = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    return _run("pdftotext", data, "-raw", "-enc", "UTF-8", *pages_wanted)


def flat(words: str) -> str:
    """Text with every run of white space made one space: lines wrapped on paper read as one."""
    return " ".join(words.split())


@dataclass(frozen=True)
class Word:
    page: int
    x_min: float
    y_min: float
    x_max: float
    y_max: float
    text: str

    @property
    def height(self) -> float:
        return self.y_max - self.y_min


def words(data: bytes) -> list[Word]:
    """Every word with its box, in points, as drawn: a word drawn right to left comes out letter-reversed."""
    html = _run("pdftotext", data, "-bbox", "-enc", "UTF-8")
    found, page = [], 0
    for line in html.splitlines():
        if "<page " in line:
            page += 1
        elif match := re.search(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>',
                                line):
            found.append(Word(page, *map(float, match.groups()[:4]), unescape(match[5])))
    return found


def fonts(data: bytes) -> list[tuple[str, bool]]:
    """Every font the PDF uses: (name, embedded?)."""
    rows = _run("pdffonts", data).splitlines()[2:]
    return [(row.split()[0], row.split()[-5] == "yes") for row in rows if row.strip()]


def image(data: bytes, dpi: int, page: int = 1) -> Image.Image:
    """One page rendered at `dpi` (pdftoppm), as an RGB picture."""
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: install Debian's poppler-utils (apt-get install -y poppler-utils)")
    with tempfile.TemporaryDirectory(prefix="quitlok-pdf-") as folder:
        pdf = Path(folder) / "sheet.pdf"
        pdf.write_bytes(data)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                        str(Path(folder) / "page")], check=True, capture_output=True)
        with Image.open(Path(folder) / "page.png") as picture:
            return picture.convert("RGB")


@dataclass(frozen=True)
class Line:
    page: int
    #: the block (a paragraph, a table cell, as poppler sees it) the line belongs to, numbered through the PDF
    block: int
    x_min: float
    y_min: float
    x_max: float
    y_max: float
    #: the line's words as drawn, from left to right (a word drawn right to left comes out letter-reversed)
    words: tuple[str, ...]


def lines(data: bytes) -> list[Line]:
    """Every line poppler finds (pdftotext -bbox-layout), with its box in points and its words from the left."""
    html = _run("pdftotext", data, "-bbox-layout", "-enc", "UTF-8")
    found, page, block, line, words_in = [], 0, 0, None, []
    box = r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"'
    for row in html.splitlines():
        if "<page " in row:
            page += 1
        elif "<block " in row:
            block += 1
        elif match := re.search(rf"<line {box}>", row):
            line, words_in = tuple(map(float, match.groups())), []
        elif match := re.search(rf"<word {box}>(.*)</word>", row):
            words_in.append((float(match[1]), unescape(match[5])))
        elif "</line>" in row and line is not None:
            found.append(Line(page, block, *line, tuple(word for _, word in sorted(words_in))))
            line = None
    return found
