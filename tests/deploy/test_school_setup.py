"""The school setup (deploy/): its files agree with each other and with the project, so that
`deploy/school-server up` builds and starts what the Teachers page promises: two app servers behind nginx
with sticky sessions, sharing PostgreSQL, each with a health check. (The real build and start is
`deploy/school-server up`, measured and described in the README: it needs a container engine and minutes.)"""

import fnmatch
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def containerfiles() -> dict[str, str]:
    return {path.name: path.read_text() for path in DEPLOY.glob("*.Containerfile")}


def test_two_app_servers_share_one_database_behind_the_proxy():
    services = compose()["services"]
    assert set(services) == {"db", "app1", "app2", "proxy"}
    same = ("image", "environment", "restart", "ulimits", "healthcheck")
    assert {k: services["app1"][k] for k in same} == {k: services["app2"][k] for k in same}
    assert "build" not in services["app2"], "the app image is built once (app1) and run twice"
    url = services["app1"]["environment"]["QUITLOK_DATABASE_URL"]
    assert url.startswith("postgresql+psycopg://quitlok:") and url.endswith("@db:5432/quitlok")
    assert services["proxy"]["depends_on"] == ["app1", "app2"]
    assert "db" in services["app1"]["depends_on"]
    # only the proxy is reachable from outside: the database and the app servers are not published
    assert [name for name, s in services.items() if "ports" in s] == ["proxy"]


def test_every_service_has_a_health_check_and_restarts():
    services = compose()["services"]
    for name, service in services.items():
        assert service["healthcheck"]["test"][0] == "CMD", name
        assert service["restart"] == "unless-stopped", name
    assert services["app1"]["healthcheck"]["test"] == ["CMD", "quitlok-health"]
    assert "http://127.0.0.1:8501/_stcore/health" in (DEPLOY / "app-health").read_text()
    for name, service in services.items():  # one word a check: podman-compose 1.0 re-quotes longer ones wrongly
        assert len(service["healthcheck"]["test"]) == 2 or name == "db", name
    assert "pg_isready" in services["db"]["healthcheck"]["test"]


def test_the_password_comes_from_the_environment_never_from_the_files():
    text = (DEPLOY / "compose.yaml").read_text()
    assert "${QUITLOK_DB_PASSWORD:?" in text
    for line in (ROOT / ".gitignore").read_text().splitlines():
        if line.strip() == "deploy/.env":
            break
    else:
        pytest.fail("deploy/.env (the generated password) must be ignored by git")
    assert "deploy/.env" in (ROOT / ".containerignore").read_text().split()


def test_the_proxy_keeps_a_browser_on_its_server_and_checks_both_servers():
    conf = (DEPLOY / "haproxy.cfg").read_text()
    backend = conf.split("backend apps", 1)[1]
    servers = re.findall(r"^\s*server (app\d) (app\d):8501 cookie (app\d)$", backend, re.M)
    assert servers == [("app1", "app1", "app1"), ("app2", "app2", "app2")]
    assert re.search(r"^\s*cookie quitlok_server insert indirect nocache httponly", backend, re.M), "sticky"
    assert "option httpchk GET /_stcore/health" in backend and "http-check expect string ok" in backend
    assert re.search(r"default-server check .*resolvers containers", backend), "names looked up as containers restart"
    assert "option redispatch" in conf, "a stopped server's browsers go to the other one"
    assert re.search(r"timeout tunnel 1h", conf), "a WebSocket stays open while a phone shows the app"
    listen = re.search(r"bind :(\d+)", conf).group(1)
    assert compose()["services"]["proxy"]["ports"] == [f"${{QUITLOK_PORT:-8080}}:{listen}"]
    assert "http-request capture req.cook(quitlok_server) len 16" in conf
    assert "server=%s browser=%[capture.req.hdr(0)]" in conf, "deploy/check-school-server reads this log"


def test_every_file_an_image_copies_is_in_the_build_context():
    ignored = [line.strip() for line in (ROOT / ".containerignore").read_text().splitlines() if line.strip()]
    made_by_the_script = {"deploy/.build/ca/"}
    for name, text in containerfiles().items():
        for sources in re.findall(r"^COPY (.+) \S+$", text, re.M):
            for source in sources.split():
                if source in made_by_the_script:
                    continue
                assert (ROOT / source).exists(), f"{name} copies {source}, which the project does not have"
                assert not any(fnmatch.fnmatch(source, pattern) for pattern in ignored), (name, source)


def test_the_app_image_runs_the_app_as_the_readme_starts_it():
    app = containerfiles()["app.Containerfile"]
    assert '"/opt/quitlok/bin/streamlit", "run", "tutorial_app.py"' in app
    assert "USER quitlok" in app, "the app does not run as root"
    assert "pip install --no-cache-dir --no-deps -e ." in app, "pages and words are read beside the package"
    services = compose()["services"]
    for name, service in services.items():
        if name == "app2":
            continue
        dockerfile = service["build"]["dockerfile"]
        assert (ROOT / dockerfile).is_file(), name
        assert service["build"]["context"] == ".."


@pytest.mark.parametrize("script", ["school-server", "db-start.sh", "proxy-health"])
def test_the_scripts_are_valid_shell(script):
    sh = shutil.which("sh")
    result = subprocess.run([sh, "-n", str(DEPLOY / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (DEPLOY / script).stat().st_mode & 0o111, f"{script} is executable"


def test_the_script_says_what_to_install_when_no_engine_is_here(tmp_path):
    # a PATH with the shell's tools but no podman and no docker
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("sh", "dirname", "cat", "printf", "od", "tr"):
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    result = subprocess.run([str(DEPLOY / "school-server"), "status"], capture_output=True, text=True,
                            env={"PATH": str(bin_dir)})
    assert result.returncode == 1
    assert "no container engine: install podman and podman-compose" in result.stderr
