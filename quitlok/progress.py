"""A learner's progress, kept on their own device: what it holds, how it is saved, and how it moves.

Nothing here touches a server or a browser: the app saves `Progress.to_json()` in the browser's local
storage and reads it back with `Progress.from_json`, and "Copy my progress" shows `share_code()`, a
short text (compressed JSON with a checksum) that `Progress.from_share_code` takes back on another
device. A saved text carries FORMAT and VERSION. A save of an earlier version is migrated (MIGRATIONS, one
step per version); one of a later version raises ProgressFromLater (the app keeps it aside, unchanged, for
the version that can read it); a damaged one is read as far as it can be (`Progress.read` names what it
left out; `from_json` refuses it). Every input has a size (MAX_SAVE, MAX_CODE, MAX_DEPTH, and bounds on
every number) checked before it is unpacked or parsed: a refused one raises ProgressError saying why.

Two tabs, or two devices, that each changed a copy of one save are merged (`Progress.merged`), three ways:
each side's change since the copy they share (the base) is kept, so a lesson, an answer or a mistake of
either side is never lost and a count is never counted twice. What one side held at the base and the other
side dropped since stays dropped: "Forget my progress" (`Progress.forget`) leaves an empty progress that
remembers when it was forgotten (`forgotten`, saved with it), so a tab still holding the old progress finds
a forget newer than its own and keeps only what it did since the copy it shares.

Mistakes are kept as the positions themselves (the cards the learner held and could see, stake, room)
with every option's exact value priced by the advisor when the mistake was made, so the Review page can
ask the question again and show the same figures without replaying a game. They come back on a spaced
schedule (REVIEW_DAYS): an answer right moves a position one step further out, a wrong one back to the
first step.
"""

import base64
import hashlib
import json
import math
import re
import zlib
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from quitlok.actions import Aluvun, Bet, Blot, Draw, Keep, KeepBank, Reject, Retire, StakeBank, Stand, Stay, describe
from quitlok.coach import Coaching
from quitlok.errors import ProgressError, ProgressFromLater, ProgressTooLarge, shown
from quitlok.game import Action, State, action_label
from quitlok.i18n import SOURCE, _, use
from quitlok.i18n import number as _whole_number
from quitlok.rules import ALUVUN_WORDS
from quitlok.stock import Stock
from quitlok.validate import flag, moment

