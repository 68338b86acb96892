"""The little Markdown our content files use, turned into blocks a sheet can lay out.

content/ is written for Streamlit's st.markdown. The sheets need the same words
on paper, so this reads the parts those files use: '#' headings, paragraphs,
'- ' and '1. ' lists, '|' tables, **bold** and *italic*. Inline text is given
back in fpdf2's own markup (**bold**, __italic__), which fpdf2 wraps and styles
by itself. Anything else passes through as plain text.
"""

import re
from dataclasses import dataclass

#: Unicode's directional isolates (LRI, RLI, FSI, PDI). The content wraps Hebrew in them so that browsers keep
#: it right to left inside English sentences; fpdf2 orders the runs itself with the Unicode bidi algorithm and
#: our font has no glyphs for them, so on paper they would only add invisible characters to the copied text.
_ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
#: fpdf2's markers (and its escape character) that must read literally when they occur in our text
_FPDF_MARKERS = re.compile(r"(\\|__|~~|--)")
#: *italic*, as CommonMark reads it: not inside an English word (2*3*4), but inside a Hebrew one, where a prefix of
#: one letter is written on the word it belongs to (ה*בנקאי*, "the *banker*")
_ITALIC = re.compile(r"(?<![*A-Za-z0-9_])\*(?!\*)(.+?)(?<!\*)\*(?![*A-Za-z0-9_])")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
_MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!$|])")


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class ListBlock:
    items: tuple[str, ...]
    numbered: bool


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Heading | Paragraph | ListBlock | Table


def plain(text: str) -> str:
    """Text without Markdown: for headings and titles drawn in a font of their own."""
    return _MARKDOWN_ESCAPE.sub(r"\1", _LINK.sub(r"\1", text.translate(_ISOLATES))).replace("**", "").replace("*", "")


def inline(text: str) -> str:
    """One line or paragraph of our Markdown in fpdf2's inline markup.

    `**bold**` stays; `*italic*` becomes `__italic__`; a link keeps its words; a
    Markdown escape such as `\\$` or `\\[3\\]` becomes the character itself; and
    anything that fpdf2 would read as markup (`__`, `--`, `~~`, a backslash) is
    escaped so that it prints as written.
    """
    text = _LINK.sub(r"\1", text.translate(_ISOLATES))
    pieces = _MARKDOWN_ESCAPE.split(text)  # even: text with Markdown; odd: one escaped character
    out = []
    for i, piece in enumerate(pieces):
        if i % 2:
            out.append("\\" + piece if piece in "\\*" else piece)
        else:
            piece = _FPDF_MARKERS.sub(lambda m: "\\" + m[0], piece)
            out.append(_ITALIC.sub(r"__\1__", piece))
    return "".join(out)


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def blocks(markdown: str) -> list[Block]:
    """The blocks of a Markdown text, in order."""
    found: list[Block] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if not line.strip():
            i += 1
        elif match := re.match(r"(#{1,6}) +(.*)", line):
            found.append(Heading(len(match[1]), match[2].strip()))
            i += 1
        elif line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                cells = _cells(lines[i])
                if not all(re.fullmatch(r":?-{3,}:?", cell) for cell in cells):  # the line under the header
                    rows.append(cells)
                i += 1
            found.append(Table(rows[0], tuple(rows[1:])))
        elif re.match(r"(- |\d+\. )", line):
            numbered = bool(re.match(r"\d+\. ", line))
            items: list[str] = []
            while i < len(lines) and lines[i].strip():
                item = re.match(r"(- |\d+\. )(.*)", lines[i])
                if item:
                    items.append(item[2].strip())
                else:  # a continuation line of the item above
                    items[-1] += " " + lines[i].strip()
                i += 1
            found.append(ListBlock(tuple(items), numbered))
        else:
            text = []
            while i < len(lines) and lines[i].strip() and not re.match(r"(#{1,6} |\||- |\d+\. )", lines[i].lstrip()):
                text.append(lines[i].strip())
                i += 1
            found.append(Paragraph(" ".join(text)))
    return found
