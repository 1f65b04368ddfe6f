"""The rule profile editor: each §1 option in a copy; the engine judges, the store keeps."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QSpinBox

from skat_desktop.engine.profiles import BUILTIN, CHOICES, HOUSE, ISKO, RuleProfile
from skat_desktop.gui import game_words as words
from skat_desktop.gui import i18n
from skat_desktop.gui.errors import describe
from skat_desktop.gui.profile_editor import (
    CHOICE_LABELS,
    OPTIONS,
    SECTIONS,
    ProfileEditor,
    profile_choices,
    profile_title,
)
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

RULE_OPTIONS = [f.name for f in dataclasses.fields(RuleProfile) if f.name not in ("name", "title")]


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "club.sqlite3")
    yield s
    s.close()


@pytest.fixture
def editor(qtbot, store):
    dialog = ProfileEditor(store, current="isko")
    qtbot.addWidget(dialog)
    return dialog


def copy_of(editor: ProfileEditor, qtbot, profile: str, name: str, title: str) -> None:
    editor.profile_box.setCurrentIndex(editor.profile_box.findData(profile))
    qtbot.mouseClick(editor.copy_button, Qt.MouseButton.LeftButton)
    editor.name_edit.setText(name)
    editor.title_edit.setText(title)


def choose(box: QComboBox, value) -> None:
    box.setCurrentIndex(box.findData(value))


# --- every option, one widget -------------------------------------------------------------


def test_every_rule_option_has_exactly_one_widget():
    shown = [o.key for s in SECTIONS for o in s.options]
    assert sorted(shown) == sorted(RULE_OPTIONS)
    assert len(shown) == len(set(shown))
    assert all(o.label and o.tooltip for o in OPTIONS.values())


def test_widget_follows_the_option_type(editor):
    for key in RULE_OPTIONS:
        widget = editor.fields[key].widget
        default = getattr(ISKO, key)
        if key in CHOICES:
            assert isinstance(widget, QComboBox), key
            assert widget.count() == len(CHOICES[key])
        elif isinstance(default, bool):
            assert isinstance(widget, QCheckBox), key
        elif key in ("grand_base", "schneider_min", "loss_factor_hand", "ramsch_penalty"):
            assert isinstance(widget, QSpinBox), key


def test_every_choice_has_a_readable_label():
    for key, allowed in CHOICES.items():
        assert set(CHOICE_LABELS[key]) == set(allowed), key
        assert all(label and label not in allowed for label in CHOICE_LABELS[key].values())


def test_tooltip_says_what_an_option_changes(editor):
    assert "Texas" in editor.fields["grand_base"].widget.toolTip()
    assert editor.fields["kontra"].widget.toolTip()


# --- the list of profiles -----------------------------------------------------------------


def test_profile_choices_lists_builtins_first_then_stored_copies(store):
    store.save_profile(ISKO)  # a built-in used before is not listed twice
    mine = HOUSE.copy("friday", "Friday rules", grand_base=20)
    store.save_profile(mine)
    assert profile_choices(store) == [*BUILTIN.values(), mine]


def test_unreadable_stored_profile_is_left_out(store):
    store.conn.execute(
        "INSERT INTO profiles (name, title, builtin, options, created) VALUES (?,?,?,?,?)",
        ("odd", "Odd", 0, json.dumps({"name": "odd", "grand_base": 17}), "2024-01-01"),
    )
    assert [p.name for p in profile_choices(store)] == list(BUILTIN)


def test_builtin_titles_are_shown_translated_and_copies_as_typed():
    assert profile_title(ISKO) == "International Skat Order"
    assert profile_title(ISKO.copy("mine", "My rules")) == "My rules"


# --- built-in and stored profiles are read-only -------------------------------------------


def test_builtin_profile_is_read_only(editor):
    assert not editor.is_editing()
    assert editor.current_profile() == ISKO
    assert all(not f.widget.isEnabled() for f in editor.fields.values())
    assert editor.name_edit.isReadOnly() and editor.title_edit.isReadOnly()
    assert not editor.save_button.isEnabled()
    assert editor.copy_button.isEnabled()
    assert editor.save() is None
    assert editor.saved is None and store_names(editor.store) == []


def test_stored_profile_is_read_only_too(qtbot, store):
    store.save_profile(ISKO.copy("friday", "Friday rules", kontra=True))
    dialog = ProfileEditor(store, current="friday")
    qtbot.addWidget(dialog)
    assert dialog.current_profile().name == "friday"
    assert dialog.fields["kontra"].value() is True
    assert not dialog.is_editing() and not dialog.save_button.isEnabled()


def test_picking_a_profile_shows_its_options(editor):
    choose(editor.profile_box, "texas")
    assert editor.fields["grand_base"].value() == 16
    assert editor.fields["all_pass"].value() == "texas_ramsch"
    assert editor.fields["null_values"].value() == (20, 30, 40, 60)


# --- copy, change, save -------------------------------------------------------------------


def store_names(store: Store) -> list[str]:
    return [row["name"] for row in store.profiles()]


def test_copy_isko_change_options_save_and_reload(qtbot, editor, store):
    copy_of(editor, qtbot, "isko", "friday", "Friday club")
    assert editor.is_editing() and editor.save_button.isEnabled()
    f = editor.fields
    f["grand_base"].box.setValue(20)
    f["suit_base"].boxes[0].setValue(13)
    f["null_values"].boxes[3].setValue(60)
    f["loss_factor_hand"].box.setValue(1)
    f["kontra"].box.setChecked(True)
    choose(f["kontra_max_level"].box, 4)
    choose(f["kontra_window"].box, "own_first_card")
    f["bock_rounds"].box.setChecked(True)
    f["bock_triggers"].boxes["grand_hand_won"].setChecked(True)
    f["bock_triggers"].boxes["value_96"].setChecked(True)
    f["bock_ramsch_round"].box.setChecked(True)
    choose(f["all_pass"].box, "schieberamsch")
    choose(f["ramsch_ties"].box, "split")
    f["table_sizes"].boxes[3].setChecked(False)
    f["stake_cents_per_point"].box.setValue(0.5)
    choose(f["tournament_scoring"].box, "running_total")

    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)

    expected = ISKO.copy(
        "friday",
        "Friday club",
        grand_base=20,
        suit_base=(13, 11, 10, 9),
        null_values=(23, 35, 46, 60),
        loss_factor_hand=1,
        kontra=True,
        kontra_max_level=4,
        kontra_window="own_first_card",
        bock_rounds=True,
        bock_triggers=frozenset({"grand_hand_won", "value_96"}),
        bock_ramsch_round=True,
        all_pass="schieberamsch",
        ramsch_ties="split",
        table_sizes=(4,),
        stake_cents_per_point=0.5,
        tournament_scoring="running_total",
    )
    assert editor.result() == QDialog.DialogCode.Accepted
    assert editor.saved == expected
    assert store.find_profile("friday") == expected
    assert store.profile(editor.saved_id) == expected


def test_saved_copy_is_offered_and_shown_next_time(qtbot, editor, store):
    copy_of(editor, qtbot, "house", "pub", "The pub")
    editor.fields["grand_base"].box.setValue(20)
    saved = editor.save()
    again = ProfileEditor(store, current="pub")
    qtbot.addWidget(again)
    assert again.current_profile() == saved
    assert again.fields["grand_base"].value() == 20
    assert again.profile_box.currentText() == "The pub (pub)"


def test_copy_gets_a_free_name_and_a_title(qtbot, editor, store):
    store.save_profile(ISKO.copy("isko-copy", "Taken"))
    qtbot.mouseClick(editor.copy_button, Qt.MouseButton.LeftButton)
    assert editor.name_edit.text() == "isko-copy-2"
    assert editor.title_edit.text() == "Copy of International Skat Order"
    assert editor.draft() == ISKO.copy("isko-copy-2", "Copy of International Skat Order")


def test_options_that_change_nothing_are_greyed_out(qtbot, editor):
    copy_of(editor, qtbot, "isko", "mine", "Mine")
    f = editor.fields
    assert not f["kontra_window"].widget.isEnabled()
    f["kontra"].box.setChecked(True)
    assert f["kontra_window"].widget.isEnabled()
    assert not f["ramsch_ties"].widget.isEnabled()
    choose(f["all_pass"].box, "ramsch")
    assert f["ramsch_ties"].widget.isEnabled()


# --- refusals -----------------------------------------------------------------------------


def test_invalid_combination_shows_the_engines_reason_and_is_not_saved(qtbot, editor, store):
    copy_of(editor, qtbot, "isko", "odd", "Odd")
    editor.fields["grand_base"].box.setValue(18)  # typed; the arrows only step 16, 20, 24
    with pytest.raises(ValueError) as engine:
        ISKO.copy("odd", "Odd", grand_base=18)
    assert editor.message_text() == str(engine.value)
    assert not editor.save_button.isEnabled()
    assert editor.save() is None
    assert editor.saved is None and "odd" not in store_names(store)
    assert editor.result() != QDialog.DialogCode.Accepted

    editor.fields["grand_base"].box.setValue(20)
    assert editor.message_text() == ""
    assert editor.save_button.isEnabled()


def test_name_clash_shows_the_stores_reason(qtbot, editor, store):
    store.save_profile(ISKO.copy("friday", "Friday", kontra=True))
    copy_of(editor, qtbot, "isko", "friday", "Friday")
    assert editor.save() is None
    with pytest.raises(StoreError) as clash:
        store.save_profile(editor.draft())
    # the store's reason, worded by its code in the player's language (gui/errors.describe)
    assert clash.value.code and editor.message_text() == describe(clash.value)
    assert editor.saved is None
    assert store.find_profile("friday").kontra is True  # the stored one is unchanged


@pytest.mark.parametrize("name", ["", "texas", "my rules"])
def test_copy_needs_a_new_name(qtbot, editor, store, name):
    copy_of(editor, qtbot, "isko", name, "Mine")
    assert editor.message_text()
    assert not editor.save_button.isEnabled()
    assert editor.save() is None
    assert store_names(store) == []


def test_table_without_any_size_is_refused(qtbot, editor):
    copy_of(editor, qtbot, "isko", "none", "None")
    for box in editor.fields["table_sizes"].boxes.values():
        box.setChecked(False)
    assert editor.message_text()
    assert not editor.save_button.isEnabled()


def test_stored_value_outside_the_usual_limits_is_kept(qtbot, store):
    store.save_profile(ISKO.copy("wide", "Wide", schneider_min=50, suit_base=(120, 11, 10, 9)))
    dialog = ProfileEditor(store, current="wide")
    qtbot.addWidget(dialog)
    copy_of(dialog, qtbot, "wide", "wide2", "Wide 2")
    assert dialog.draft() == ISKO.copy(
        "wide2", "Wide 2", schneider_min=50, suit_base=(120, 11, 10, 9)
    )


# --- the deck's words ---------------------------------------------------------------------


FRENCH_SUITS = re.compile(r"\b(Clubs|Spades|Diamonds|Kreuz|Pik|Herz|Karo)\b|[♣♠♥♦]")


def _suits_said(editor: ProfileEditor) -> tuple[list[str], str]:
    field = editor.fields["suit_base"]
    return [label.text() for label in field.labels], field.widget.toolTip()


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["Acorns", "Leaves", "Hearts", "Bells"]),
        ("de", ["Eichel", "Grün", "Rot", "Schellen"]),
    ],
)
def test_the_suit_values_are_named_by_the_deck_and_follow_a_deck_change(
    qapp, qtbot, store, language, names
):
    """With the German deck the editor says Eichel, Grün, Rot, Schellen (Acorns, Leaves,
    Hearts, Bells) in its labels and its tooltip, as the table does; it said Clubs, Spades,
    Hearts, Diamonds (Kreuz, Pik, Herz, Karo) whatever the deck. A deck change while the
    editor is open renames them."""
    i18n.install_translations(qapp, language)
    try:
        words.use_deck(words.GERMAN, notify=False)
        editor = ProfileEditor(store, current="isko")
        qtbot.addWidget(editor)
        labels, tooltip = _suits_said(editor)
        assert labels == names
        assert ", ".join(names) in tooltip
        assert editor._labels["suit_base"].toolTip() == tooltip
        for text in (*labels, tooltip):
            assert not FRENCH_SUITS.search(text), text

        words.use_deck(words.FRENCH)  # the deck setting changed: the open editor follows
        french = [words.suit_name(s) for s in range(4)]
        qtbot.waitUntil(lambda: _suits_said(editor)[0][0].endswith(french[0]))
        labels, tooltip = _suits_said(editor)
        assert labels == [f"{sign} {name}" for sign, name in zip("♣♠♥♦", french, strict=True)]
        assert ", ".join(french) in tooltip
    finally:
        words.use_deck(words.FRENCH, notify=False)
        i18n.remove_translations(qapp)
