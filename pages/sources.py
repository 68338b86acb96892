"""Sources: full references and links for every page."""

from quitlok import ui

ui.through_the_app()
ui.history_page("sources")
