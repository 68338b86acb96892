"""A learner's progress, kept on their own device: what it holds, how it is saved, and how it moves.

Nothing here touches a server or a browser: the app saves `Progress.to_json()` in the browser's local
storage and reads it back with `Progress.from_json`, and "Copy my progress" shows `share_code()`, a
short text (compressed JSON with a checksum) that `Progress.from_share_code` takes back on another
device. A saved text carries FORMAT and VERSION; one of another version, or damaged, raises
ProgressError naming what was wrong, and the app starts afresh with a short notice.

Mistakes are kept as the positions themselves (the cards the learner held and could see, stake, room)
with every option's exact value priced by the advisor when the mistake was made, so the Review page can
ask the question again and show the same figures without replaying a game. They come back on a spaced
schedule (REVIEW_DAYS): an answer right moves a position one step further out, a wrong one back to the
first step.
"""

import base64
import hashlib
import json
import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from quitlok.coach import Coaching
from quitlok.errors import QuitlokError, shown
from quitlok.game import Action, State, action_label
from quitlok.stock import Stock
from quitlok.validate import flag, moment

FORMAT = "quitlok-progress"
#: the layout of the saved JSON; a save of any other version is refused (ProgressError)
VERSION = 1
#: days until a position comes back, after 0, 1, 2, 3 or more right answers in a row
REVIEW_DAYS = (1, 3, 7, 14)
#: a decision that cost more than this many chips on average (against the best play) is kept as a mistake
MISTAKE_THRESHOLD = 0.05
#: the costliest mistakes kept; a cheaper one gives way to a costlier one
MAX_MISTAKES = 40
#: recent answers kept per quiz topic (mastery is the share right among them)
QUIZ_MEMORY = 10
#: a quiz topic is mastered once it has at least MASTERED_AFTER answers and 4 in 5 of its last MASTERED_RECENT
#: are right (one definition for the Quiz's summary and Home's welcome)
MASTERED_AFTER, MASTERED_RECENT = 3, 5
DAY = 86_400.0
_CODE_PREFIX = "QL1-"
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


class ProgressError(QuitlokError):
    """A saved progress or a progress code that cannot be read: damaged, mistyped, or of another version."""


@dataclass(frozen=True)
class LessonRecord:
    """One lesson step: done or not, the learner's guess before the reveal, the check option chosen."""

    done: bool = False
    guess: float | None = None
    answer: int | None = None


@dataclass(frozen=True)
class Mistake:
    """A decision that cost chips, kept to practise: the position, the priced options and the schedule."""

    #: when it was made (seconds since the epoch): also its identity
    made: float
    rules: str
    hand: tuple[int, ...]
    #: every card the learner could see besides their own
    seen: tuple[int, ...]
    stake: int
    room: int
    #: each option's label (as its button said) and its exact value in chips, as the advisor priced it
    options: tuple[tuple[str, float], ...]
    chosen: str
    #: how many right answers in a row on review, and when it is next due
    streak: int = 0
    due: float = 0.0
    #: the stock as the learner saw it (the options were priced across its reshuffle); None in progress saved
    #: before the stock was kept (priced as the Advisor does without a stock)
    stock: Stock | None = None

    @property
    def best(self) -> str:
        return max(self.options, key=lambda option: option[1])[0]

    @property
    def cost(self) -> float:
        """Chips lost on average by the choice made, against the best play."""
        values = dict(self.options)
        return max(values.values()) - values[self.chosen]

    def is_right(self, label: str) -> bool:
        """Whether `label` is as good as the best play (within a hundredth of a chip)."""
        values = dict(self.options)
        if not isinstance(label, str) or label not in values:
            raise ProgressError(f"{shown(label)} is not one of this position's options.")
        return values[label] >= max(values.values()) - 0.005


