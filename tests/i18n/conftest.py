"""The app tests' fixtures, for the pages opened in a language."""

from tests.app.conftest import database_url  # noqa: F401  (a fixture: a database file of the test's own)
