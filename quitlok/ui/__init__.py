"""The app's shared helpers: the only part of quitlok that imports Streamlit.

Every page imports this package first, so the heavy libraries are imported
once, here: when a class opens the app at once, every browser tab is a thread
in one server process, and concurrent first imports of pandas or Plotly can
fail with "partially initialized module". The helpers live in small modules
and are re-exported here, so a page writes `ui.content(...)`,
`ui.current_rules()`, `ui.show_cards(...)`:

- `words`: words from `content/`, check questions, the History pages;
- `style`: page styles, projector mode, drawing cards;
- `sidebar`: the house-rules picker and `?rules=` links;
- `advisor`: the advisor's tables;
- `internals`: the one workaround for Streamlit internals.
"""

import pandas as pd  # noqa: F401  (imported once, here, before any page needs it)

from quitlok.ui import charts  # noqa: F401  (Plotly is imported here, once, before any page needs it)
from quitlok.ui.advisor import actions_table, strategy_frame
from quitlok.ui.internals import app_run, through_the_app
from quitlok.ui.sidebar import current_rules, house_rules_sidebar
from quitlok.ui.style import card_size, chips, projector, setup_page, show_cards
from quitlok.ui.words import (
    CONTENT,
    Check,
    content,
    content_sections,
    fixed_questions,
    history_page,
    lesson_words,
    parse_check,
)

__all__ = [
    "CONTENT", "Check", "actions_table", "app_run", "card_size", "chips", "content", "content_sections",
    "current_rules", "fixed_questions", "history_page", "house_rules_sidebar", "lesson_words", "parse_check",
    "projector", "setup_page", "show_cards", "strategy_frame", "through_the_app",
]
