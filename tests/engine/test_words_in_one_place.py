"""No sentence is read back: outside quitlok/narration.py, no code of the app (quitlok/, pages/, tutorial_app.py)
matches a regex or a substring against the log's text, nor imports narration's phrase constants (SPEC section 4,
"Events and seat views"; issue 25). The table, the lessons, the bots and the rooms work on events, game fields and
SeatStatus; quitlok.narration alone turns them into words.

How the walk decides, with no list of suspect phrases kept by hand: the log's text is what quitlok.narration
says over real games (every sentence, as every seat and an onlooker read it, every status line and every hand's
end, both presets and house rules, a learner "You" among the names). Every file's syntax tree is searched for a
string literal used as a matcher against text:

- a regex (the pattern of `re.compile`, `re.match`, `re.search`, ...), with a word of three letters or more, that
  finds something in the log's text;
- a substring: the left of `in` / `not in`, or the argument of `startswith`, `endswith`, `removeprefix`, `split`,
  `find`, `replace` and the like, with two words or more (one word, such as "bust" or "banker", is also a data
  code of SeatStatus and of the odds), that occurs in the log's text at word boundaries; or one word of three
  letters or more that a status line or a sentence starts with, given to `startswith`, `removeprefix` or `split`;
- an equality (`==`, `!=`, `in (...)`) with a whole sentence of the log;
- a string of four words or more kept as data (a lesson's goal was one: not a part of words being made, an
  f-string's, a sum's or a return value) that occurs in the log's text.

The walk must find narration's own phrases (it cannot pass by finding nothing) and a planted offender of each
kind.
"""

import ast
import random
import re
from functools import cache
from pathlib import Path

import pytest

from quitlok.events import HandDealt
from quitlok.game import apply_action, new_game
from quitlok.narration import YOU, hand_over_words, sentences, status_line
from tests.engine.test_seat_log import RULES
from tests.random_play import random_move

ROOT = Path(__file__).resolve().parents[2]
NARRATION = ROOT / "quitlok" / "narration.py"

#: narration's names that are no phrase: YOU is the name of the learner's seat (what a table calls him so
#: that the log speaks to him in the second person), not text to match
NAMES_NOT_PHRASES = {"YOU"}

#: the string methods that look for a substring in the text they are called on
_SUBSTRING_METHODS = {"startswith", "endswith", "removeprefix", "removesuffix", "split", "rsplit", "partition",
                      "rpartition", "find", "rfind", "index", "rindex", "count", "replace"}
#: those that look at the text's start or cut it at a word: one word is enough to read a line back with them
_START_METHODS = {"startswith", "removeprefix", "split", "rsplit", "partition"}
#: the calls whose string arguments are messages of the catalog (quitlok.i18n)
_CATALOG_CALLS = {"_", "N_", "ngettext", "pgettext", "npgettext"}
_REGEX_FUNCTIONS = {"compile", "match", "search", "fullmatch", "findall", "finditer", "sub", "subn", "split"}


def _files() -> list[Path]:
    return sorted([*(ROOT / "quitlok").rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "tutorial_app.py"])


# --- the log's text, from narration over real games ------------------------------------------------------------


def _games():
    for n, rules in enumerate(RULES * 6):  # both presets and house rules
        seats = 2 + n % 4
        names = ["Ann", "Ben", "Cy", "Dov", "Eve"][:seats]
        names[n % seats] = YOU
        rng = random.Random(n)
        state = new_game(rules, names, banker=n % seats, bank=6 + n % 5, purses=12 + n % 9, seed=n,
                         choose_stake=n % 3 == 0)
        yield state
        for _ in range(400):
            if state.is_over:
                break
            state = apply_action(state, random_move(state, rng))
            yield state


@cache
def log_text() -> tuple[tuple[str, ...], str]:
    """(every sentence of the log, once each; all the log's text, a line each: sentences, status lines, hands'
    ends)."""
    said: set[str] = set()
    lines: set[str] = set()
    ends = []  # each game as it ended (or stopped)
    for state in _games():
        if state.moves == 0 or not ends:
            ends.append(state)
        ends[-1] = state
        for status in (*state.seat_status, *state.last_status):
            lines.add(status_line(status))
        if any(isinstance(e, HandDealt) for e in state.events):
            names = ["you" if name == YOU else name for name in state.players]
            lines.add(hand_over_words("Hand 1 of Ann's bank", state.last_status, names, 0))
    for state in ends:  # as every seat reads it, each seat in turn the learner's ("You")
        for you in range(len(state.players)):
            players = tuple(YOU if seat == you else "Fay" if name == YOU else name
                            for seat, name in enumerate(state.players))
            for viewer in [None, *range(len(players))]:
                said.update(sentences(state.events, players, viewer))
    lines |= said
    lines.discard("")
    return tuple(sorted(said)), "\n".join(sorted(lines))


# --- the walk ---------------------------------------------------------------------------------------------------


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9']+", text))


def _in_text(literal: str, text: str) -> bool:
    """The literal occurs in the log's text, starting and ending at word boundaries where it starts and ends in a
    letter or digit."""
    start = r"\b" if literal[:1].isalnum() else ""
    end = r"\b" if literal[-1:].isalnum() else ""
    return re.search(start + re.escape(literal) + end, text) is not None


def _starts_a_line(literal: str, text: str) -> bool:
    return re.search(r"^" + re.escape(literal) + (r"\b" if literal[-1:].isalnum() else ""), text, re.M) is not None


