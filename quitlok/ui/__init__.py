"""The app's shared helpers: the only part of quitlok that imports Streamlit.

Every page imports this package first, so the heavy libraries are imported
once, here: when a class opens the app at once, every browser tab is a thread
in one server process, and concurrent first imports of pandas or Plotly can
fail with "partially initialized module". The helpers live in small modules
and are re-exported here, so a page writes `ui.content(...)`,
`ui.current_rules()`, `ui.show_cards(...)`:

- `words`: words from `content/`, check questions, the History pages, links to the reference list, and
  `escape_markdown` for text that comes from outside (a link);
- `names`: a name, or anything else a browser sent, as text in Markdown, HTML or a plain option, between
  directional isolates (every page shows names through it);
- `style`: page styles, projector mode, drawing cards;
- `sidebar`: the house-rules picker and `?rules=` links;
- `advisor`: the advisor's tables;
- `internals`: the one workaround for Streamlit internals.
"""

import pandas as pd  # noqa: F401  (imported once, here, before any page needs it)

from quitlok.ui import charts  # noqa: F401  (Plotly is imported here, once, before any page needs it)
from quitlok.ui.advisor import strategy_frame
from quitlok.ui.internals import app_run, through_the_app
from quitlok.ui.sidebar import current_rules, house_rules_sidebar
from quitlok.ui.style import card_size, chips, projector, setup_page, show_cards
from quitlok.ui.words import (
    CONTENT,
    SOURCES_PAGE,
    WORD_JOINER,
    Check,
    content,
    content_sections,
    escape_markdown,
    fixed_questions,
    headings,
    history_page,
    lesson_words,
    link_citations,
    page_title,
    parse_check,
    reference_entries,
    reference_list,
    source_anchor,
)

__all__ = [
    "CONTENT", "SOURCES_PAGE", "Check", "app_run", "card_size", "chips", "content",
    "content_sections", "current_rules", "escape_markdown", "fixed_questions", "headings", "history_page",
    "house_rules_sidebar",
    "lesson_words", "link_citations", "page_title", "parse_check", "projector", "reference_entries",
    "reference_list", "setup_page", "show_cards", "source_anchor", "strategy_frame", "through_the_app", "WORD_JOINER",
]
