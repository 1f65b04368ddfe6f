"""scripts/docs_screenshots.py makes the documentation's pictures: a quick run of two."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "docs_screenshots.py"


def colours(path: Path) -> int:
    """How many different colours a sample of the picture's pixels has (1: blank)."""
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    seen = {
        image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)
    }
    return len(seen)


def run_script(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )


def test_two_pictures_are_made_at_the_docs_size(tmp_path: Path) -> None:
    """The bidding table and the rule profile editor over it: PNGs of 1280 x 800, small,
    and with something drawn on them."""
    from PySide6.QtGui import QImage

    done = run_script("--out", str(tmp_path), "--only", "bidding,profile-editor")
    assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == ["bidding.png", "profile-editor.png"]
    for name in made:
        path = tmp_path / name
        image = QImage(str(path))
        assert not image.isNull(), f"{name} is not a picture"
        assert (image.width(), image.height()) == (1280, 800), name
        assert path.stat().st_size < 300_000, f"{name} is {path.stat().st_size} bytes"
        assert colours(path) > 50, f"{name} is (nearly) blank"


@pytest.mark.parametrize("only", ["nothing", "table,chart", ""])
def test_an_unknown_picture_is_refused_in_one_line(tmp_path: Path, only: str) -> None:
    done = run_script("--out", str(tmp_path), "--only", only, timeout=60)
    assert done.returncode != 0
    assert "--only" in done.stderr.strip().splitlines()[-1]
    assert not any(tmp_path.iterdir()), "a refused run wrote pictures"
