"""The optional compiled build: `python tools/compiled.py available|build|fresh|clean`.

mypyc compiles The Crown's move generator (`rules/the_crown_movegen.py`, the computer
player's hot path) to a C extension next to its source, which Python then imports instead
of the source. Everything runs and passes without it; with it, The Crown's search reads
about half as many positions again a second. The extension carries the SHA-256 of the source
it was built from, and a test fails when that source has changed since (`make compiled`
again); `fresh` removes such a stale build (`make run` does, so the bot never runs one).
`available` exits 0 when a C compiler, Python's headers and mypyc are all here.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("rules/the_crown_movegen.py",)


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def built(root: Path = ROOT) -> list[Path]:
    """The extensions a build left under `root` (the modules' own and mypyc's support
    library)."""
    return sorted(
        found
        for module in MODULES
        for found in (root / module).parent.glob(f"{Path(module).stem}*.so")
    )


def stale() -> list[str]:
    """The modules whose extension was built from a source other than the one here now."""
    sys.path.insert(0, str(ROOT))
    out = []
    for module in MODULES:
        loaded = importlib.import_module(module.removesuffix(".py").replace("/", "."))
        compiled = (loaded.__file__ or "").endswith(".so")
        if compiled and getattr(loaded, "SOURCE_SHA256", "") != source_hash(ROOT / module):
            out.append(module)
    return out


def missing() -> str:
    """What the build needs and this machine lacks ("" when nothing)."""
    if not (shutil.which("cc") or shutil.which("gcc")):
        return "a C compiler (cc or gcc)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python's headers (Python.h)"
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc (pip install -e '.[test]')"
    return ""


def clean() -> None:
    for path in built():
        path.unlink()


def build() -> None:
    """Compile MODULES in a scratch copy of the package, then put the extensions in place."""
    clean()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        shutil.copytree(ROOT / "rules", work / "rules", ignore=shutil.ignore_patterns("*.so"))
        for module in MODULES:
            with (work / module).open("a") as copy:
                copy.write(f'\nSOURCE_SHA256 = "{source_hash(ROOT / module)}"\n')
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", *MODULES],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            sys.exit(f"mypyc failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
        for extension in built(work):
            shutil.copy2(extension, ROOT / extension.relative_to(work))
    print("compiled:", ", ".join(str(p.relative_to(ROOT)) for p in built()))


def main() -> None:
    command = sys.argv[1] if len(sys.argv) == 2 else ""
    if command == "available":
        lacking = missing()
        if lacking:
            print(f"The compiled build needs {lacking}: it is skipped.")
        sys.exit(1 if lacking else 0)
    elif command == "build":
        if lacking := missing():
            sys.exit(f"The compiled build needs {lacking}.")
        build()
    elif command == "fresh":
        if changed := stale():
            clean()
            print(f"{', '.join(changed)} changed since it was compiled: running the source")
    elif command == "clean":
        clean()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
