"""A throw-away PostgreSQL server for the tests and the rooms benchmark: initdb and pg_ctl in a temp dir.

It listens on 127.0.0.1 only (a free port) and on a unix socket inside its own temp dir, trusts local
connections (nothing else can reach it), and is stopped and deleted by `stop()`. initdb refuses to run
as root, so as root the server runs as an unprivileged system user (`quitlok-pg`, created if missing)
that owns the temp dir. Needs only Debian's `postgresql` package (or any PostgreSQL's binaries on the
PATH, or in the folder named by the environment variable PG_BIN); imports nothing of quitlok.
"""

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

#: the unprivileged user that runs the server when the tests run as root
SERVICE_USER = "quitlok-pg"
DATABASE = "quitlok"


def find_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: $PG_BIN, the PATH, or Debian's /usr/lib/postgresql/<n>/bin."""
    candidates = [os.environ.get("PG_BIN", "")]
    if found := shutil.which("initdb"):
        candidates.append(str(Path(found).parent))
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    for folder in filter(None, candidates):
        if all((Path(folder) / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres", "createdb")):
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class TempPostgres:
    """One PostgreSQL server in a temp dir. `fast=True` turns off fsync and synchronous commit (for tests:
    the data is thrown away anyway); the benchmark keeps PostgreSQL's durable defaults."""

    def __init__(self, *, fast: bool = True) -> None:
        self.bin = find_binaries()
        if self.bin is None:
            raise FileNotFoundError("PostgreSQL's initdb and pg_ctl were not found (install Debian's postgresql "
                                    "package, or set PG_BIN to the folder that holds them)")
        self.fast = fast
        self.dir = Path(tempfile.mkdtemp(prefix="quitlok-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.as_user = SERVICE_USER if os.geteuid() == 0 else None
        self.running = False

    @property
    def url(self) -> str:
        """The SQLAlchemy URL of the test database (over TCP on 127.0.0.1)."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{DATABASE}"

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.as_user, "--"] if self.as_user else []
        result = subprocess.run(prefix + list(command), capture_output=True, text=True, timeout=120)
        if result.returncode:
            log = self.dir / "server.log"
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}"
                               + (log.read_text() if log.exists() else ""))

    def _prepare_user(self) -> None:
        """As root: the service user exists and owns the temp dir."""
        try:
            pwd.getpwnam(SERVICE_USER)
        except KeyError:
            subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                            SERVICE_USER], check=True, capture_output=True)
        shutil.chown(self.dir, SERVICE_USER, SERVICE_USER)

    def start(self) -> "TempPostgres":
        if self.as_user:
            self._prepare_user()
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        options = [f"-p {self.port}", "-c listen_addresses=127.0.0.1", f"-k {self.dir}", "-c max_connections=200"]
        if self.fast:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "server.log"),
                  "-o", " ".join(options), "-w", "-t", "60", "start")
        self.running = True
        self._run(str(self.bin / "createdb"), "-h", str(self.dir), "-p", str(self.port), "-U", "postgres", DATABASE)
        return self

    def halt(self) -> None:
        """Stop the server as an outage would (its files stay): connections fail until `resume`."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        self.running = False

    def resume(self) -> None:
        """Start the halted server again on the same port, with the same data."""
        options = [f"-p {self.port}", "-c listen_addresses=127.0.0.1", f"-k {self.dir}", "-c max_connections=200"]
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "server.log"),
                  "-o", " ".join(options), "-w", "-t", "60", "start")
        self.running = True

    def stop(self) -> None:
        """Stop the server and delete its files."""
        try:
            if self.running:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
                self.running = False
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
