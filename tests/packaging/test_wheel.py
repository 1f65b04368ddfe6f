"""The wheel carries everything the program needs at run time, and works from a fresh venv.

``pip install .`` ships exactly what the wheel holds: a translation or an icon that
package-data misses still works from the repository (and from an editable install), but is
gone for every user. So the wheel is built once from a copy of the tree (the build writes
``build/`` and egg-info there, and the tree's own compiled solver cannot slip in), its files
are compared with the resources of the source tree, and it is installed into a new venv whose
commands run from an empty folder with an empty HOME.

All offline: the build uses this environment's setuptools (build isolation would download
it), the fresh venv installs the wheel alone (``--no-deps``), and a .pth file lends it this
environment's site-packages for PySide6 and the other dependencies. Those come after the fresh
venv's own site-packages, so ``skat_desktop`` itself is imported from the wheel (checked).
"""

from __future__ import annotations

import configparser
import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from skat_desktop import __version__

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "skat_desktop"
DIST_INFO = f"skat_desktop-{__version__}.dist-info"
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
COMPILED_SOLVER = f"{PACKAGE}/ai/_dds{EXT_SUFFIX}"
EXTENSION_SOURCES = {".c", ".h", ".pyx"}  # compiled into the solver, not read at run time
TIMEOUT = 300  # seconds; only a guard against a hang, never an assertion
WALK_SKIP = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache"}
SCORE_LINES = 3
GERMAN = {("Deck", "French"): "Französisch", ("GameWords", "Clubs"): "Kreuz"}


@dataclass(frozen=True)
class Built:
    """The wheel, the source files it was built from, and the names inside it."""

    wheel: Path
    sources: frozenset[str]
    members: frozenset[str]
    compiled_solver_expected: bool

    def read(self, name: str) -> str:
        with zipfile.ZipFile(self.wheel) as z:
            return z.read(name).decode("utf-8")


@dataclass(frozen=True)
class Fresh:
    """A new venv with only the wheel installed, and where to run its commands."""

    python: Path
    scripts: Path
    purelib: Path
    cwd: Path
    env: dict[str, str]

    def script(self, name: str) -> Path:
        return self.scripts / (name + (".exe" if os.name == "nt" else ""))

    def run(self, *argv: str | Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(a) for a in argv],
            cwd=self.cwd,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=TIMEOUT,
        )


