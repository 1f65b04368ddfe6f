"""The new-game dialog: seats, rules (built-in and the user's own), length, deck, speed,
practice; one "You" at the table; the choices are kept for next time."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from skat_desktop.engine.profiles import BUILTIN, ISKO
from skat_desktop.gui.new_game import NewGameDialog, find_profile
from skat_desktop.gui.settings import NewGameChoices
from skat_desktop.store.repository import Store

from .table_driver import TablePlayer, make_settings, make_window


def _ok(dialog: NewGameDialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_the_dialog_offers_every_level_rule_set_and_length(qtbot, tmp_path):
    store = Store.open(tmp_path / "skat.sqlite3")
    friday = ISKO.copy("friday", "Friday rules", grand_base=20)
    store.save_profile(friday)
    dialog = NewGameDialog(make_settings(tmp_path), store)
    qtbot.addWidget(dialog)
    levels = [dialog.seat_boxes[1].itemData(i) for i in range(dialog.seat_boxes[1].count())]
    assert levels == ["human", "random", "beginner", "standard", "expert"]
    profiles = [dialog.profile_box.itemData(i) for i in range(dialog.profile_box.count())]
    assert profiles == [*BUILTIN, "friday"]
    lengths = [dialog.length_box.itemData(i) for i in range(dialog.length_box.count())]
    assert lengths == [0, 12, 36, 48]
    assert find_profile("friday", store) == friday
    store.close()


def test_one_you_at_the_table_and_the_choices_are_kept(qtbot, tmp_path):
    settings = make_settings(tmp_path)
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.four, Qt.MouseButton.LeftButton)
    assert dialog.seat_boxes[3].isVisible()
    dialog.seat_boxes[2].setCurrentIndex(dialog.seat_boxes[2].findData("human"))
    assert dialog.seats().count("human") == 1  # seat 1 became a computer
    assert dialog.seats()[2] == "human"
    dialog.seat_boxes[2].setCurrentIndex(dialog.seat_boxes[2].findData("expert"))
    assert not _ok(dialog).isEnabled()  # nobody is "You" now
    assert dialog.problem.text()
    dialog.seat_boxes[0].setCurrentIndex(dialog.seat_boxes[0].findData("human"))
    dialog.name.setText("Bernd")
    dialog.profile_box.setCurrentIndex(dialog.profile_box.findData("house"))
    dialog.length_box.setCurrentIndex(dialog.length_box.findData(0))
    dialog.deck_box.setCurrentIndex(dialog.deck_box.findData("german"))
    dialog.speed.setValue(0)
    dialog.practice.setChecked(True)
    assert _ok(dialog).isEnabled()
    qtbot.mouseClick(_ok(dialog), Qt.MouseButton.LeftButton)
    game = dialog.result_game()
    assert game is not None
    assert game.profile == BUILTIN["house"]
    expected = NewGameChoices(
        "Bernd", ["human", "standard", "expert", "standard"], "house", 0, True
    )
    assert game.choices == expected
    assert settings.new_game == expected
    assert settings.deck_id == "german"
    assert settings.animation_speed == 0
    again = NewGameDialog(settings)
    qtbot.addWidget(again)
    assert again.seats() == expected.seats
    assert again.name.text() == "Bernd"
    assert again.practice.isChecked()


def test_a_game_from_the_dialog_starts_at_the_table(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    dialog = NewGameDialog(window.settings)
    qtbot.addWidget(dialog)
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData("random"))
    dialog.seat_boxes[2].setCurrentIndex(dialog.seat_boxes[2].findData("random"))
    dialog.length_box.setCurrentIndex(dialog.length_box.findData(12))
    dialog.speed.setValue(0)
    qtbot.mouseClick(_ok(dialog), Qt.MouseButton.LeftButton)
    assert window.start_new_game(dialog.result_game(), seed=4)
    ctl = window.controller
    assert ctl.series.length == 12
    assert [s.kind for s in ctl.specs] == ["human", "random", "random"]
    TablePlayer(qtbot, window).settle()
    assert ctl.deal_number == 1
