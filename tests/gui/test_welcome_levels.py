"""A new user meets worthy opponents: the default seats are the standard level, and the
welcome panel says which levels exist and how strong each is, whole at 1024 x 700."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSettings
from PySide6.QtWidgets import QLabel

from skat_desktop.ai.levels import levels
from skat_desktop.gui.new_game import NewGameDialog
from skat_desktop.gui.settings import NewGameChoices, Settings

from .table_driver import make_settings, make_window, set_view_size


def test_a_fresh_start_seats_the_standard_level(tmp_path):
    s = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert s.new_game.seats == ["human", "standard", "standard"]
    assert NewGameChoices().seats == ["human", "standard", "standard"]


def test_a_settings_file_that_says_beginner_stays_beginner(tmp_path):
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    qs.setValue("new_game/seats", "human,beginner,beginner")
    qs.sync()
    s = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert s.new_game.seats == ["human", "beginner", "beginner"]


def test_the_dialog_fills_an_empty_seat_with_the_standard_level(qtbot, tmp_path):
    settings = make_settings(tmp_path)
    settings.new_game = NewGameChoices("Anna", ["human", "beginner", "random"])
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.seat_boxes[3].currentData() == "standard"  # the 4th seat nobody chose
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData("human"))
    assert dialog.seat_boxes[0].currentData() == "standard"  # "You" moved away from it


def _whole(window) -> list[QLabel]:
    """Every label of the welcome panel is inside it and shows its whole text."""
    panel = window.welcome
    assert window.host.current is panel and window.host.isVisible()
    assert QRect(0, 0, window.view.width(), window.view.height()).contains(window.host.geometry())
    assert panel.height() >= panel.minimumSizeHint().height()
    inside = panel.rect()
    labels = [w for w in panel.findChildren(QLabel) if w.isVisible() and w.text()]
    for label in labels:
        r = QRect(label.mapTo(panel, label.rect().topLeft()), label.size())
        assert inside.contains(r), (label.text(), r, inside)
        if label.wordWrap():
            assert label.height() >= label.heightForWidth(label.width()), label.text()
        else:
            assert label.sizeHint().width() <= label.width(), label.text()
    return labels


def _level_lines(window) -> dict[str, tuple[str, str]]:
    return {k: (a.text(), b.text()) for k, (a, b) in window.welcome.level_labels.items()}


def test_the_welcome_panel_names_each_level_whole_at_1024_by_700(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, size=(1064, 780))
    set_view_size(qtbot, window, 1024, 700)
    assert (window.view.width(), window.view.height()) == (1024, 700)
    qtbot.waitUntil(lambda: window.host.isVisible())
    lines = _level_lines(window)
    assert list(lines) == list(levels()) == ["random", "beginner", "standard", "expert"]
    assert lines["random"][0] == "random moves" and "any legal card" in lines["random"][1]
    assert lines["beginner"] == ("beginner", "simple rules of thumb, quick")
    assert "simulating deals" in lines["standard"][1] and "9 points" in lines["standard"][1]
    # no strength claimed for the expert until the README's ladder measures one
    assert lines["expert"] == ("expert", "more simulations per card; slower")
    assert "against standard and standard" in window.welcome.summary.text()
    shown = {label.text() for label in _whole(window)}
    assert {t for pair in lines.values() for t in pair} <= shown

    window.set_language("de")
    qtbot.waitUntil(lambda: window.welcome.quick.text().replace("&", "") == "Spielen")
    qtbot.waitUntil(lambda: window.host.current is window.welcome)
    lines = _level_lines(window)
    assert list(lines) == ["random", "beginner", "standard", "expert"]
    assert [name for name, _ in lines.values()] == [
        "Zufallszüge",
        "Anfänger",
        "Standard",
        "Experte",
    ]
    assert "erlaubte Karte" in lines["random"][1]
    assert "Faustregeln" in lines["beginner"][1]
    assert "9 Punkte" in lines["standard"][1]
    assert lines["expert"][1] == "mehr Simulationen pro Karte; langsamer"
    # the seats' levels in the summary are in the player's language too
    assert "Standard und Standard" in window.welcome.summary.text()
    shown = {label.text() for label in _whole(window)}
    assert {t for pair in lines.values() for t in pair} <= shown
