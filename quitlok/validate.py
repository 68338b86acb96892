"""Checks of arguments from outside the engine: wrong types and values become the library's own errors.

Every public function of `quitlok.game` and `quitlok.odds` runs its arguments through these before it
computes anything, so a caller gets an `InvalidSetup` (or `InvalidCards`, `IllegalAction`) that says what
was wrong, never a `TypeError` from deep inside, and no state is built from nonsense.
"""

from quitlok.errors import InvalidSetup, shown
from quitlok.rules import RuleSet

#: the most chips any one amount may hold: far beyond a real table, small enough to stay exact and fast
MAX_CHIPS = 100_000


def is_whole(value: object) -> bool:
    """True for an int that is not a bool (True == 1 would otherwise pass for a chip)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(name: str, value: object, low: int = 0, high: int = MAX_CHIPS) -> int:
    """`value` if it is a whole number from `low` to `high`; otherwise InvalidSetup naming `name`."""
    if not is_whole(value) or not low <= value <= high:
        raise InvalidSetup(f"{name} must be a whole number from {low:,} to {high:,} (got {shown(value)}).")
    return value


def flag(name: str, value: object) -> bool:
    """`value` if it is True or False; otherwise InvalidSetup (a string such as "no" is not a flag)."""
    if not isinstance(value, bool):
        raise InvalidSetup(f"{name} must be True or False (got {shown(value)}).")
    return value


def rule_set(rules: object) -> RuleSet:
    """`rules` if it is a RuleSet; otherwise InvalidSetup."""
    if not isinstance(rules, RuleSet):
        raise InvalidSetup(f"rules must be a RuleSet such as QUITLOK or KVITLACH (got {shown(rules)}).")
    return rules