@dataclass(frozen=True)
class Progress:
    """Everything kept about one learner. Immutable: each change gives a new Progress."""

    lessons: Mapping[str, LessonRecord] = field(default_factory=dict)
    #: per quiz topic, the last QUIZ_MEMORY answers, oldest first (True for right)
    quiz: Mapping[str, tuple[bool, ...]] = field(default_factory=dict)
    #: decisions priced by the advisor at a table (the practice table or a room)
    decisions: int = 0
    mistakes: tuple[Mistake, ...] = ()
    #: chips lost to mistakes per day (days since the epoch), the last 14 days kept
    cost_by_day: Mapping[int, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("lessons", "quiz", "cost_by_day"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    # --- changes ------------------------------------------------------------------------------------

    def with_lesson(self, slug: str, **changes: object) -> "Progress":
        """The lesson step `slug` with `changes` (done, guess, answer)."""
        _check_topic(slug)
        if unknown := set(changes) - {"done", "guess", "answer"}:
            raise ProgressError(f"A lesson step keeps done, guess and answer, not {', '.join(sorted(unknown))}.")
        record = replace(self.lessons.get(slug, LessonRecord()), **changes)
        return replace(self, lessons={**self.lessons, slug: record})

    def with_quiz_answer(self, topic: str, right: bool) -> "Progress":
        _check_topic(topic)
        flag("right", right)
        answers = (self.quiz.get(topic, ()) + (bool(right),))[-QUIZ_MEMORY:]
        return replace(self, quiz={**self.quiz, topic: answers})

    def with_decision(self, mistake: Mistake | None, now: float) -> "Progress":
        """One more decision at a table; `mistake` when it cost more than MISTAKE_THRESHOLD chips."""
        if mistake is not None and not isinstance(mistake, Mistake):
            raise ProgressError(f"A decision's mistake is a Mistake or None (got {shown(mistake)}).")
        moment("now", now)
        if mistake is None or mistake.cost <= MISTAKE_THRESHOLD:
            return replace(self, decisions=self.decisions + 1)
        day = int(now // DAY)
        costs = {d: c for d, c in self.cost_by_day.items() if d > day - 14}
        costs[day] = costs.get(day, 0.0) + mistake.cost
        kept = sorted(self.mistakes + (replace(mistake, due=now + REVIEW_DAYS[0] * DAY),),
                      key=lambda m: -m.cost)[:MAX_MISTAKES]
        return replace(self, decisions=self.decisions + 1, mistakes=tuple(kept), cost_by_day=costs)

    def reviewed(self, made: float, right: bool, now: float) -> "Progress":
        """The mistake made at `made` answered on review: right moves it a step further out, wrong to the start."""
        moment("made", made)
        flag("right", right)
        moment("now", now)
        mistakes = []
        for m in self.mistakes:
            if m.made == made:
                streak = m.streak + 1 if right else 0
                m = replace(m, streak=streak, due=now + REVIEW_DAYS[min(streak, len(REVIEW_DAYS) - 1)] * DAY)
            mistakes.append(m)
        if all(m.made != made for m in self.mistakes):
            raise ProgressError("That position is no longer among your mistakes.")
        return replace(self, mistakes=tuple(mistakes))

    # --- reading --------------------------------------------------------------------------------------

    def due(self, now: float) -> tuple[Mistake, ...]:
        """The mistakes due for review now: costliest first, then the longest overdue."""
        moment("now", now)
        return tuple(sorted((m for m in self.mistakes if m.due <= now), key=lambda m: (-m.cost, m.due)))

    def mastery(self, topic: str) -> float | None:
        _check_topic(topic)
        answers = self.quiz.get(topic, ())
        return sum(answers) / len(answers) if answers else None

    def is_mastered(self, topic: str) -> bool:
        """At least MASTERED_AFTER answers on `topic`, and at least 4 in 5 of its last MASTERED_RECENT right."""
        _check_topic(topic)
        answers = self.quiz.get(topic, ())
        recent = answers[-MASTERED_RECENT:]
        return len(answers) >= MASTERED_AFTER and 5 * sum(recent) >= 4 * len(recent)

    def topics_mastered(self) -> tuple[int, int]:
        """How many quiz topics are mastered, of how many met so far (all rounds, on this device)."""
        return sum(self.is_mastered(topic) for topic in self.quiz), len(self.quiz)

    def week_costs(self, now: float) -> tuple[float, float]:
        """Chips lost to mistakes in the last 7 days, and in the 7 days before."""
        moment("now", now)
        day = int(now // DAY)
        this = sum(c for d, c in self.cost_by_day.items() if day - 7 < d <= day)
        last = sum(c for d, c in self.cost_by_day.items() if day - 14 < d <= day - 7)
        return this, last

    # --- saved forms ----------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The form kept in the browser's local storage."""
        return json.dumps({
            "format": FORMAT, "version": VERSION,
            "lessons": {slug: [r.done, r.guess, r.answer] for slug, r in sorted(self.lessons.items())},
            "quiz": {topic: [int(a) for a in answers] for topic, answers in sorted(self.quiz.items())},
            "decisions": self.decisions,
            "mistakes": [[m.made, m.rules, list(m.hand), list(m.seen), m.stake, m.room,
                          [[label, value] for label, value in m.options], m.chosen, m.streak, m.due,
                          None if m.stock is None else [m.stock.cards, list(m.stock.under)]]
                         for m in self.mistakes],
            "cost_by_day": {str(d): c for d, c in sorted(self.cost_by_day.items())},
        }, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Progress":
        """The Progress of `to_json`; ProgressError for anything else."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as bad:
            raise ProgressError("The saved progress is not readable.") from bad
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError("This is not a Quitlok progress save.")
        if data.get("version") != VERSION:
            raise ProgressError(f"This progress was saved by another version of Quitlok "
                                f"(version {shown(data.get('version'))}, this one reads {VERSION}).")
        try:
            progress = cls(
                lessons={_text(slug): LessonRecord(_flag(done), _number_or_none(guess), _int_or_none(answer))
                         for slug, (done, guess, answer) in _items(data["lessons"])},
                quiz={_text(topic): tuple(_flag(a) for a in _list(answers))[-QUIZ_MEMORY:]
                      for topic, answers in _items(data["quiz"])},
                decisions=_count(data["decisions"]),
                mistakes=tuple(_mistake(m) for m in _list(data["mistakes"]))[:MAX_MISTAKES],
                cost_by_day={int(_text(d)): _number(c) for d, c in _items(data["cost_by_day"])},
            )
        except (KeyError, TypeError, ValueError) as bad:
            if isinstance(bad, ProgressError):
                raise
            raise ProgressError(f"The saved progress is damaged ({type(bad).__name__}: {bad}).") from bad
        return progress

    def share_code(self) -> str:
        """A text to copy to another device: QL1-, then the compressed JSON and a checksum, base64url."""
        packed = zlib.compress(self.to_json().encode(), 9)
        body = hashlib.sha256(packed).digest()[:4] + packed
        return _CODE_PREFIX + base64.urlsafe_b64encode(body).decode().rstrip("=")

    @classmethod
    def from_share_code(cls, code: str) -> "Progress":
        """The Progress of `share_code`; ProgressError, saying why, for a mistyped or cut-short code."""
        if not isinstance(code, str):
            raise ProgressError("A progress code is text starting with QL1-: copy the whole code.")
        code = "".join(str(code).split())  # a code pasted across lines
        if not code.startswith(_CODE_PREFIX):
            raise ProgressError("A progress code starts with QL1-: copy the whole code.")
        body = code[len(_CODE_PREFIX):]
        if set(body) - set(_ALPHABET):
            raise ProgressError("That progress code has characters a code never has: copy it again.")
        try:
            raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        except ValueError:  # a length no code has: cut short
            raw = b""
        check, packed = raw[:4], raw[4:]
        if len(raw) < 5 or hashlib.sha256(packed).digest()[:4] != check:
            raise ProgressError("That progress code is incomplete or mistyped: copy the whole code again.")
        try:
            text = zlib.decompress(packed, bufsize=1 << 16).decode()
        except (zlib.error, UnicodeDecodeError) as bad:
            raise ProgressError("That progress code cannot be unpacked: copy it again.") from bad
        return cls.from_json(text)


# --- checking what was read -------------------------------------------------------------------------------


def _check_topic(topic: object) -> None:
    if not isinstance(topic, str):
        raise ProgressError(f"A quiz topic or a lesson step is named by a word (got {shown(topic)}).")


def _mistake(item: object) -> Mistake:
    fields = _list(item)
    if len(fields) == 10:  # saved before the stock was kept
        fields = [*fields, None]
    made, rules, hand, seen, stake, room, options, chosen, streak, due, stock = fields
    options = tuple((_text(label), _number(value)) for label, value in (_list(o) for o in _list(options)))
    seen = tuple(_card(c) for c in _list(seen))
    mistake = Mistake(_number(made), _text(rules), tuple(_card(c) for c in _list(hand)),
                      seen, _count(stake), _count(room), options, _text(chosen),
                      _count(streak), _number(due), _stock(stock, seen))
    if not options or chosen not in dict(options):
        raise ProgressError("A saved mistake is damaged: its choice is not one of its options.")
    return mistake


def _stock(value: object, seen: tuple[int, ...]) -> Stock | None:
    if value is None:
        return None
    cards, under = _list(value)
    under = tuple(_card(c) for c in _list(under))
    if Counter(under) - Counter(seen):
        raise TypeError("the cards under the stock are not among the seen cards")
    return Stock(_count(cards), under)


def _items(value: object):
    if not isinstance(value, dict):
        raise TypeError("expected an object")
    return value.items()


def _list(value: object) -> list:
    if not isinstance(value, list):
        raise TypeError("expected a list")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 200:
        raise TypeError("expected a short text")
    return value


def _flag(value: object) -> bool:
    if value not in (0, 1) or isinstance(value, float):
        raise TypeError("expected true or false")
    return bool(value)


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value or abs(value) > 1e12:
        raise TypeError("expected a number")
    return float(value)


def _number_or_none(value: object) -> float | None:
    return None if value is None else _number(value)


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        raise TypeError("expected a whole number from 0")
    return value


def _int_or_none(value: object) -> int | None:
    return None if value is None else _count(value)


def _card(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
        raise TypeError("expected a card from 1 to 12")
    return value


def decision(state: State, coaching: Coaching | None, action: Action, now: float) -> Mistake | None:
    """The decision `action` of the player to act in `state`, priced by `coaching` (quitlok.coach), as a
    Mistake to keep: the position as that player saw it and every option's value. None when the advisor
    had nothing to price (a banker's decision); with_decision keeps it only if it cost enough."""
    if not isinstance(state, State) or not (coaching is None or isinstance(coaching, Coaching)):
        raise ProgressError("A decision is priced from a game State and its Coaching (or None).")
    if not isinstance(action, Action):
        raise ProgressError(f"{shown(action)} is not an action.")
    moment("now", now)
    if coaching is None or action not in coaching.values:
        return None
    seat = state.to_act
    return Mistake(made=now, rules=state.rules.name, hand=tuple(state.hands[seat]), seen=tuple(state.seen_by(seat)),
                   stake=state.stakes[seat], room=state.bet_room(seat),
                   options=tuple((action_label(state, a), round(v, 6)) for a, v in coaching.values.items()),
                   chosen=action_label(state, action), stock=Stock.of(state))