def _source_files() -> frozenset[str]:
    """The tree as a clone has it, plus new files not yet committed (ignored ones never)."""
    git = shutil.which("git")
    if git and (ROOT / ".git").exists():
        out = subprocess.run(
            [git, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8")
        names = (n for n in out.split("\0") if n)
    else:  # an unpacked source archive: everything but what a build or a run leaves behind
        names = (
            p.relative_to(ROOT).as_posix()
            for p in ROOT.rglob("*")
            if not WALK_SKIP & set(p.relative_to(ROOT).parts)
            and not any(part.endswith(".egg-info") for part in p.parts)
            and p.suffix not in {".pyc", ".so", ".pyd"}
        )
    return frozenset(n for n in names if (ROOT / n).is_file())


def _compiler_available() -> bool:
    """A C compiler and Python's headers: then ``setup.py`` must build the compiled solver."""
    cc = (sysconfig.get_config_var("CC") or "").split()
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return bool(cc) and shutil.which(cc[0]) is not None and headers.is_file()


def _offline_env(**extra: str) -> dict[str, str]:
    """pip never asks an index nor checks for its own updates (both go to the network)."""
    env = dict(os.environ)
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", **extra)
    return env


def _tail(proc: subprocess.CompletedProcess[str], lines: int = 25) -> str:
    return "\n".join((proc.stdout + proc.stderr).splitlines()[-lines:])


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    sources = _source_files()
    for name in sources:
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
    out = work / "dist"
    build = ["wheel", ".", "--no-deps", "--no-build-isolation", "-w", str(out)]
    proc = subprocess.run(
        [sys.executable, "-m", "pip", *build],
        cwd=src,
        env=_offline_env(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    hint = ""
    if "bdist_wheel" in proc.stdout + proc.stderr:
        hint = " (this environment's setuptools cannot build wheels: the test extra needs"
        hint += " setuptools>=70.1)"
    assert proc.returncode == 0, f"pip wheel failed{hint}:\n{_tail(proc)}"
    (wheel,) = out.glob(f"{PACKAGE}-*.whl")
    with zipfile.ZipFile(wheel) as z:
        members = frozenset(z.namelist())
    made = any((src / "build").glob(f"lib*/{COMPILED_SOLVER}"))
    return Built(wheel, sources, members, made or _compiler_available())


@pytest.fixture(scope="session")
def fresh(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Fresh:
    work = tmp_path_factory.mktemp("fresh")
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=TIMEOUT)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    home, cwd = work / "home", work / "cwd"
    home.mkdir()
    cwd.mkdir()
    # nothing of this environment leaks in: no PYTHONPATH, no user site, no data folders
    env = {
        k: v
        for k, v in _offline_env().items()
        if not k.startswith(("PYTHON", "XDG_")) and k != "VIRTUAL_ENV"
    }
    env.update(
        HOME=str(home),
        USERPROFILE=str(home),
        APPDATA=str(home / "AppData" / "Roaming"),
        LOCALAPPDATA=str(home / "AppData" / "Local"),
        PYTHONNOUSERSITE="1",
        PYTHONIOENCODING="utf-8",
        QT_QPA_PLATFORM="offscreen",
    )
    proc = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", str(built.wheel)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert proc.returncode == 0, f"installing the wheel failed:\n{_tail(proc)}"
    where = subprocess.run(
        [str(python), "-c", "import json, sysconfig; print(json.dumps(sysconfig.get_paths()))"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT,
    )
    paths = json.loads(where.stdout)
    purelib = Path(paths["purelib"])
    # the dependencies only: a path line in a .pth goes after the venv's own site-packages
    outer = [p for p in site.getsitepackages() if Path(p).is_dir() and Path(p) != purelib]
    (purelib / "zz_outer_dependencies.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")
    return Fresh(python, Path(paths["scripts"]), purelib, cwd, env)


def _is_inside(path: str, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder.resolve())


def test_the_wheel_carries_every_resource_of_the_source_tree(built: Built) -> None:
    package_files = {n for n in built.sources if n.startswith(f"{PACKAGE}/")}
    resources = {n for n in package_files if Path(n).suffix not in {".py", *EXTENSION_SOURCES}}
    assert f"{PACKAGE}/translations/skat_desktop_de.qm" in resources, (
        "the compiled translations are missing: run scripts/update_translations.py"
    )
    expected = resources | {n for n in package_files if n.endswith(".py")}
    if built.compiled_solver_expected:
        expected.add(COMPILED_SOLVER)
    missing = sorted(expected - built.members)
    assert not missing, f"not in the wheel (pyproject.toml package-data?): {missing}"


def test_the_wheel_holds_the_package_and_nothing_else(built: Built) -> None:
    allowed = {n for n in built.sources if n.startswith(f"{PACKAGE}/")} | {COMPILED_SOLVER}
    strays = sorted(
        n for n in built.members if not n.startswith(f"{DIST_INFO}/") and n not in allowed
    )
    assert not strays, f"the wheel carries files the source tree does not have: {strays}"


def test_the_wheel_declares_both_commands(built: Built) -> None:
    entry_points = configparser.ConfigParser(delimiters=("=",))
    entry_points.read_string(built.read(f"{DIST_INFO}/entry_points.txt"))
    assert entry_points.get("console_scripts", "skat-desktop") == "skat_desktop.cli:main"
    assert entry_points.get("gui_scripts", "skat-desktop-gui") == "skat_desktop.cli:gui_main"


def test_the_wheel_carries_the_license(built: Built) -> None:
    if "LICENSE" not in built.sources:
        pytest.skip("no LICENSE at the top of the tree yet")
    names = {f"{DIST_INFO}/LICENSE", f"{DIST_INFO}/licenses/LICENSE"}
    found = sorted(names & built.members)
    assert found, f"LICENSE is not in {DIST_INFO} (pyproject.toml license-files?)"
    assert built.read(found[0]) == (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_the_fresh_venv_imports_the_program_from_the_wheel(built: Built, fresh: Fresh) -> None:
    code = (
        "import json, skat_desktop, skat_desktop.ai.solver as s\n"
        "print(json.dumps({'package': skat_desktop.__file__, 'fast': s.HAVE_FAST_PATH,"
        " 'dds': getattr(s._dds, '__file__', None)}))"
    )
    proc = fresh.run(fresh.python, "-c", code)
    assert proc.returncode == 0, _tail(proc)
    got = json.loads(proc.stdout)
    assert _is_inside(got["package"], fresh.purelib), got["package"]
    assert got["fast"] is built.compiled_solver_expected
    if got["dds"]:
        assert _is_inside(got["dds"], fresh.purelib), got["dds"]


def test_both_installed_commands_answer_version(fresh: Fresh) -> None:
    for name in ("skat-desktop", "skat-desktop-gui"):
        assert fresh.script(name).is_file(), f"{name} is not in {fresh.scripts}"
    proc = fresh.run(fresh.script("skat-desktop"), "--version")
    assert (proc.returncode, proc.stdout.strip()) == (0, f"skat-desktop {__version__}")
    if os.name != "nt":  # there the gui script has no console to print to
        proc = fresh.run(fresh.script("skat-desktop-gui"), "--version")
        assert (proc.returncode, proc.stdout.strip()) == (0, f"skat-desktop {__version__}")


def test_installed_score_answers_worked_cases(fresh: Fresh) -> None:
    cases = [
        json.loads(line)
        for line in (ROOT / "tests" / "data" / "scoring.jsonl").read_text("utf-8").splitlines()
    ]
    cases = [c for c in cases if not c["expected"].get("error")][:SCORE_LINES]
    stdin = "".join(json.dumps(c["scenario"]) + "\n" for c in cases)
    proc = fresh.run(fresh.script("skat-desktop"), "score", stdin=stdin)
    assert proc.returncode == 0, _tail(proc)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["id"] for a in answers] == [c["scenario"]["id"] for c in cases]
    for case, answer in zip(cases, answers, strict=True):
        assert {k: answer[k] for k in case["expected"]} == case["expected"]


def test_installed_db_keeps_a_score_sheet(fresh: Fresh) -> None:
    db = fresh.cwd / "club.sqlite3"
    command = [fresh.script("skat-desktop"), "db", "--db", db]
    proc = fresh.run(*command, "create-series", "--title", "Friday")
    assert proc.returncode == 2 and "--players" in proc.stderr  # bad input changes nothing
    proc = fresh.run(*command, "create-series", "--title", "Friday", "--players", "Anna,Bernd,Cem")
    assert (proc.returncode, proc.stdout.strip()) == (0, "series 1"), _tail(proc)
    proc = fresh.run(
        *command,
        *("add-game", "1", "--declarer", "Bernd", "--game", "clubs", "--bid", "24"),
        *("--won", "--matadors", "2"),
    )
    assert proc.returncode == 0, _tail(proc)
    proc = fresh.run(*command, "sheet", "1")
    assert proc.returncode == 0, _tail(proc)
    assert "Friday" in proc.stdout and "International Skat Order" in proc.stdout
    total = next(line for line in proc.stdout.splitlines() if line.strip().startswith("total"))
    assert total.split()[1:] == ["0", "36", "0"]


def test_installed_package_translates_into_german(fresh: Fresh) -> None:
    code = (
        "import json, sys\n"
        "from importlib import resources\n"
        "from PySide6.QtCore import QCoreApplication\n"
        "from skat_desktop.gui import i18n\n"
        "app = QCoreApplication(sys.argv[:1])\n"
        "language = i18n.install_translations(app, 'de')\n"
        f"pairs = {sorted(GERMAN)!r}\n"
        "print(json.dumps({'language': language, 'languages': i18n.available_languages(),"
        " 'folder': str(resources.files(i18n.PACKAGE)),"
        " 'words': [QCoreApplication.translate(c, s) for c, s in pairs]}))"
    )
    proc = fresh.run(fresh.python, "-c", code)
    assert proc.returncode == 0, _tail(proc)
    got = json.loads(proc.stdout)
    assert _is_inside(got["folder"], fresh.purelib), got["folder"]
    assert got["language"] == "de" and "de" in got["languages"]
    assert got["words"] == [GERMAN[pair] for pair in sorted(GERMAN)]
