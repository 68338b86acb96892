"""The sources and the people behind them."""

from quitlok import ui

ui.through_the_app()
ui.history_page("people")
