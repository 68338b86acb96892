"""Words for people, loaded from `content/` (Markdown), and the History pages built from them."""

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import streamlit as st

CONTENT = Path(__file__).resolve().parents[2] / "content"


@cache
def content(name: str) -> str:
    """The Markdown text of `content/<name>.md`."""
    return (CONTENT / f"{name}.md").read_text(encoding="utf-8")


@cache
def content_sections(name: str) -> dict[str, str]:
    """`content/<name>.md` split at its '## key' headings: {key: text}."""
    parts = re.split(r"^## +(.+)$", content(name), flags=re.MULTILINE)
    return {key.strip(): text.strip() for key, text in zip(parts[1::2], parts[2::2], strict=True)}


@dataclass(frozen=True)
class Check:
    """A check question: the question, and each option with its feedback; exactly one is right."""

    question: str
    options: tuple[str, ...]
    feedback: tuple[str, ...]
    answer: int


def parse_check(text: str, where: str) -> Check:
    """A question, then options '- [x] right :: feedback' and '- [ ] wrong :: feedback'."""
    lines = text.splitlines()
    question = " ".join(line for line in lines if not line.startswith("- ["))
    options, feedback, answer = [], [], []
    for line in lines:
        if line.startswith("- ["):
            option, note = line[6:].split(" :: ")
            options.append(option.strip())
            feedback.append(note.strip())
            if line.startswith("- [x]"):
                answer.append(len(options) - 1)
    if len(answer) != 1 or len(options) < 2:
        raise ValueError(f"{where}: a question needs two or more options and exactly one right one, marked - [x]")
    return Check(question, tuple(options), tuple(feedback), answer[0])


@cache
def lesson_words(slug: str) -> tuple[str, dict[str, str], Check]:
    """A lesson's title, its sections ('text', 'try', 'done', 'predict') and its check question."""
    name = f"lessons/{slug}"
    title = content(name).splitlines()[0].removeprefix("# ").strip()
    sections = content_sections(name)
    return title, sections, parse_check(sections["check"], name)


@cache
def fixed_questions() -> tuple[tuple[str, Check], ...]:
    """The quiz's fixed questions on history and terms: (topic, question)."""
    return tuple((key.split(":")[0], parse_check(text, f"quiz/questions: {key}"))
                 for key, text in content_sections("quiz/questions").items())


def history_page(name: str) -> None:
    """A History page from content/history/<name>.md: its title, its text and its sources."""
    text = content(f"history/{name}")
    sections = content_sections(f"history/{name}")
    st.title(text.splitlines()[0].removeprefix("# ").strip())
    st.markdown(sections["body"])
    if "Sources" in sections:
        st.divider()
        st.caption(sections["Sources"])
