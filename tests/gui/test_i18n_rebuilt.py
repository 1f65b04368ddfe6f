"""A translation rebuilt while the program runs does not crash it.

``scripts/update_translations.py`` (``lrelease``) rewrites ``skat_desktop_de.qm`` in place:
it cuts the file to nothing and writes it anew. Qt maps a .qm it loads by name and reads
the mapping at every ``tr()``, so a GUI test or a screenshot run in German died with SIGBUS
or SIGSEGV in QTranslator whenever someone rebuilt the translations meanwhile (seen as
random hard crashes of tests/gui/test_no_clipping.py and benchmarks/screenshots.py). The
translator now holds the file's bytes itself. Run in a subprocess: the old way kills it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

REBUILT = """
import gc, sys, types
from importlib import resources
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from skat_desktop.gui import i18n

folder = Path(sys.argv[1])
# the package's translations, read from a copy that this test may rewrite
i18n.resources = types.SimpleNamespace(files=lambda package: folder, as_file=resources.as_file)
app = QCoreApplication([])
assert i18n.install_translations(app, "de") == "de"
words = lambda: (QCoreApplication.translate("GameWords", "Clubs"),
                 QCoreApplication.translate("Deck", "French"))
print(*words(), flush=True)
gc.collect()
churn = [bytes([i % 251]) * 512 for i in range(20000)]  # reuse of memory freed too early
qm = folder / "skat_desktop_de.qm"
data = qm.read_bytes()
with qm.open("r+b") as f:  # as lrelease writes it: the same file, cut, then written anew
    f.truncate(0)
    f.flush()
    print(*words(), flush=True)  # a tr() while the file is empty
    f.write(b"\\0" * 4096 + data)
print(*words(), flush=True)  # and after: other bytes where the old ones were
"""


def test_a_translation_file_rewritten_in_place_while_german_is_shown(tmp_path):
    source = resources.files("skat_desktop.translations") / "skat_desktop_de.qm"
    with resources.as_file(source) as path:
        shutil.copyfile(path, tmp_path / "skat_desktop_de.qm")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONFAULTHANDLER": "1"}
    done = subprocess.run(
        [sys.executable, "-c", REBUILT, str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.splitlines() == ["Kreuz Französisch"] * 3, done.stdout


def test_the_update_script_puts_a_new_file_in_place_of_the_old(tmp_path, monkeypatch):
    """The script compiles into a new file and renames it over the old one, so a program
    that has the old file loaded keeps reading the old bytes (lrelease alone rewrote it)."""
    from .test_i18n import load_script

    script = load_script()
    ts = ROOT / "translations" / "skat_desktop_de.ts"
    monkeypatch.setattr(script, "QM_DIR", tmp_path)
    monkeypatch.setattr(script, "ts_path", lambda language: ts)
    old = tmp_path / "skat_desktop_de.qm"
    old.write_bytes(b"the old file")
    with old.open("rb") as reader:  # as a running program has it
        script.compile_qm("de", verbose=False)
        assert reader.read() == b"the old file"
    assert old.read_bytes()[:4] != b"the "  # the compiled translation is in its place
    assert [p.name for p in tmp_path.iterdir()] == ["skat_desktop_de.qm"]
