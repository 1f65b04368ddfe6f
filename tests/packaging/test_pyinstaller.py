"""The frozen one-folder app (packaging/pyinstaller, issue 26 item 2): built once, then
its executables run as a user would run them. The CLI scores, solves with the compiled
solver, plays an arena match in worker processes and hosts a LAN table whose computers
think in worker processes; the GUI opens its window on an X server (Xvfb)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from packaging_support import ROOT, need_tool

import skat_desktop
from skat_desktop import __version__

pytestmark = pytest.mark.slow

EXE = ".exe" if sys.platform == "win32" else ""
WAIT_S = 120  # the longest any one step may take before the test fails (each takes seconds)
DESKTOP_FILE = ROOT / "packaging" / "linux" / "io.github.skat_desktop.SkatDesktop.desktop"


def sandbox_env(home: Path, **extra: str) -> dict[str, str]:
    """A user with an empty home: settings, data and caches all land under ``home``."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_STATE_HOME": str(home / "state"),
        "LANG": "C.UTF-8",
    }
    env.update(extra)
    return env


def run_cli(app: Path, home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(app / f"skat-desktop{EXE}"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        env=sandbox_env(home),
    )


# ---------------------------------------------------------------------- what is inside


def test_the_folder_holds_the_compiled_solver_translations_and_needed_qt_plugins(frozen_app):
    inside = frozen_app / "_internal"
    assert (frozen_app / f"skat-desktop{EXE}").is_file()
    assert (frozen_app / f"skat-desktop-gui{EXE}").is_file()
    assert list((inside / "skat_desktop" / "ai").glob("_dds*")), "the compiled solver"
    assert (inside / "skat_desktop" / "translations" / "skat_desktop_de.qm").is_file()
    qt = inside / "PySide6" / "Qt"
    assert (qt / "translations" / "qtbase_de.qm").is_file()
    plugins = {p.relative_to(qt / "plugins").as_posix() for p in (qt / "plugins").rglob("*.so")}
    for needed in (
        "platforms/libqxcb.so",
        "platforms/libqwayland.so",
        "platforms/libqoffscreen.so",
        "imageformats/libqsvg.so",
        "iconengines/libqsvgicon.so",
    ):
        assert needed in plugins
    assert not {"platforms/libqeglfs.so", "platforms/libqvnc.so"} & plugins
    package = Path(skat_desktop.__file__).parent
    if any("QtTextToSpeech" in p.read_text(encoding="utf-8") for p in package.rglob("*.py")):
        assert "texttospeech/libqtexttospeech_speechd.so" in plugins  # reading moves aloud
    libraries = {p.name.split(".")[0] for p in (qt / "lib").iterdir()}
    for unused in (
        "libQt6WebEngineCore",
        "libQt6Quick",
        "libQt6Qml",
        "libQt6Pdf",
        "libQt63DCore",
        "libavcodec",
    ):
        assert unused not in libraries


def test_every_library_in_the_folder_finds_the_qt_libraries_it_links(frozen_app):
    """The spec drops libraries that only the dropped plugins load: nothing left behind
    may need one (a library PySide6 ships that is not in the folder). System libraries
    such as libpulse are the system's."""
    import PySide6

    ldd = need_tool("ldd")
    shipped = Path(PySide6.__file__).parent / "Qt" / "lib"
    broken = []
    for path in sorted((frozen_app / "_internal").rglob("*.so*")):
        if path.is_symlink() or not path.is_file():
            continue
        out = subprocess.run([ldd, str(path)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            name = line.split("=>")[0].strip()
            if "not found" in line and (shipped / name).exists():
                broken.append(f"{path.relative_to(frozen_app)} needs {name}")
    assert not broken, "\n".join(broken)


def test_the_gui_executable_carries_the_lazily_imported_screens(frozen_app):
    """Statistics (QtCharts) and printing load only when opened: they must be in the
    archive all the same."""
    listing = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller.utils.cliutils.archive_viewer",
            "-r",
            "-b",
            str(frozen_app / f"skat-desktop-gui{EXE}"),
        ],
        capture_output=True,
        text=True,
        timeout=WAIT_S,
    ).stdout
    for module in (
        "skat_desktop.gui.stats_view",
        "skat_desktop.gui.club_print",
        "skat_desktop.ai.solver",
    ):
        assert f" {module}\n" in listing + "\n", module
    assert (frozen_app / "_internal" / "PySide6" / "QtCharts.abi3.so").is_file()


# ---------------------------------------------------------------------- the console CLI


def test_frozen_version(frozen_app, tmp_path):
    result = run_cli(frozen_app, tmp_path, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"skat-desktop {__version__}"


def test_frozen_score_answers_like_the_rulebook(frozen_app, tmp_path):
    cases = [json.loads(line) for line in (ROOT / "tests" / "data" / "scoring.jsonl").open()][:12]
    lines = "".join(json.dumps(case["scenario"]) + "\n" for case in cases)
    result = run_cli(frozen_app, tmp_path, "score", stdin=lines)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(cases)
    for case, answer in zip(cases, answers, strict=True):
        assert answer["id"] == case["scenario"]["id"]
        assert {k: answer[k] for k in case["expected"]} == case["expected"], answer["id"]


def test_frozen_solve_uses_the_compiled_solver(frozen_app, tmp_path):
    """``--engine c`` refuses to run without the compiled extension, and the answers are
    the installed program's, node for node."""
    from skat_desktop.ai.solve_protocol import answer

    base = {
        "game": "clubs",
        "declarer": ["CJ", "SJ", "CA"],
        "left": ["HA", "HT", "H7"],
        "right": ["SA", "ST", "S7"],
        "skat": ["D7", "D8"],
        "leader": "declarer",
        "trick": [],
        "declarer_points": 50,
    }
    positions = [
        {**base, "id": "value", "query": "value"},
        {**base, "id": "win", "query": "win"},
        {**base, "id": "left leads", "query": "value", "leader": "left"},
        {**base, "id": "null", "game": "null", "query": "value"},
    ]
    lines = "".join(json.dumps(p) + "\n" for p in positions)
    result = run_cli(frozen_app, tmp_path, "solve", "--engine", "c", stdin=lines)
    assert result.returncode == 0, result.stderr
    frozen = [json.loads(line) for line in result.stdout.splitlines()]
    here = [answer(p, "c") for p in positions]
    for a in (*frozen, *here):
        a.pop("ms", None)
    assert frozen == here


def test_frozen_arena_plays_in_two_worker_processes(frozen_app, tmp_path):
    """The workers are the frozen executable started again (spawn): without
    freeze_support they would run the command line and the pool would break."""
    result = run_cli(
        frozen_app, tmp_path, "arena", "--a", "beginner", "--b", "random",
        "--deals", "4", "--workers", "2", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["deals"] == 4 and summary["error"] is None
    assert summary["games"]["tables"] == 24  # 4 deals in all 6 seatings


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script as the engine")
def test_frozen_app_starts_other_programs_in_the_users_environment(frozen_app, tmp_path):
    """A program of the system that the frozen app starts (here an external engine; in the
    window xdg-open) gets the user's LD_LIBRARY_PATH, not the folder's libraries and Qt
    plugins, and none of the bootloader's variables (skat_desktop.frozen)."""
    seen = tmp_path / "engine-env.txt"
    engine = tmp_path / "engine.sh"
    engine.write_text(f"#!/bin/sh\nenv > '{seen}'\nexit 1\n", encoding="utf-8")
    engine.chmod(0o755)
    home = tmp_path / "home"
    result = subprocess.run(
        [
            str(frozen_app / "skat-desktop"), "selfplay", "--deals", "1",
            "--players", f"external:{engine},random,random",
        ],
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        env=sandbox_env(home, LD_LIBRARY_PATH="/opt/users-own/lib"),
    )  # fmt: skip
    assert seen.is_file(), f"the engine did not start:\n{result.stderr[-2000:]}"
    env = dict(
        line.split("=", 1) for line in seen.read_text(encoding="utf-8").splitlines() if "=" in line
    )
    assert env.get("LD_LIBRARY_PATH") == "/opt/users-own/lib"
    leaked = {k: v for k, v in env.items() if str(frozen_app) in v or k.startswith("_PYI_")}
    assert not leaked, leaked


def test_frozen_lan_host_lets_its_computers_think_in_worker_processes(frozen_app, tmp_path):
    """``serve`` with two computer seats and one player from the network: a deal played to
    its end with no ``player_failed`` (a computer whose worker process cannot start is
    replaced by the beginner's choice and reported so)."""
    from skat_desktop.net.host import table_id
    from skat_desktop.net.scripted import Bot

    spec = "name=Frozen,profile=isko,seats=open+beginner+beginner,deals=1"
    log = tmp_path / "serve.log"
    with log.open("wb") as err:
        serve = subprocess.Popen(
            [
                str(frozen_app / f"skat-desktop{EXE}"), "serve", "--host", "127.0.0.1",
                "--port", "0", "--no-announce", "--workers", "1",
                "--db", str(tmp_path / "host.sqlite3"), "--table", spec,
            ],
            stdout=subprocess.PIPE,
            stderr=err,
            env=sandbox_env(tmp_path / "home"),
        )  # fmt: skip
    try:
        ready, _, _ = select.select([serve.stdout], [], [], WAIT_S)
        line = serve.stdout.readline().decode() if ready else ""
        m = re.fullmatch(r"serving on 127\.0\.0\.1:(\d+)\n", line)
        assert m, f"serve did not start: {line!r}\n{log.read_text(errors='replace')}"

        async def play() -> Bot:
            bot = Bot("Anna", "127.0.0.1", int(m.group(1)), table=table_id("Frozen"), seat=0,
                      record=True, timeout=WAIT_S)  # fmt: skip
            await bot.start()
            try:
                await bot.play(1, WAIT_S)
            finally:
                await bot.close()
            return bot

        bot = asyncio.run(play())
        assert bot.stats.deals_finished == 1
        assert bot.verdicts == {1: True}
        events = [f["event"] for f in bot.frames if f.get("type") == "event"]
        assert any(e.get("event") == "deal_finished" for e in events)
        assert not [e for e in events if e.get("event") == "player_failed"]
    finally:
        serve.terminate()  # the host closes its tables and workers and exits 0
        serve.wait(WAIT_S)
        serve.stdout.close()
    assert serve.returncode == 0, log.read_text(errors="replace")[-2000:]


# ---------------------------------------------------------------------- the windowed GUI


@pytest.fixture
def xvfb() -> Iterator[str]:
    """A virtual X server on a free display (Xvfb picks it: -displayfd)."""
    binary = need_tool("Xvfb")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [binary, "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        ready, _, _ = select.select([read_end], [], [], WAIT_S)
        number = os.read(read_end, 64).decode().strip() if ready else ""
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        os.close(read_end)
        server.terminate()
        server.wait(WAIT_S)


def desktop_wm_class() -> str:
    for line in DESKTOP_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("StartupWMClass="):
            return line.split("=", 1)[1]
    raise AssertionError("the desktop file names no StartupWMClass")


def top_windows(display: str) -> list[tuple[str, str, str]]:
    """(title, instance, class) of the windows xwininfo lists that have a WM_CLASS."""
    out = subprocess.run(
        ["xwininfo", "-display", display, "-root", "-tree"],
        capture_output=True,
        text=True,
        timeout=WAIT_S,
    ).stdout
    return re.findall(r'"([^"\n]*)": \("([^"\n]*)" "([^"\n]*)"\)', out)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 (Xvfb) is Linux's")
def test_frozen_gui_opens_the_table_window_on_x11(frozen_app, tmp_path, xvfb):
    """The windowed executable shows the main window "Skat" with the WM_CLASS the
    desktop file's StartupWMClass names, keeps running, and keeps its database in the
    user's data folder."""
    need_tool("xwininfo")
    home = tmp_path / "home"
    (home / "runtime").mkdir(parents=True)
    (home / "runtime").chmod(0o700)
    env = sandbox_env(
        home, DISPLAY=xvfb, QT_QPA_PLATFORM="xcb", XDG_RUNTIME_DIR=str(home / "runtime")
    )
    log = tmp_path / "gui.log"
    with log.open("wb") as out:
        gui = subprocess.Popen(
            [str(frozen_app / f"skat-desktop-gui{EXE}")], stdout=out, stderr=out, env=env
        )
    try:
        window = None
        for _ in range(WAIT_S * 4):
            window = next((w for w in top_windows(xvfb) if w[0].startswith("Skat")), None)
            if window is not None or gui.poll() is not None:
                break
            with contextlib.suppress(subprocess.TimeoutExpired):
                gui.wait(0.25)
        assert window is not None, f"no window appeared:\n{log.read_text(errors='replace')}"
        assert window[2] == desktop_wm_class()
        with pytest.raises(subprocess.TimeoutExpired):  # still running with its window
            gui.wait(3)
        assert list((home / "data" / "skat-desktop").glob("*.sqlite3"))
    finally:
        gui.terminate()
        try:
            gui.wait(WAIT_S)
        except subprocess.TimeoutExpired:
            gui.kill()
            gui.wait()
