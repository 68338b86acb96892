"""The table's words as quitlok/ui/table.py made them before it read events (commit f6198ae): by parsing the log's
sentences and the seats' status lines. A frozen copy, kept as the oracle for tests/app/test_table_words.py, which
checks that the table built on events and SeatStatus says every word as before. Nothing in the app imports it."""

import re

#: the log's line that deals a hand: "Hand 3 of Bella's bank (bank 20): dealt clockwise, ..."
DEAL_LINE = re.compile(r"^(Hand (\d+) of (.+) bank \(bank \d+\))")
NEW_CARD = ", then a new card"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


_STATUS_KINDS = (
    (re.compile(r"^(banker: )?bust\b"), "bust", "✗"),
    (re.compile(r"^21\b"), "twenty-one", "★"),
    (re.compile(r"^stayed\b"), "stayed", "■"),
    (re.compile(r"^won\b"), "won", "▲"),
    (re.compile(r"^lost\b"), "lost", "▼"),
    (re.compile(r"^banker\b"), "banker", "◆"),
    (re.compile(r"^playing$"), "playing", "▶"),
)


def status_kind(status: str) -> tuple[str, str]:
    for pattern, kind, icon in _STATUS_KINDS:
        if pattern.match(status):
            return kind, icon
    return "", ""


def hands_in_log(events):
    hands = []
    before = []
    for event in events:
        if m := DEAL_LINE.match(event):
            hands.append((m.group(1), before + [event] if not hands else [event]))
            before = []
        elif hands:
            hands[-1][1].append(event)
        else:
            before.append(event)
    return hands or [(None, before)]


def ended_title(log_lines, in_play: bool) -> str:
    hands = [(title, lines) for title, lines in hands_in_log(log_lines) if title]
    if not hands or (in_play and len(hands) < 2):
        return "The last hand"
    title, _ = hands[-2] if in_play else hands[-1]
    return title.split(" (bank")[0]


_ENDINGS = (
    (re.compile(r"^won (\d+) with (\d+)$"), "won {0} with {1}"),
    (re.compile(r"^lost (\d+) with (\d+)$"), "lost {0} with {1}"),
    (re.compile(r"^bust, lost (\d+)$"), "went bust and lost {0}"),
    (re.compile(r"^bust$"), "went bust, with nothing staked"),
    (re.compile(r"^21! won (\d+)$"), "made 21 and won {0}"),
    (re.compile(r"^21 \(no stake\)$"), "made 21, with nothing staked"),
    (re.compile(r"^threw in$"), "threw the cards in, with nothing staked"),
    (re.compile(r"^banker: retired with the bank of (\d+)$"), "(banker) retired and took the bank of {0}"),
    (re.compile(r"^banker: bust$"), "(banker) went bust"),
    (re.compile(r"^banker: (\d+)$"), "(banker) ended on {0}"),
    (re.compile(r"^banker$"), "(banker) did not play"),
    (re.compile(r"^waiting$"), "had no turn (the hand ended first)"),
    (re.compile(r"^sitting out: (.+)$"), "sat out ({0})"),
)


def ending_words(name: str, status: str) -> str:
    for pattern, words in _ENDINGS:
        if m := pattern.match(status):
            return f"{name} {words.format(*m.groups())}"
    return f"{name}: {status}"


def hand_over_words(title: str, last_hand, names, me) -> str:
    played = [seat for seat, status in enumerate(last_hand) if status]
    banker = next((seat for seat in played if last_hand[seat].startswith("banker")), None)
    order = ([me] if me in played else []) + ([banker] if banker not in (None, me) else []) + [
        x for x in played if x not in (me, banker)]
    if banker is not None and NEW_CARD in last_hand[banker]:
        return f"{title} is over: {settlements_words(last_hand, names, banker, [x for x in order if x != banker])}"
    results = [ending_words(names[seat], last_hand[seat]) for seat in order]
    return f"{title} is over: " + "; ".join(results) + "."


_AT_SETTLEMENT = re.compile(r"^(?P<result>.+) \((?P<nth>\d+)(?:st|nd|rd|th) settlement\)$")


def settlements_words(last_hand, names, banker: int, others: list[int]) -> str:
    name = names[banker]
    at: dict[int, list[str]] = {}
    rest = []
    for seat in others:
        if m := _AT_SETTLEMENT.match(last_hand[seat]):
            at.setdefault(int(m["nth"]), []).append(ending_words(names[seat], m["result"]))
        elif last_hand[seat].startswith(("won ", "lost ")):
            at.setdefault(1, []).append(ending_words(names[seat], last_hand[seat]))
        else:
            rest.append(ending_words(names[seat], last_hand[seat]))
    steps = [step.removeprefix(": ") for step in last_hand[banker].removeprefix("banker: ").split(NEW_CARD)]
    once = sum(1 for step in steps if step and not step.startswith("retired")) == 1
    sentences = []
    for nth, step in enumerate(steps, start=1):
        then = "" if nth == 1 else f"then {name} took a new card"
        if not step:
            sentences.append(f"{then} and did not play again.")
        elif step.startswith("retired"):
            sentences.append(f"{then}, showed it, {step.replace('with', 'and took', 1)}.")
        else:
            total = "went bust" if step == "bust" else f"had {step}"
            settled = (f"{name} (banker) played early and {total}: " if once else
                       f"at the {_ordinal(nth)} settlement {name}{' (banker)' if nth == 1 else ''} {total}: ")
            sentences.append((f"{then}; " if then else "") + settled + "; ".join(at.get(nth, [])) + ".")
    if rest:
        sentences.append("; ".join(rest) + ".")
    return " ".join(sentences[:1] + [sentence[0].upper() + sentence[1:] for sentence in sentences[1:]])


def seat_lines(status: str, last: str, hand_ended: bool, cards: int) -> tuple[str | None, str | None]:
    """What a seat's box said under its cards: its status (None: none) and 'last hand: ...' (None: none)."""
    shown = status if status and status != "banker" else None
    recalled = (last if last and not hand_ended and status in ("waiting", "playing", "banker") and cards <= 1
                else None)
    return shown, recalled


def plays_in_turn(status: str) -> bool:
    return not status.startswith("sitting out")
