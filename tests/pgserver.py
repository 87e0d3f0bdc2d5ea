"""A throwaway PostgreSQL server for tests and benchmarks: `initdb` and `pg_ctl` from the
machine's PostgreSQL binaries, in a folder of its own, on a free local port. PostgreSQL refuses
to run as root, so as root the server runs as the unprivileged `postgres` account.

`python -m tests.pgserver check` fails with one line when no binaries are found (make test
runs it first); `python -m tests.pgserver start DIR` starts a server that stays up and prints
its URL (for benchmarks); `python -m tests.pgserver stop DIR` stops it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

INSTALL_HINT = (
    "make test needs PostgreSQL's server binaries (initdb, pg_ctl), found on PATH, by "
    "pg_config or under /usr/lib/postgresql: install them (Debian/Ubuntu: apt install "
    "postgresql; macOS: brew install postgresql@15) or set PG_BINDIR to their folder"
)
#: where Debian and Ubuntu put each PostgreSQL version's binaries
DEBIAN_ROOT = Path("/usr/lib/postgresql")
#: the account the server runs as when the tests run as root
SERVER_ACCOUNT = "postgres"
USER = "bot"


def find_bindir() -> Path | None:
    """The folder of initdb and pg_ctl: PG_BINDIR, PATH, pg_config, or the newest Debian one."""
    candidates: list[Path] = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(Path(os.environ["PG_BINDIR"]))
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    pg_config = shutil.which("pg_config")
    if pg_config:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            candidates.append(Path(done.stdout.strip()))
    candidates += sorted(DEBIAN_ROOT.glob("*/bin"), reverse=True)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PgServer:
    """One server in `folder` (created and owned by the server's account)."""

    def __init__(self, folder: Path, bindir: Path | None = None) -> None:
        found = bindir or find_bindir()
        if found is None:
            raise RuntimeError(INSTALL_HINT)
        self.bindir = found
        self.folder = folder
        self.data = folder / "data"
        self.port_file = folder / "port"
        self.options = ""
        self.as_root = os.geteuid() == 0

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", SERVER_ACCOUNT, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stderr.strip() or done.stdout.strip()}")

    @classmethod
    def in_temporary_folder(cls, prefix: str) -> PgServer:
        """A server in a new folder under the system's temporary one (not under pytest's,
        which only the test's account may enter: the server may run as another)."""
        return cls(Path(tempfile.mkdtemp(prefix=prefix)))

    @property
    def port(self) -> int:
        return int(self.port_file.read_text())

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def start(self, *, durable: bool = True) -> PgServer:
        """initdb (trust authentication, user `bot`) and start; `durable=False` turns fsync
        off (for tests: a crash of the machine is not what they test)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.as_root:
            shutil.chown(self.folder, SERVER_ACCOUNT, SERVER_ACCOUNT)
        self._run("initdb", "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8")
        self.port_file.write_text(str(_free_port()))
        self.options = f"-c listen_addresses=127.0.0.1 -c max_connections=200 -k {self.folder}"
        if not durable:
            self.options += " -c fsync=off -c full_page_writes=off"
        self.resume()
        return self

    def resume(self) -> None:
        """Start the server (again, after `stop`) on its folder and port."""
        options = f"-p {self.port} {self.options}"
        log = self.folder / "server.log"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(log), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop: `fast` as an operator would, `immediate` as a crash does (no shutdown
        checkpoint; the next start recovers from the log)."""
        if (self.data / "postmaster.pid").is_file():
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self, mode: str = "fast") -> None:
        self.stop(mode)
        self.resume()

    def kill(self) -> None:
        """SIGKILL the postmaster, as the machine's OOM killer would (its backends notice and
        end by themselves, each saying so to its client)."""
        pid = int((self.data / "postmaster.pid").read_text().split()[0])
        os.kill(pid, signal.SIGKILL)

    def resume_after_kill(self, timeout: float = 30.0) -> None:
        """Start again after `kill`: until the dead postmaster is reaped and its backends have
        let go of its shared memory, pg_ctl refuses (the lock file names a live process)."""
        until = time.monotonic() + timeout
        while True:
            try:
                self.resume()
                return
            except RuntimeError:
                if time.monotonic() > until:
                    raise
                time.sleep(0.2)

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def create_database(self, name: str, template: str | None = None) -> str:
        """A new database (copied from `template` if given); its URL."""
        sql = f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")
        self.psql(sql)
        return self.url(name)

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL with the server's own psql client; its output."""
        done = subprocess.run(
            [str(self.bindir / "psql"), "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1",
             "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, "-d", database, "-c", sql],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr.strip()}")
        return done.stdout


@contextlib.contextmanager
def throwaway_database(name: str) -> Iterator[str]:
    """A database on a server of its own (durable settings, as in production), started for
    the `with` block and removed after; its URL."""
    server = PgServer.in_temporary_folder("bench-pg-").start()
    try:
        yield server.create_database(name)
    finally:
        server.destroy()


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        if find_bindir() is None:
            print(INSTALL_HINT, file=sys.stderr)
            return 1
        return 0
    if len(argv) == 2 and argv[0] in ("start", "stop"):
        server = PgServer(Path(argv[1]).resolve())
        if argv[0] == "stop":
            server.destroy()
            return 0
        started = time.perf_counter()
        server.start()
        print(f"started in {time.perf_counter() - started:.1f} s: {server.url()}")
        return 0
    print("usage: python -m tests.pgserver check | start DIR | stop DIR", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
