"""Glossary of the game's words, with the Yiddish in Hebrew script where known."""

from quitlok import ui

ui.through_the_app()
ui.history_page("glossary")
