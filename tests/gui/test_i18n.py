"""Translations: ours from the package, Qt's own, the system language, switching at run time."""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale
from PySide6.QtWidgets import QDialogButtonBox

import skat_desktop
from skat_desktop.gui import i18n
from skat_desktop.gui.game_words import fill
from skat_desktop.gui.profile_editor import ProfileEditor
from skat_desktop.store.repository import Store

ROOT = Path(__file__).resolve().parents[2]
QT_TRANSLATIONS = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


@pytest.fixture(autouse=True)
def pristine(qapp):
    default = QLocale()
    yield qapp
    i18n.remove_translations(qapp)
    QLocale.setDefault(default)


def tr(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


def test_german_translates_a_deck_title_and_an_editor_label(qapp):
    assert i18n.install_translations(qapp, "de") == "de"
    assert i18n.current_language() == "de"
    assert tr("Deck", "French") == "Französisch"
    assert tr("ProfileEditor", "Rule profiles") == "Regelprofile"
    assert tr("GameWords", "J") == "B"  # Bube


def test_a_regional_variant_uses_the_language(qapp):
    assert i18n.install_translations(qapp, "de_AT") == "de"
    assert i18n.install_translations(qapp, "de-CH") == "de"
    assert tr("GameWords", "Clubs") == "Kreuz"


@pytest.mark.skipif(
    not (QT_TRANSLATIONS / "qtbase_de.qm").is_file(),
    reason=f"this Qt ships no qtbase_de.qm in {QT_TRANSLATIONS}",
)
def test_qts_own_german_loads_when_qt_ships_it(qapp):
    i18n.install_translations(qapp, "de")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Abbrechen"


def test_empty_language_follows_the_default_locale(qapp):
    QLocale.setDefault(QLocale("de_DE"))
    assert i18n.install_translations(qapp) == "de"
    assert tr("Deck", "German") == "Deutsch"
    QLocale.setDefault(QLocale("en_GB"))
    assert i18n.install_translations(qapp, "") == "en"
    assert tr("Deck", "German") == "German"


def test_switching_back_to_english_retranslates_open_windows(qapp, qtbot, tmp_path):
    store = Store.open(tmp_path / "s.sqlite3")
    try:
        editor = ProfileEditor(store)
        qtbot.addWidget(editor)
        i18n.install_translations(qapp, "de")
        qtbot.waitUntil(lambda: editor.windowTitle() == "Regelprofile")
        assert editor.save_button.text() == "Speichern"
        assert editor.sections.item(0).text() == "Reizen und Spielwerte"
        assert editor.profile_box.itemText(0) == "Internationale Skatordnung (eingebaut)"

        assert i18n.install_translations(qapp, "en") == "en"
        qtbot.waitUntil(lambda: editor.windowTitle() == "Rule profiles")
        assert editor.save_button.text() == "Save"
        assert editor.sections.item(0).text() == "Bidding and game values"
        assert tr("Deck", "French") == "French"
    finally:
        store.close()


def test_a_language_we_lack_falls_back_to_english_everywhere(qapp):
    assert i18n.install_translations(qapp, "fr") == "en"
    assert tr("Deck", "French") == "French"
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Cancel"


def test_pseudo_translation_stretches_every_string(qapp):
    assert i18n.install_translations(qapp, "pseudo") == "pseudo"
    text = tr("ProfileEditor", "Copy of %1")
    assert text.startswith("[Copy of %1") and len(text) > len("Copy of %1") + 3
    assert fill(text, "x").startswith("[Copy of x")  # placeholders survive


def test_available_languages(qapp):
    assert i18n.available_languages()[:1] == ["en"]
    assert "de" in i18n.available_languages()


# --- the compiled files -------------------------------------------------------------------


def test_qm_files_are_inside_the_package():
    package = Path(skat_desktop.__file__).resolve().parent
    qm = resources.files("skat_desktop.translations") / "skat_desktop_de.qm"
    assert qm.is_file()
    with resources.as_file(qm) as path:
        assert path.resolve().is_relative_to(package)
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = pyproject["tool"]["setuptools"]["package-data"]
    assert "*.qm" in data["skat_desktop.translations"]


@pytest.mark.parametrize("language", ["de", "en"])
def test_compiled_translations_match_the_ts_sources(qapp, language):
    """Every finished translation in a .ts is in its .qm: nobody forgot to run the script."""
    assert i18n.install_translations(qapp, language) == language
    tree = ET.parse(ROOT / "translations" / f"skat_desktop_{language}.ts")
    stale = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation.get("type"):
                continue  # unfinished or vanished: not compiled
            source = message.findtext("source", "")
            comment = message.findtext("comment")
            if message.get("numerus") == "yes":
                # German and English: the first form for one, the second for more
                forms = [f.text for f in translation.iter("numerusform")]
                for n, form in ((1, forms[0]), (2, forms[1])):
                    got = QCoreApplication.translate(name, source, comment, n)
                    if got != form.replace("%Ln", str(n)).replace("%n", str(n)):
                        stale.append((name, source, n))
            elif QCoreApplication.translate(name, source, comment) != translation.text:
                stale.append((name, source))
    assert not stale, "run scripts/update_translations.py: " + repr(stale[:5])


# --- the update script (without running Qt's tools) ---------------------------------------


def load_script():
    path = ROOT / "scripts" / "update_translations.py"
    spec = importlib.util.spec_from_file_location("update_translations_script", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>%1 passes</source>
        <translation type="vanished">%1 passt</translation>
    </message>
</context>
<context>
    <name>GameWords</name>
    <message>
        <source>%1 passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds</source>
        <translation>%2 hält</translation>
    </message>
    <message>
        <source>Kontra</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
"""


def test_update_script_keeps_moved_translations_and_counts_the_rest(tmp_path, monkeypatch):
    script = load_script()
    ts = tmp_path / "skat_desktop_de.ts"
    ts.write_text(TS, encoding="utf-8")
    monkeypatch.setattr(script, "ts_path", lambda language: ts)

    assert script.carry_over("de") == [("GameWords", "%1 passes")]
    report = script.check("de")
    assert (report.total, report.finished) == (3, 2)
    assert report.untranslated == [("GameWords", "Kontra")]
    assert len(report.problems) == 1 and "%2 hält" in report.problems[0]


# --- one way to address the player ---------------------------------------------------------

INFORMAL = re.compile(
    r"\b(?:du|Du|dich|Dich|dir|Dir|dein|Dein|deine|Deine|deinen|Deinen|deinem|Deinem"
    r"|deiner|Deiner|deines|Deines)\b"
)


def test_the_german_translation_says_sie_throughout():
    """The player is addressed with the formal Sie everywhere, never with du."""
    tree = ET.parse(ROOT / "translations" / "skat_desktop_de.ts")
    informal = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            forms = [translation.text or ""]
            forms += [form.text or "" for form in translation.iter("numerusform")]
            informal += [(name, text) for text in forms if INFORMAL.search(text)]
    assert not informal, "say Sie, not du: " + repr(informal)
