"""Quitlok: the rules engine for Kvitlach / Quitlok, the Hanukkah 21-game.

Pure Python, immutable state, no Streamlit. Public names (SPEC section 4):
``from quitlok import QUITLOK, KVITLACH, RuleSet, hand_value, InvalidCards, IllegalAction``.
"""

from quitlok.errors import IllegalAction, InvalidCards, InvalidSetup, QuitlokError
from quitlok.hand import hand_value
from quitlok.rules import KVITLACH, PRESETS, QUITLOK, RuleSet

__all__ = [
    "KVITLACH",
    "PRESETS",
    "QUITLOK",
    "IllegalAction",
    "InvalidCards",
    "InvalidSetup",
    "QuitlokError",
    "RuleSet",
    "hand_value",
]
