"""Helpers of the packaging tests (a module of its own: a conftest is not imported by
name). No ``__init__.py`` here: a package named ``packaging`` would hide the real
``packaging`` library that setuptools and PyInstaller import."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI") == "true"


def missing(what: str) -> None:
    """A tool or package the test needs is not installed: skip on a developer's machine,
    fail in CI, where .ci/run installs it."""
    if IN_CI:
        pytest.fail(f"{what} is not installed, and CI must have it (.ci/run installs it)")
    pytest.skip(f"{what} is not installed (.ci/run installs it)")


def need_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        missing(name)
    return path


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and number of files under ``folder`` (links not followed)."""
    total = count = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
            count += 1
    return total, count
