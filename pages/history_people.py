"""Who wrote the sources: the people behind the rules and the history, and how their texts relate."""

from quitlok import ui

ui.through_the_app()
ui.history_page("people")