def _strings(node: ast.AST) -> list[str]:
    """The string literals that `node` is: one, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [s for element in node.elts for s in _strings(element)]
    return []


def offences(source: str, name: str = "<planted>") -> list[str]:
    """Every place in `source` (a module's text) that matches log text or imports a phrase of narration's, as
    'name:line: why'."""
    sentences_, text = log_text()
    whole = set(sentences_)
    tree = ast.parse(source)
    found: list[str] = []
    narration_modules = set()
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}

    spoken = {id(node) for node in _said_here(tree)}

    def offend(node: ast.AST, why: str) -> None:
        found.append(f"{name}:{node.lineno}: {why}")

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "quitlok.narration":
            for alias in node.names:
                if alias.name.isupper() and alias.name not in NAMES_NOT_PHRASES:
                    offend(node, f"imports narration's phrase {alias.name}")
        if isinstance(node, ast.ImportFrom) and node.module == "quitlok":
            narration_modules |= {a.asname or a.name for a in node.names if a.name == "narration"}
        if isinstance(node, ast.Import):
            narration_modules |= {a.asname or a.name for a in node.names if a.name == "quitlok.narration"}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.isupper() and node.attr not in NAMES_NOT_PHRASES
                and ast.unparse(node.value) in narration_modules):
            offend(node, f"uses narration's phrase {node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method, args = node.func.attr, node.args
            is_re = isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
            if is_re and method in _REGEX_FUNCTIONS and args:
                for pattern in _strings(args[0]):
                    if re.search(r"[A-Za-z]{3}", pattern) and _regex_finds(pattern, text):
                        offend(node, f"a regex that reads the log: {pattern!r}")
            elif method in _SUBSTRING_METHODS and args and not _strings(node.func.value):
                for literal in _strings(args[0]):
                    if ((_words(literal) >= 2 and _in_text(literal, text))
                            or (method in _START_METHODS and re.fullmatch(r"[A-Za-z]{3,}", literal.strip())
                                and _starts_a_line(literal.strip(), text))):
                        offend(node, f".{method}({literal!r}) on log text")
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, operands, operands[1:], strict=False):
                if isinstance(op, ast.In | ast.NotIn):
                    for literal in _strings(left):
                        if _words(literal) >= 2 and _in_text(literal, text):
                            offend(node, f"{literal!r} looked for in log text")
                    for literal in _strings(right):
                        if literal in whole:
                            offend(node, f"compared with a sentence of the log: {literal!r}")
                elif isinstance(op, ast.Eq | ast.NotEq):
                    for literal in _strings(left) + _strings(right):
                        if literal in whole:
                            offend(node, f"compared with a sentence of the log: {literal!r}")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings | spoken
              and _words(node.value) >= 4 and _in_text(node.value, text)):
            offend(node, f"a phrase of the log kept here: {node.value!r}")
    return sorted(set(found))


def _said_here(tree: ast.AST):
    """The string literals that make words here rather than keep a phrase to look for: parts of an f-string or of
    a sum of strings, what a function returns (through `x if c else y` too), and a message for the catalog (the
    argument of `_`, `N_`, `ngettext`, `pgettext`: words said to people, in their language, never matched)."""
    def parts(node):
        if isinstance(node, ast.IfExp):
            yield from parts(node.body)
            yield from parts(node.orelse)
        elif isinstance(node, ast.BinOp):
            yield from parts(node.left)
            yield from parts(node.right)
        elif isinstance(node, ast.JoinedStr):
            yield from node.values
        else:
            yield node
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in _CATALOG_CALLS:
            yield from node.args
        if isinstance(node, ast.JoinedStr):
            yield from node.values
        elif isinstance(node, ast.BinOp) or (isinstance(node, ast.Return) and node.value is not None):
            yield from parts(node.value if isinstance(node, ast.Return) else node)


def _regex_finds(pattern: str, text: str) -> bool:
    try:
        return re.compile(pattern, re.M).search(text) is not None
    except re.error:
        return False


# --- the tests ------------------------------------------------------------------------------------------------


def test_the_log_text_is_real():
    """The walk reads against what narration says: thousands of lines, every kind of event among them."""
    said, text = log_text()
    assert len(said) > 1000
    for line in ("You have 21 and are paid", "The open stakes cover the whole bank: the banker plays now.",
                 "then a new card", "settlement)", "sitting out: could not pay a share", "retire and take",
                 "dealt anticlockwise, starting with", "(ties go to the banker)"):
        assert line in text, line


def test_the_walk_finds_narrations_own_phrases():
    """narration.py is where the words are: the walk finds them there (it is not blind). Its sentences are the
    catalog's messages now (issue 26), which the walk leaves alone as words said; what it still finds are the
    phrases narration keeps to read old saved games back (status_from_line) and its own matching."""
    found = offences(NARRATION.read_text(encoding="utf-8"), "narration.py")
    kinds = {why.split(": ", 1)[1].split(" ", 2)[:2][0] for why in found}
    assert len(found) >= 6, found
    assert any("regex" in why for why in found), found  # it reads back the statuses of old saved games
    assert len(kinds) >= 2, found


@pytest.mark.parametrize("planted", [
    'from quitlok.narration import NEW_CARD\n',
    'from quitlok import narration\nx = line.endswith(narration.SETTLEMENT)\n',
    'import re\nDEAL = re.compile(r"^Hand (\\d+) of (.+) bank")\n',
    'import re\nre.match(r"^won\\b", status)\n',
    'ok = any("is bust with" in line for line in log)\n',
    'late = status.startswith("sitting out")\n',
    'banker = status.startswith("banker")\n',
    'early = line == "The open stakes cover the whole bank: the banker plays now."\n',
    'goal = "You reject the 11"\n',
    'steps = line.split(", then a new card")\n',
])
def test_the_walk_finds_a_planted_offender(planted):
    assert offences(planted), planted


def test_no_code_outside_narration_reads_the_log():
    found = [why for path in _files() if path != NARRATION
             for why in offences(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert _files() and NARRATION in _files()
    assert not found, "\n".join(found)
