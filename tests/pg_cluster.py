"""A throwaway PostgreSQL cluster for tests: Debian's `initdb` and `pg_ctl` on a temporary directory.

It listens on a free loopback port with its unix socket inside the directory, so it never meets
a system cluster. PostgreSQL refuses to run as root, so as root the cluster runs as the
`postgres` user the Debian package creates (or `nobody`), through `runuser`.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

PACKAGE_HINT = "apt-get install -y postgresql (Debian/Ubuntu package `postgresql`)"


def find_bindir() -> Path | None:
    """The newest PostgreSQL server binaries: /usr/lib/postgresql/*/bin, else `initdb` on PATH."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name or 0))
    for folder in reversed(candidates):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run_as() -> str | None:
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("running as root with neither a `postgres` nor a `nobody` user to run PostgreSQL as")


class Cluster:
    def __init__(self, bindir: Path, fast: bool = True) -> None:
        self.bindir = bindir
        self.user = _run_as()
        # Not under pytest's tmp_path: that is root-only (0700), and the server user must reach it.
        self.root = Path(tempfile.mkdtemp(prefix="supervisor-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.fast = fast
        if self.user:
            info = pwd.getpwnam(self.user)
            os.chown(self.root, info.pw_uid, info.pw_gid)

    def _cmd(self, *args: str) -> list[str]:
        return (["runuser", "-u", self.user, "--"] if self.user else []) + list(args)

    def start(self) -> Cluster:
        subprocess.run(self._cmd(str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                                 "-E", "UTF8", "--locale=C", "--no-sync"),
                       check=True, capture_output=True, timeout=120)
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c max_connections=200"
        if self.fast:  # a test cluster holds nothing worth an fsync
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        subprocess.run(self._cmd(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"),
                                 "-w", "-t", "60", "-o", options, "start"),
                       check=True, capture_output=True, timeout=90)
        return self

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, dbname: str) -> str:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{dbname}"')
        return self.url(dbname)

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run(self._cmd(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w",
                                     "stop"), capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)
