"""Text that came from outside (a name, a saved progress, a link), kept as text wherever it goes: pure helpers
that the engine's stores and the app's pages share (quitlok.ui.names builds the Markdown and HTML forms on them).

- `balanced`: a text whose own directional isolates cannot undo an isolate around it;
- `isolated`: a text between Unicode's FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so that its direction
  (a Hebrew name, a right-to-left override U+202E) cannot reorder the sentence around it;
- `spreadsheet_cell`: a text cell of a CSV file that a spreadsheet never reads as a formula.
"""

#: FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: between them, a text takes the direction of its first
#: strong letter, and nothing inside it reaches the words outside it
FSI, PDI = "\u2068", "\u2069"
#: the isolate initiators: LEFT-TO-RIGHT, RIGHT-TO-LEFT and FIRST STRONG ISOLATE
_OPENERS = frozenset("\u2066\u2067\u2068")
#: a cell starting with one of these is a formula (or starts one) in Excel, LibreOffice or Google Sheets
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def isolated(text: object) -> str:
    """`text` as one isolated run, FSI + text + PDI (its own isolates `balanced`). Invisible: the text reads as
    it was written, and a right-to-left name or an override inside it cannot move the words around it."""
    return FSI + balanced(text) + PDI


def balanced(text: object) -> str:
    """`text` made safe to put inside an isolate (FSI...PDI, or HTML's <bdi>).

    The Unicode bidirectional algorithm ends at an isolate's end every embedding and override (U+202A-U+202E)
    opened inside it, so an override in a name stops at the name's end. Only the text's own isolates could
    undo that: a PDI without its opener would close the isolate around it early, and an opener without its
    PDI would take that isolate's end for its own; so an unmatched PDI is dropped and every opener left open
    is closed."""
    kept, open_ = [], 0
    for char in str(text):
        if char == PDI:
            if not open_:
                continue
            open_ -= 1
        elif char in _OPENERS:
            open_ += 1
        kept.append(char)
    return "".join(kept) + PDI * open_


def spreadsheet_cell(text: object) -> str:
    """A text cell of a CSV file, as a spreadsheet shows it but never runs it: one that would start a
    formula (=, +, -, @, a tab or a line break first: '=cmd|...', '@SUM(...)') gets an apostrophe before it,
    which spreadsheets read as "this is text" (OWASP's advice on CSV injection)."""
    text = str(text)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text
