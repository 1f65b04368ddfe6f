"""README.md's table of keyboard shortcuts is the window's: every key it lists is the key of
the action it names, and every action of the main window with a key is listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QKeySequence

from skat_desktop.gui.main_window import HISTORY, SHEET, STATS, MainWindow
from skat_desktop.store.repository import Store

from .table_driver import make_window

README = Path(__file__).resolve().parents[2] / "README.md"
BEGIN, END = "<!-- shortcuts: begin -->", "<!-- shortcuts: end -->"


def readme_rows() -> list[tuple[frozenset[str], str]]:
    """The README table's rows: (the keys of the first column, the second column)."""
    text = README.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "README.md has no marked table of shortcuts"
    table = text.split(BEGIN, 1)[1].split(END, 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        keys = re.findall(r"`([^`]+)`", cells[0]) if len(cells) >= 2 else []
        if keys:
            rows.append((frozenset(keys), cells[1]))
    return rows


def plain(text: str) -> str:
    """A menu text as the README writes it: no mnemonic, no ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def keyed_actions(window: MainWindow) -> list[tuple[frozenset[str], str]]:
    """Every action of the window (menus, side panel views) that has a shortcut."""
    out = []
    for action in window.findChildren(QAction):
        keys = frozenset(
            k.toString(QKeySequence.SequenceFormat.PortableText) for k in action.shortcuts()
        )
        keys = frozenset(k for k in keys if k)
        if keys:
            out.append((keys, plain(action.text())))
    return out


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    """A window with a database, every side panel view made (some are made when first
    shown)."""
    store = Store.open(tmp_path / "skat.sqlite3")
    w = make_window(qtbot, tmp_path, store=store)
    for key in (SHEET, STATS, HISTORY):
        w.show_side_panel(key)
    yield w
    w.close()
    store.close()


def test_the_readme_lists_shortcuts():
    rows = readme_rows()
    assert len(rows) >= 10
    assert frozenset({"Ctrl+N"}) in {keys for keys, _ in rows}


def test_every_listed_key_is_the_key_of_the_action_it_names(window):
    actions = keyed_actions(window)
    wrong = []
    for keys, description in readme_rows():
        matching = [text for k, text in actions if k == keys]
        if not matching:
            wrong.append(f"{' / '.join(sorted(keys))}: no action has this key")
        # an action without a text (the sheet's zoom) is named by the README alone
        elif (named := [t for t in matching if t]) and not any(t in description for t in named):
            wrong.append(f"{' / '.join(sorted(keys))}: is {named}, not {description!r}")
    assert not wrong, "README.md's shortcuts differ from the window's:\n" + "\n".join(wrong)


def test_every_action_with_a_key_is_listed(window):
    listed = {keys for keys, _ in readme_rows()}
    missing = sorted(
        f"{' / '.join(sorted(keys))} ({text or 'no text'})"
        for keys, text in keyed_actions(window)
        if keys not in listed
    )
    assert not missing, "README.md does not list these shortcuts: " + ", ".join(missing)
