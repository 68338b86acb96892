from tests.rooms.conftest import postgres_url  # noqa: F401 - the session's PostgreSQL server, for these tests too
