"""The browser the web site's tests drive: the system's Chromium (Debian's `chromium`),
through Playwright's `executable_path`; never `playwright install`, which downloads.

`python -m tests.browser check` (make test's first steps): finds it, or installs it with
the system's package manager where this user may (root, apt-get), or says in one line what
to install and fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

NAMES = ("chromium", "chromium-browser")
INSTALL_HINT = (
    "The web site's browser tests need Chromium: install it (Debian/Ubuntu: "
    "sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary."
)


def chromium() -> str | None:
    """The browser's path: CHROMIUM_PATH, else the first of NAMES on PATH."""
    given = os.environ.get("CHROMIUM_PATH")
    if given:
        return given if os.access(given, os.X_OK) else None
    return next((found for name in NAMES if (found := shutil.which(name))), None)


def install() -> bool:
    """apt-get install chromium, where this user may; whether it worked."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return False
    print("installing Chromium for the browser tests (apt-get install chromium)...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    get = ["apt-get", "install", "-y", "-q", "chromium"]
    for command in (get, ["apt-get", "update", "-q"], get):  # the lists may be stale: once more
        done = subprocess.run(command, env=env, capture_output=True, check=False)
        if command is get and done.returncode == 0:
            return chromium() is not None
    return False


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        if chromium() is None and not install():
            print(INSTALL_HINT, file=sys.stderr)
            return 1
        return 0
    print("usage: python -m tests.browser check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
