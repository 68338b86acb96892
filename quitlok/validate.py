"""Checks of arguments from outside the engine: wrong types and values become the library's own errors.

Every public function of `quitlok.game` and `quitlok.odds` runs its arguments through these before it
computes anything, so a caller gets an `InvalidSetup` (or `InvalidCards`, `IllegalAction`) that says what
was wrong, never a `TypeError` from deep inside, and no state is built from nonsense.
"""

from numbers import Real

from quitlok.errors import InvalidSetup, shown
from quitlok.i18n import _
from quitlok.i18n import number as _number
from quitlok.rules import RuleSet

#: the most chips any one amount may hold: far beyond a real table, small enough to stay exact and fast
MAX_CHIPS = 100_000
#: the latest moment the library takes, in seconds since 1970 (1 January 3000): anything later is no real time
MAX_MOMENT = 32_503_680_000
#: how far a chance worked out in floats may stray beyond 0 or 1 through rounding in its last digits
CHANCE_SLACK = 1e-9


def is_whole(value: object) -> bool:
    """True for an int that is not a bool (True == 1 would otherwise pass for a chip)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(name: str, value: object, low: int = 0, high: int = MAX_CHIPS) -> int:
    """`value` if it is a whole number from `low` to `high`; otherwise InvalidSetup naming `name`."""
    if not is_whole(value) or not low <= value <= high:
        # Translators: {name} names what was given ("The opening bank", or an argument's name such as "room").
        raise InvalidSetup(_("{name} must be a whole number from {low} to {high} (got {value}).").format(
            name=_(name), low=_number(low), high=_number(high), value=shown(value)))
    return value


def flag(name: str, value: object) -> bool:
    """`value` if it is True or False; otherwise InvalidSetup (a string such as "no" is not a flag)."""
    if not isinstance(value, bool):
        raise InvalidSetup(_("{name} must be True or False (got {value}).").format(name=_(name), value=shown(value)))
    return value


def moment(name: str, value: object, latest: float = MAX_MOMENT) -> float:
    """`value` if it is a moment in seconds since 1970, from 0 to `latest`; otherwise InvalidSetup (NaN, inf, a
    bool, a string, a time before 1970 or after `latest` is no real moment)."""
    if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= value <= latest:  # NaN compares False
        raise InvalidSetup(_("{name} must be a moment in seconds since 1970, from 0 to {latest} (got {value}).").format(
            name=_(name), latest=f"{latest:,.0f}", value=shown(value)))
    return value


def chance(name: str, value: object) -> Real:
    """`value` if it is a chance: a real number from 0 to 1 (a float's rounding aside); otherwise InvalidSetup."""
    if isinstance(value, bool) or not isinstance(value, Real) or not -CHANCE_SLACK <= value <= 1 + CHANCE_SLACK:
        raise InvalidSetup(_("{name} must be a chance, a number between 0 and 1 (got {value}).").format(
            name=_(name), value=shown(value)))
    return value


def rule_set(rules: object) -> RuleSet:
    """`rules` if it is a RuleSet; otherwise InvalidSetup."""
    if not isinstance(rules, RuleSet):
        raise InvalidSetup(_("rules must be a RuleSet such as QUITLOK or KVITLACH (got {value}).").format(
            value=shown(rules)))
    return rules
