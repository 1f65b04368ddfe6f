"""Shared by the packaging tests: the ``slow`` marker and the frozen one-folder app,
built once per test run (packaging/pyinstaller)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from packaging_support import ROOT, folder_size, missing

SPEC = ROOT / "packaging" / "pyinstaller" / "skat-desktop.spec"
BUILD_TIMEOUT_S = 1800  # a hung build fails instead of eating CI's time (it takes ~1.5 min)

_report: list[str] = []  # lines for the end of the run (the frozen app's size)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: builds or starts the frozen application (CI runs these too)"
    )


def pytest_terminal_summary(terminalreporter) -> None:
    for line in _report:
        terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the spec builds (``skat-desktop`` and ``skat-desktop-gui`` in it).

    Built from the installed skat_desktop, in a temporary folder that is also the working
    directory, so the source tree is never imported in its place."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        missing("PyInstaller (the test extra)")
    base = tmp_path_factory.mktemp("frozen")
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level=WARN",
        "--distpath",
        str(base / "dist"),
        "--workpath",
        str(base / "build"),
        str(SPEC),
    ]
    result = subprocess.run(
        command, cwd=base, capture_output=True, text=True, timeout=BUILD_TIMEOUT_S
    )
    assert result.returncode == 0, f"the PyInstaller build failed:\n{result.stderr[-5000:]}"
    folder = base / "dist" / "skat-desktop"
    size, files = folder_size(folder)
    _report.append(
        f"frozen app (packaging/pyinstaller): {size / 1e6:.0f} MB in {files} files, {folder}"
    )
    return folder
