"""Text from the database is shown as written, never rendered as HTML (issue 22, item 4).

A series title, a place, a player's name, a profile's title, a correction's author and
reason can come from an imported file. Qt renders a label's or a tooltip's text as HTML
when it merely looks like HTML, so such a title could load a picture from the net
(``<img src=…>``) or cover the window (``<span style="font-size:72pt">``). A store full of
such names is opened in every view, and no label, tooltip or message that Qt would render
as rich text may contain them unescaped.
"""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGui_Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import SeriesOver
from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui.main_window import HISTORY, SHEET, STATS, MainWindow
from skat_desktop.gui.new_game import NewGameDialog
from skat_desktop.gui.settings import NewGameChoices
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

from .table_driver import TablePlayer, make_settings
from .test_views import play_into

PICTURE = '<img src="http://example.invalid/x.png">'
BIG = '<span style="font-size:72pt">PAID 500 EUR</span>'
TITLE = PICTURE + " Club night"
PLACE = BIG
MALLORY = '<span style="font-size:72pt">Mallory</span>'
PLAYER = "<b>Eve</b><img src=x.png>"  # short enough for the new-game settings (40)
RULES = '<img src="http://example.invalid/r.png">Evil rules'
MARKS = (
    '<img src="http://example.invalid',
    '<span style="font-size:72pt">',
    "<b>Eve",
    "<img src=x",
)
WAIT = 20_000


def renders_rich(text: str, fmt: Qt.TextFormat = Qt.TextFormat.AutoText) -> bool:
    """Whether Qt shows ``text`` as HTML in a label of format ``fmt`` (or a tooltip)."""
    if fmt == Qt.TextFormat.RichText:
        return True
    return fmt == Qt.TextFormat.AutoText and QtGui_Qt.mightBeRichText(text)


def raw(text: str) -> bool:
    text = text.replace("\u200b", "")  # (where a long word may break: plain.breakable)
    return any(m in text for m in MARKS)


def assert_shown_as_written(*roots: QWidget) -> int:
    """No label or tooltip under ``roots`` renders foreign markup; the number of places
    that showed it (as written), so a test can tell that it looked at something."""
    seen = 0
    for root in roots:
        widgets = [root, *root.findChildren(QWidget)]
        for w in widgets:
            if isinstance(w, QLabel) and raw(w.text()):
                assert not renders_rich(w.text(), w.textFormat()), (type(w), w.text())
                seen += 1
            tip = w.toolTip()
            if raw(tip):
                assert not renders_rich(tip), (type(w), tip)
                seen += 1
    return seen


def assert_model_as_written(model) -> int:
    """Every cell's and header's tooltip of ``model``: no foreign markup rendered."""
    seen = 0
    for row in range(model.rowCount()):
        for col in range(model.columnCount()):
            index = model.index(row, col)
            tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
            text = model.data(index, Qt.ItemDataRole.DisplayRole)
            if isinstance(tip, str) and ("example.invalid" in tip or "72pt" in tip):
                assert not (raw(tip) and renders_rich(tip)), tip  # escaped, or plain
                seen += 1
            if isinstance(text, str) and raw(text):
                seen += 1  # item views draw their text plainly
    for col in range(model.columnCount()):
        tip = model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        if isinstance(tip, str) and raw(tip):
            assert not renders_rich(tip), tip
            seen += 1
    return seen


@pytest.fixture
def hostile(tmp_path):
    """A database as an imported file could leave it: every name is markup."""
    store = Store.open(tmp_path / "imported.sqlite3")
    ids = [store.ensure_player(n) for n in (MALLORY, PLAYER, "Bernd")]
    sid = store.create_series(TITLE, "2026-01-09", ids, ISKO, planned_deals=36, place=PLACE)
    play_into(SeriesService(store, sid), 3, seed=7)
    SeriesService(store, sid).correct(
        1,
        MALLORY,
        BIG,
        {
            "kind": "game",
            "declarer": 0,
            "contract": {"game": "clubs"},
            "bid": 18,
            "won": True,
            "matadors": 1,
        },
    )
    store.save_profile(dataclasses.replace(ISKO, name="evil", title=RULES))
    yield store, sid
    wait_for_jobs()
    store.close()


