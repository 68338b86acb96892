"""Origins and names: kvitlech, the spellings, Galicia and card play at Hanukkah."""

from quitlok import ui

ui.through_the_app()
ui.history_page("origins")