FORMAT = "quitlok-progress"
#: the layout of the saved JSON: 2 keeps how many answers each quiz topic has had and how often each mistake
#: was reviewed (so that two tabs' saves merge without counting anything twice); 1 is migrated on reading
VERSION = 2
#: the longest save read, in characters (the largest progress the app makes is under 40,000)
MAX_SAVE = 200_000
#: the longest progress code read, in characters (a code unpacks to MAX_SAVE bytes at most)
MAX_CODE = 100_000
#: the deepest nesting of lists and objects in a save (the app's own go 5 deep)
MAX_DEPTH = 8
#: the latest moment a save may name (1 January 2200), the largest chip value, and the longest whole number
LATEST = 7_258_118_400.0
MOST_CHIPS = 1e9
_LONGEST_INT = 12
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
    #: each option's label (as its button said in English: the option's key, whatever the learner's language;
    #: `label_words` says it in the current language) and its exact value in chips, as the advisor priced it
    options: tuple[tuple[str, float], ...]
    chosen: str
    #: how many right answers in a row on review, and when it is next due
    streak: int = 0
    due: float = 0.0
    #: the stock as the learner saw it (the options were priced across its reshuffle); None in progress saved
    #: before the stock was kept (priced as the Advisor does without a stock)
    stock: Stock | None = None
    #: how many times it was answered on review (of two copies, the one reviewed more is the later)
    reviews: int = 0

    @property
    def best(self) -> str:
        return max(self.options, key=lambda option: option[1])[0]

    @property
    def cost(self) -> float:
        """Chips lost on average by the choice made, against the best play."""
        values = dict(self.options)
        return max(values.values()) - values[self.chosen]

    def label_words(self, label: str) -> str:
        """An option's label (a key of `options`, or `chosen`) as the button says it in the current language."""
        return action_words(label)

    def is_right(self, label: str) -> bool:
        """Whether `label` is as good as the best play (within a hundredth of a chip)."""
        values = dict(self.options)
        if not isinstance(label, str) or label not in values:
            raise ProgressError(_("{label} is not one of this position's options.").format(label=shown(label)))
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
    #: per quiz topic, how many answers it has had in all (at least as many as `quiz` keeps)
    quiz_counts: Mapping[str, int] = field(default_factory=dict)
    #: when the progress was last forgotten on this device (seconds since the epoch; 0: never): saved with it,
    #: so that every tab of the browser learns of the forget (see merged)
    forgotten: float = 0.0

    def __post_init__(self) -> None:
        counts = {topic: max(self.quiz_counts.get(topic, 0), len(answers)) for topic, answers in self.quiz.items()}
        object.__setattr__(self, "quiz_counts", counts)
        for name in ("lessons", "quiz", "cost_by_day", "quiz_counts"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    # --- changes ------------------------------------------------------------------------------------

    def with_lesson(self, slug: str, **changes: object) -> "Progress":
        """The lesson step `slug` with `changes` (done, guess, answer)."""
        _check_topic(slug)
        if unknown := set(changes) - {"done", "guess", "answer"}:
            raise ProgressError(_("A lesson step keeps done, guess and answer, not {keys}.").format(
                keys=', '.join(sorted(unknown))))
        record = replace(self.lessons.get(slug, LessonRecord()), **changes)
        return replace(self, lessons={**self.lessons, slug: record})

    def with_quiz_answer(self, topic: str, right: bool) -> "Progress":
        _check_topic(topic)
        flag("right", right)
        answers = (self.quiz.get(topic, ()) + (bool(right),))[-QUIZ_MEMORY:]
        return replace(self, quiz={**self.quiz, topic: answers},
                       quiz_counts={**self.quiz_counts, topic: self.quiz_counts.get(topic, 0) + 1})

    def with_decision(self, mistake: Mistake | None, now: float) -> "Progress":
        """One more decision at a table; `mistake` when it cost more than MISTAKE_THRESHOLD chips."""
        if mistake is not None and not isinstance(mistake, Mistake):
            raise ProgressError(_("A decision's mistake is a Mistake or None (got {mistake}).").format(
                mistake=shown(mistake)))
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
                m = replace(m, streak=streak, due=now + REVIEW_DAYS[min(streak, len(REVIEW_DAYS) - 1)] * DAY,
                            reviews=m.reviews + 1)
            mistakes.append(m)
        if all(m.made != made for m in self.mistakes):
            raise ProgressError(_("That position is no longer among your mistakes."))
        return replace(self, mistakes=tuple(mistakes))

    def forget(self, now: float) -> "Progress":
        """Nothing kept, but the moment it was forgotten (`now`, or an earlier forget's if later): saved in
        place of the progress, it tells every other tab of the browser to forget too (merged)."""
        moment("now", now, LATEST)  # a moment a save can hold (_moment reads it back)
        return Progress(forgotten=max(self.forgotten, float(now)))

    # --- reading --------------------------------------------------------------------------------------

    @property
    def empty(self) -> bool:
        """Nothing learned is kept (when it was last forgotten aside)."""
        return replace(self, forgotten=0.0) == Progress()

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

    # --- two copies --------------------------------------------------------------------------------------

    def merged(self, theirs: "Progress", base: "Progress | None" = None) -> "Progress":
        """This progress and `theirs` (another tab's or device's), both changed from `base`, the copy they last
        shared (None: nothing shared, as when a page first takes up the browser's save). Kept: `theirs`, and
        what this side changed since `base`: every lesson step it changed (done on either side stays done);
        each topic's answers given since `base` on either side (theirs, then these), and its count of answers
        counted once; every mistake of either side, the one reviewed more when both have it (a mistake that
        only `theirs` gave up stays given up unless this side reviewed it); decisions and the chips they
        cost, counted once. So what `theirs` dropped since `base` (a forget, a progress loaded in its place)
        stays dropped: nothing this side held at `base` comes back unless this side changed it since. When
        it is this side that forgot later, the roles are swapped: only what `theirs` changed since `base` is
        added to this. The later forget is kept (`forgotten`)."""
        if not isinstance(theirs, Progress) or not isinstance(base, Progress | None):
            raise ProgressError(_("Only two progresses can be merged."))
        if self.forgotten > theirs.forgotten:  # this side forgot since: it is theirs that add only their changes
            return theirs.merged(self, base)
        base = base or Progress()
        lessons = dict(theirs.lessons)
        for slug, mine in self.lessons.items():
            if base.lessons.get(slug) == mine:  # unchanged here since the copy both shared: theirs is as they left it
                continue
            other = lessons.get(slug, LessonRecord())
            lessons[slug] = LessonRecord(mine.done or other.done,
                                         mine.guess if mine.guess is not None else other.guess,
                                         mine.answer if mine.answer is not None else other.answer)
        quiz, counts = dict(theirs.quiz), dict(theirs.quiz_counts)
        for topic, answers in self.quiz.items():
            new = max(0, self.quiz_counts[topic] - base.quiz_counts.get(topic, 0))
            if new:
                quiz[topic] = (quiz.get(topic, ()) + answers[-new:])[-QUIZ_MEMORY:]
                counts[topic] = counts.get(topic, 0) + new
        costs = dict(theirs.cost_by_day)
        for day, cost in self.cost_by_day.items():
            if (new := cost - base.cost_by_day.get(day, 0.0)) > 1e-9:
                costs[day] = costs.get(day, 0.0) + new
        if costs:
            costs = {d: c for d, c in costs.items() if d > max(costs) - 14}
        kept = {m.made: m for m in theirs.mistakes}
        shared = {m.made: m for m in base.mistakes}
        for m in self.mistakes:
            other = kept.get(m.made)
            if (other is None and shared.get(m.made) != m) or (other is not None and m.reviews >= other.reviews):
                kept[m.made] = m
        mistakes = sorted(kept.values(), key=lambda m: (-m.cost, m.made))[:MAX_MISTAKES]
        return Progress(lessons=lessons, quiz=quiz, quiz_counts=counts, cost_by_day=costs, mistakes=tuple(mistakes),
                        decisions=theirs.decisions + max(0, self.decisions - base.decisions),
                        forgotten=max(self.forgotten, theirs.forgotten))

    # --- saved forms ----------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The form kept in the browser's local storage."""
        return json.dumps({
            "format": FORMAT, "version": VERSION,
            "lessons": {slug: [r.done, r.guess, r.answer] for slug, r in sorted(self.lessons.items())},
            "quiz": {topic: [self.quiz_counts[topic], [int(a) for a in answers]]
                     for topic, answers in sorted(self.quiz.items())},
            "decisions": self.decisions,
            "mistakes": [[m.made, m.rules, list(m.hand), list(m.seen), m.stake, m.room,
                          [[label, value] for label, value in m.options], m.chosen, m.streak, m.due,
                          None if m.stock is None else [m.stock.cards, list(m.stock.under)], m.reviews]
                         for m in self.mistakes],
            "cost_by_day": {str(d): c for d, c in sorted(self.cost_by_day.items())},
            **({"forgotten": self.forgotten} if self.forgotten else {}),  # absent: never (every save before it)
        }, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def read(cls, text: str) -> "Reading":
        """What can be read of a save: every part and every item read on its own, the unreadable ones left
        out and named (Reading.left_out). A save of an earlier version is migrated. ProgressError when
        nothing can be read (not a save, too large, too deep); ProgressFromLater for a later version's save."""
        data = _parse(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError(_("This is not a Quitlok progress save."))
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise ProgressFromLater(_("This progress was saved by a later version of Quitlok (version "
                                      "{version}; this one reads up to {latest}).").format(
                version=shown(version), latest=VERSION), version)
        if isinstance(version, bool) or version not in MIGRATIONS and version != VERSION:
            raise ProgressError(_("This progress was saved by another version of Quitlok (version "
                                  "{version}, this one reads {latest}).").format(
                version=shown(version), latest=VERSION))
        left_out: list[str] = []
        while version != VERSION:
            data, version = MIGRATIONS[version](data), version + 1

        def part(name: str, read: Callable[[object], object], empty: object) -> object:
            try:
                return read(data[name])
            except (KeyError, TypeError, ValueError):
                left_out.append(name.replace("_", " "))
                return empty

        def each(name: str, items: Callable[[object], object], read: Callable[..., object]) -> list:
            kept = []
            try:
                listed = items(data[name])
            except (KeyError, TypeError, ValueError):
                left_out.append(name.replace("_", " "))
                return kept
            for item in listed:
                try:
                    kept.append(read(*item) if isinstance(item, tuple) else read(item))
                except (TypeError, ValueError):
                    left_out.append(f"one of the {name.replace('_', ' ')}"
                                    + (f" ({shown(item[0])})" if isinstance(item, tuple) else ""))
            return kept

        quiz = dict(each("quiz", _items, _quiz_topic))
        progress = cls(lessons=dict(each("lessons", _items, _lesson)),
                       quiz={topic: answers for topic, (_, answers) in quiz.items()},
                       quiz_counts={topic: count for topic, (count, _) in quiz.items()},
                       decisions=part("decisions", _count, 0),
                       mistakes=tuple(each("mistakes", _list, _mistake))[:MAX_MISTAKES],
                       cost_by_day=dict(each("cost_by_day", _items, _day_cost)),
                       forgotten=part("forgotten", _moment, 0.0) if "forgotten" in data else 0.0)
        return Reading(progress, tuple(left_out))

    @classmethod
    def from_json(cls, text: str) -> "Progress":
        """The Progress of `to_json` (or of an earlier version's); ProgressError for anything else, a save
        with any part damaged included (Progress.read keeps what can be read of it)."""
        reading = cls.read(text)
        if reading.left_out:
            raise ProgressError(_("The saved progress is damaged (in its {part}).").format(
                part=shown(reading.left_out[0])))
        return reading.progress

    def share_code(self) -> str:
        """A text to copy to another device: QL1-, then the compressed JSON and a checksum, base64url."""
        packed = zlib.compress(self.to_json().encode(), 9)
        body = hashlib.sha256(packed).digest()[:4] + packed
        return _CODE_PREFIX + base64.urlsafe_b64encode(body).decode().rstrip("=")

    @classmethod
    def from_share_code(cls, code: str) -> "Progress":
        """The Progress of `share_code`; ProgressError, saying why, for a mistyped, cut-short or oversized code
        (nothing longer than MAX_CODE is looked at, nothing unpacks to more than MAX_SAVE)."""
        if not isinstance(code, str):
            raise ProgressError(_("A progress code is a text starting with QL1-."))
        if len(code) > 2 * MAX_CODE:
            raise ProgressTooLarge(_("That is far longer than any progress code ({length} characters): "
                                     "copy only the code.").format(length=_whole_number(len(code))))
        code = "".join(code.split())  # a code pasted across lines
        if not code.startswith(_CODE_PREFIX):
            raise ProgressError(_("A progress code starts with QL1-: copy the whole code."))
        if len(code) > MAX_CODE:
            raise ProgressTooLarge(_("That is far longer than any progress code ({length} characters): "
                                     "copy only the code.").format(length=_whole_number(len(code))))
        body = code[len(_CODE_PREFIX):]
        if set(body) - set(_ALPHABET):
            raise ProgressError(_("That progress code has characters a code never has: copy it again."))
        try:
            raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        except ValueError:  # a length no code has: cut short
            raw = b""
        check, packed = raw[:4], raw[4:]
        if len(raw) < 5 or hashlib.sha256(packed).digest()[:4] != check:
            raise ProgressError(_("That progress code is incomplete or mistyped: copy the whole code "
                                  "again."))
        unpacker = zlib.decompressobj()
        try:
            data = unpacker.decompress(packed, MAX_SAVE + 1)
        except zlib.error as bad:
            raise ProgressError(_("That progress code cannot be unpacked: copy it again.")) from bad
        if len(data) > MAX_SAVE or unpacker.unconsumed_tail:
            raise ProgressTooLarge(_("That progress code unpacks to far more than any progress: it was "
                                     "not read."))
        if not unpacker.eof:
            raise ProgressError(_("That progress code cannot be unpacked: copy it again."))
        try:
            text = data.decode()
        except UnicodeDecodeError as bad:
            raise ProgressError(_("That progress code cannot be unpacked: copy it again.")) from bad
        return cls.from_json(text)


@dataclass(frozen=True)
class Reading:
    """What `Progress.read` made of a save: the progress, and the parts or items it left out (in words)."""

    progress: Progress
    left_out: tuple[str, ...] = ()


# --- earlier versions -----------------------------------------------------------------------------------------


def _from_v1(data: dict) -> dict:
    """Version 1 to 2: a quiz topic kept only its last answers (their number is its count, as far as can be
    known); a mistake had no count of reviews (its streak of right answers is the least it had), and one
    saved before the stock was kept (issue 21) had no stock."""
    data = dict(data)
    if isinstance(data.get("quiz"), dict):
        data["quiz"] = {topic: [len(answers), answers] if isinstance(answers, list) else answers
                        for topic, answers in data["quiz"].items()}
    if isinstance(data.get("mistakes"), list):
        data["mistakes"] = [[*m, *([None] * (11 - len(m))), m[8]] if isinstance(m, list) and len(m) in (10, 11)
                            else m for m in data["mistakes"]]
    return data


#: for each earlier version, the step to the next one
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _from_v1}


# --- checking what was read -------------------------------------------------------------------------------

_TOKENS = re.compile(r'\\.|["\[\]{}]', re.DOTALL)


def _parse(text: object) -> object:
    """JSON of at most MAX_SAVE characters and MAX_DEPTH levels (checked before parsing); a whole number of more
    than _LONGEST_INT digits, NaN or an infinity is read as _OUT_OF_RANGE; ProgressError for anything else."""
    if not isinstance(text, str):
        raise ProgressError(_("The saved progress is not readable."))
    if len(text) > MAX_SAVE:
        raise ProgressTooLarge(_("The saved progress is far larger than any progress ({length} "
                                 "characters).").format(length=_whole_number(len(text))))
    depth, in_text = 0, False
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark == '"':
            in_text = not in_text
        elif in_text or mark[0] == "\\":
            continue
        elif mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ProgressError(_("The saved progress is not readable (nested far deeper than any "
                                      "progress)."))
        else:
            depth -= 1
    try:
        return json.loads(text, parse_int=_whole, parse_float=_finite, parse_constant=_no_constant)
    except (ValueError, RecursionError) as bad:  # RecursionError cannot come after the depth check; kept as a net
        raise ProgressError(_("The saved progress is not readable.")) from bad


class _OutOfRange:
    """What the parser makes of a number no save holds (thousands of digits, 1e999, NaN): a value that every
    check below refuses, so only the part that holds it is left out."""


_OUT_OF_RANGE = _OutOfRange()


def _whole(digits: str) -> int | _OutOfRange:
    return _OUT_OF_RANGE if len(digits.lstrip("-")) > _LONGEST_INT else int(digits)


def _finite(digits: str) -> float | _OutOfRange:
    value = float(digits) if len(digits) <= 40 else math.inf
    return value if math.isfinite(value) else _OUT_OF_RANGE


def _no_constant(name: str) -> _OutOfRange:
    return _OUT_OF_RANGE


def _lesson(slug: object, record: object) -> tuple[str, LessonRecord]:
    done, guess, answer = _list(record)
    return _text(slug), LessonRecord(_flag(done), _number_or_none(guess), _int_or_none(answer))


def _quiz_topic(topic: object, entry: object) -> tuple[str, tuple[int, tuple[bool, ...]]]:
    count, answers = _list(entry)
    answers = tuple(_flag(a) for a in _list(answers))[-QUIZ_MEMORY:]
    if _count(count) < len(answers):
        raise TypeError("fewer answers counted than kept")
    return _text(topic), (count, answers)


def _day_cost(day: object, cost: object) -> tuple[int, float]:
    text = _text(day)
    if not text.isdigit() or int(text) > LATEST // DAY:
        raise TypeError("expected a day")
    return int(text), _chips(cost)


def _check_topic(topic: object) -> None:
    if not isinstance(topic, str):
        raise ProgressError(_("A quiz topic or a lesson step is named by a word (got {topic}).").format(
            topic=shown(topic)))


def _mistake(item: object) -> Mistake:
    fields = _list(item)
    if len(fields) != 12:
        raise TypeError("expected a mistake's twelve fields")
    made, rules, hand, seen, stake, room, options, chosen, streak, due, stock, reviews = fields
    options = tuple((_text(label), _chips(value)) for label, value in (_list(o) for o in _list(options)))
    seen = tuple(_card(c) for c in _list(seen))
    mistake = Mistake(_moment(made), _text(rules), tuple(_card(c) for c in _list(hand)),
                      seen, _count(stake), _count(room), options, _text(chosen),
                      _count(streak), _moment(due), _stock(stock, seen), _count(reviews))
    if not mistake.hand or len(mistake.hand) + len(seen) > 48 or not options or chosen not in dict(options):
        raise TypeError("its choice is not one of its options")
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


def _number(value: object, most: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not abs(value) <= most:  # NaN too
        raise TypeError("expected a number")
    return float(value)


def _chips(value: object) -> float:
    return _number(value, MOST_CHIPS)


def _moment(value: object) -> float:
    """A time (seconds since 1970) from 1970 to 2200."""
    if _number(value, LATEST) < 0:
        raise TypeError("expected a moment")
    return float(value)


def _number_or_none(value: object) -> float | None:
    return None if value is None else _chips(value)


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_CHIPS:
        raise TypeError("expected a whole number from 0")
    return value


def _int_or_none(value: object) -> int | None:
    return None if value is None else _count(value)


def _card(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
        raise TypeError("expected a card from 1 to 12")
    return value


def action_words(label: str) -> str:
    """A move's label as kept in a progress (in English, as quitlok.actions.describe wrote it: a key) in the
    current language; a label it does not know, as it is."""
    simple = (Blot(), Draw(), Stay(), Reject(), Keep(), Stand(), Retire(), KeepBank())
    number = label.rpartition(" ")[2]
    found = [(action, "aluvun", False) for action in simple] + [(Aluvun(), word, False) for word in ALUVUN_WORDS]
    if number.isdecimal() and len(number) < 10:
        n = int(number)
        found += [(Bet(n), "aluvun", False), (Bet(n), "aluvun", True), (StakeBank(n), "aluvun", False)]
    with use(SOURCE):
        known = {describe(action, word, raising=raising): (action, word, raising) for action, word, raising in found}
    if label not in known:
        return label
    action, word, raising = known[label]
    return describe(action, word, raising=raising)


def decision(state: State, coaching: Coaching | None, action: Action, now: float) -> Mistake | None:
    """The decision `action` of the player to act in `state`, priced by `coaching` (quitlok.coach), as a
    Mistake to keep: the position as that player saw it and every option's value. None when the advisor
    had nothing to price (a banker's decision); with_decision keeps it only if it cost enough."""
    if not isinstance(state, State) or not (coaching is None or isinstance(coaching, Coaching)):
        raise ProgressError(_("A decision is priced from a game State and its Coaching (or None)."))
    if not isinstance(action, Action):
        raise ProgressError(_("{action} is not an action.").format(action=shown(action)))
    moment("now", now)
    if coaching is None or action not in coaching.values:
        return None
    seat = state.to_act
    with use(SOURCE):  # the labels are the options' keys, kept and compared: the same in every language
        options = tuple((action_label(state, a), round(v, 6)) for a, v in coaching.values.items())
        chosen = action_label(state, action)
    return Mistake(made=now, rules=state.rules.name, hand=tuple(state.hands[seat]), seen=tuple(state.seen_by(seat)),
                   stake=state.stakes[seat], room=state.bet_room(seat), options=options, chosen=chosen,
                   stock=Stock.of(state))