@pytest.fixture
def window(qtbot, tmp_path, hostile):
    store, _ = hostile
    settings = make_settings(tmp_path)
    settings.new_game = NewGameChoices(PLAYER, ["human", "random", "random"], "evil", 1, False)
    w = MainWindow(settings, store, synchronous_pictures=True)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_welcome_panel_and_the_new_game_dialog_show_names_as_written(qtbot, window, hostile):
    store, _ = hostile
    assert RULES in window.welcome.summary.text()
    assert assert_shown_as_written(window.welcome) >= 1
    dialog = NewGameDialog(window.settings, store, parent=window)
    qtbot.addWidget(dialog)
    assert dialog.name.text() == PLAYER
    assert RULES in [dialog.profile_box.itemText(i) for i in range(dialog.profile_box.count())]
    assert_shown_as_written(dialog)


def test_the_sheet_history_and_statistics_show_imported_text_as_written(qtbot, window, hostile):
    store, sid = hostile
    window.show_side_panel(SHEET)
    sheet = window.sheet_view
    sheet.set_series(store, sid)
    qtbot.waitUntil(lambda: sheet.summary is not None and not sheet.busy, timeout=WAIT)
    shown = sheet.title.text().replace("\u200b", "")  # (where a long word may break)
    assert PICTURE in shown and BIG in shown
    assert assert_shown_as_written(sheet) >= 1
    assert assert_model_as_written(sheet.model) >= 1  # the names, the correction's reason

    window.show_side_panel(HISTORY)
    history = window.history_view
    qtbot.waitUntil(lambda: history.deal_count() == 3 and not history.busy, timeout=WAIT)
    deal_id = history.list_model.data(history.list_model.index(0, 0), Qt.ItemDataRole.UserRole)
    history.show_deal(deal_id)
    qtbot.waitUntil(lambda: PICTURE in history.heading.text().replace("\u200b", ""), timeout=WAIT)
    assert assert_shown_as_written(history) >= 1
    assert assert_model_as_written(history.list_model) >= 1

    window.show_side_panel(STATS)
    stats = window.stats_view
    qtbot.waitUntil(lambda: stats.player_box.count() > 1, timeout=WAIT)
    stats.set_player(store.find_player(MALLORY))
    qtbot.waitUntil(lambda: stats.stats is not None and not stats.busy, timeout=WAIT)
    assert_shown_as_written(stats)
    assert_model_as_written(stats.ranking_model)


def test_the_table_shows_a_players_name_as_written(qtbot, window):
    assert window.start_game()  # the last choices: the player is called PLAYER
    ctl = window.controller
    assert PLAYER in ctl.names and ctl.profile.title == RULES
    player = TablePlayer(qtbot, window, seed=3)
    player.settle()
    plates = [i for i in window.scene.items() if "Eve" in i.toolTip()]
    assert plates  # the player's name plate names him (as written, see below)
    for item in window.scene.items():
        assert not (raw(item.toolTip()) and renders_rich(item.toolTip())), item.toolTip()
    assert_shown_as_written(window)
    for _ in range(400):  # the series' only deal
        player.settle()
        if isinstance(window.session.need, SeriesOver):
            break
        player.step()
    assert window.host.current is window.deal_over
    # the end of the deal: the score table (rich text) names every player, escaped
    scores = window.deal_over.scores.text()
    assert "&lt;b&gt;Eve" in scores and "<b>Eve" not in scores
    assert_shown_as_written(window)
    player.click(window.deal_over.next_button)  # the series of one deal is over
    qtbot.waitUntil(lambda: window.host.current is window.series_over, timeout=WAIT)
    assert "&lt;b&gt;Eve" in window.series_over.table.text()
    assert_shown_as_written(window)
    for w in QApplication.topLevelWidgets():
        if w.isVisible():
            assert_shown_as_written(w)
    window.writer.finish()


def test_only_a_long_run_without_a_space_gets_breaks_and_never_inside_a_character():
    from skat_desktop.gui.plain import LONG_RUN, breakable

    word = "Vereinsmeisterschaftsrunde"  # 26 letters: may break
    assert breakable("Freitagsrunde im Gasthaus") == "Freitagsrunde im Gasthaus"
    assert breakable("X" * LONG_RUN) == "X" * LONG_RUN
    assert breakable(word).replace("\u200b", "") == word and "\u200b" in breakable(word)
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji of five code points
    broken = breakable(family * 8)
    assert broken.replace("\u200b", "") == family * 8
    assert all(piece.count(family) * len(family) == len(piece) for piece in broken.split("\u200b"))
    accented = "e\u0301" * 30  # é as e and a combining accent
    assert all(not p.startswith("\u0301") for p in breakable(accented).split("\u200b"))
