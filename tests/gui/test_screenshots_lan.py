"""``benchmarks/screenshots_lan.py`` makes the LAN pictures by itself (issue 24): the host
and join dialogs, the lobby and the networked table, from real ``serve`` hosts on 127.0.0.1
and scripted players, in a child process of its own (its own application, its hosts ended
at its end). One language and one size keep it short; the script does every one alike."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "screenshots_lan.py"
PICTURES = ("host-dialog", "join-dialog", "lobby", "table-deal-end", "table-play", "table-waiting")


def test_every_lan_picture_is_made_at_the_size_asked(tmp_path):
    out = tmp_path / "shots"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TMPDIR=str(tmp_path))
    args = ["--out", str(out), "--languages", "en", "--sizes", "1024x700", "--timeout", "100"]
    run = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{n}-en-1024x700.png" for n in PICTURES)
    for name in PICTURES:
        image = QImage(str(out / f"{name}-en-1024x700.png"))
        assert (image.width(), image.height()) == (1024, 700), name
    # the work folder (hosts' and players' databases) is gone: only the pictures stay
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shots"]
