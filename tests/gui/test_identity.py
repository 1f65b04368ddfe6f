"""The program's identity: application id, settings scope and carrying the old settings
over, the database left where it was, the icon on every window, the licence, and Help →
About with the versions and where the data lives."""

from __future__ import annotations

import platform
import sqlite3
import tomllib
from pathlib import Path
from typing import ClassVar

import platformdirs
import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QUrl, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog

from skat_desktop import __version__, identity
from skat_desktop.gui import about
from skat_desktop.gui import app as gui_app
from skat_desktop.store.database import default_path
from skat_desktop.store.repository import Store

from .fit_walk import set_language, settle_layout, widget_problems
from .table_driver import make_window


@pytest.fixture
def user_settings(tmp_path):
    """QSettings in a folder of the test's own (INI files), restored afterwards."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "config")
    )
    yield tmp_path / "config"
    QSettings.setDefaultFormat(QSettings.Format.NativeFormat)


def _old() -> QSettings:
    return QSettings(
        QSettings.Format.IniFormat,
        QSettings.Scope.UserScope,
        identity.OLD_ORGANIZATION,
        identity.OLD_APPLICATION,
    )


def test_the_application_is_named_by_its_reverse_dns_id(qapp, user_settings):
    app = gui_app.create_application()
    assert identity.APP_ID == "io.github.skat_desktop.SkatDesktop"
    assert QGuiApplication.desktopFileName() == identity.APP_ID
    assert QCoreApplication.organizationName() == "io.github.skat_desktop"
    assert QCoreApplication.applicationName() == "SkatDesktop"
    # the settings file is named by the id: <config>/io.github.skat_desktop/SkatDesktop.ini
    path = QSettings().fileName().replace("\\", "/")
    assert path.endswith("io.github.skat_desktop/SkatDesktop.ini")
    # macOS forms its preferences name from the domain: the same id
    domain = ".".join(reversed(QCoreApplication.organizationDomain().split(".")))
    assert f"{domain}.{QCoreApplication.applicationName()}" == identity.APP_ID
    assert app is QCoreApplication.instance()


def test_the_old_settings_are_carried_over_once_and_kept(qapp, user_settings):
    old = _old()
    old.setValue("appearance/deck", "german")
    old.setValue("window/geometry", b"\x01\x02")
    old.sync()
    QSettings().clear()
    assert gui_app.carry_over_settings() == 2
    new = QSettings()
    assert new.value("appearance/deck") == "german"
    assert bytes(new.value("window/geometry")) == b"\x01\x02"
    # a player's later change is never overwritten by the old value
    new.setValue("appearance/deck", "french")
    new.sync()
    assert gui_app.carry_over_settings() == 0
    assert QSettings().value("appearance/deck") == "french"
    assert _old().value("appearance/deck") == "german"  # the old ones stay


def test_no_old_settings_means_nothing_to_carry(qapp, user_settings):
    QSettings().clear()
    _old().clear()
    assert gui_app.carry_over_settings() == 0
    assert QSettings().allKeys() == []


def test_the_score_sheets_stay_where_they_always_were():
    """A club's data must not move with the application id."""
    expected = platformdirs.user_data_path("skat-desktop", appauthor=False)
    assert default_path() == expected / "skat-desktop.sqlite3"


@pytest.mark.skipif(not identity.icon_files(), reason="the icons are not drawn yet")
def test_every_window_and_dialog_has_the_icon(qapp, qtbot, user_settings):
    gui_app.create_application()
    icon = QGuiApplication.windowIcon()
    assert not icon.isNull()
    sizes = {s.width() for s in icon.availableSizes()}
    assert {16, 32, 48, 256} <= sizes
    dialog = QDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowIcon().cacheKey() == icon.cacheKey()


def test_the_command_line_never_loads_qt_for_the_identity():
    import subprocess
    import sys

    code = (
        "import sys; from skat_desktop import identity; identity.icon_files(); "
        "print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr


# ------------------------------------------------------------------ LICENSE


def test_the_licence_is_the_gpl_version_3_as_pyproject_declares():
    root = Path(__file__).resolve().parents[2]
    text = (root / "LICENSE").read_text(encoding="utf-8")
    assert text.split()[:6] == ["GNU", "GENERAL", "PUBLIC", "LICENSE", "Version", "3,"]
    assert "TERMS AND CONDITIONS" in text and "END OF TERMS AND CONDITIONS" in text
    assert "either version 3 of the License, or" in text  # the "or later" grant it explains
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == identity.LICENCE == "GPL-3.0-or-later"
    assert "LICENSE" in project["license-files"]
    assert identity.licence_text() == text  # what the About dialog shows


# ------------------------------------------------------------------ About


class _Desktop:
    """QDesktopServices for the tests: records what would be opened, answers ``works``."""

    works = True
    opened: ClassVar[list[QUrl]] = []

    @classmethod
    def openUrl(cls, url: QUrl) -> bool:
        cls.opened.append(url)
        return cls.works


@pytest.fixture
def desktop(monkeypatch):
    _Desktop.works = True
    _Desktop.opened = []
    monkeypatch.setattr(about, "QDesktopServices", _Desktop)
    return _Desktop


@pytest.fixture
def window(qtbot, tmp_path, user_settings):
    store = Store.open(tmp_path / "club" / "club.sqlite3")
    win = make_window(qtbot, tmp_path, store=store)
    yield win
    for dialog in win.findChildren(about.AboutDialog):
        dialog.close()


def _about(window) -> about.AboutDialog:
    window.act_about.trigger()
    dialogs = [d for d in window.findChildren(about.AboutDialog) if d.isVisible()]
    assert len(dialogs) == 1
    return dialogs[0]


def test_about_shows_the_version_and_where_the_data_lives(qapp, window, tmp_path):
    dialog = _about(window)
    assert __version__ in dialog.version.text()
    assert dialog.windowIcon().cacheKey() == QGuiApplication.windowIcon().cacheKey()
    assert Path(dialog.database_row.path.text()) == tmp_path / "club" / "club.sqlite3"
    assert dialog.database_row.path.isReadOnly()
    settings = window.settings.qsettings.fileName()
    assert dialog.settings_row.path.text() == settings
    assert "GPL-3.0-or-later" in dialog.licence.text()
    assert dialog.version_labels["SQLite"].text() == sqlite3.sqlite_version
    assert _about(window) is dialog  # asked again: the open one comes to the front


def test_copy_details_puts_versions_and_both_paths_on_the_clipboard(qapp, window, tmp_path):
    dialog = _about(window)
    QGuiApplication.clipboard().clear()
    dialog.copy_button.click()
    text = QGuiApplication.clipboard().text()
    lines = text.splitlines()
    assert lines[0] == f"Skat (skat-desktop) {__version__}"
    assert f"Qt: {qVersion()}" in lines
    assert f"Python: {platform.python_version()}" in lines
    assert f"SQLite: {sqlite3.sqlite_version}" in lines
    assert f"Database: {tmp_path / 'club' / 'club.sqlite3'} (open)" in lines
    assert f"Settings: {window.settings.qsettings.fileName()}" in lines
    assert dialog.status.isVisible()


def test_open_folder_shows_the_folder_and_says_so_when_it_cannot(qapp, window, tmp_path, desktop):
    dialog = _about(window)
    dialog.database_row.open_folder.click()
    assert desktop.opened == [QUrl.fromLocalFile(str(tmp_path / "club"))]
    desktop.works = False
    dialog.settings_row.open_folder.click()
    assert len(desktop.opened) == 2
    assert dialog.status.isVisible()
    assert dialog.status.text() == (
        f"The folder {Path(window.settings.qsettings.fileName()).parent} could not be opened."
    )


def test_without_a_store_about_names_the_default_database(qapp, qtbot, user_settings):
    dialog = about.AboutDialog(about.database_in_use(None), about.settings_file(None))
    qtbot.addWidget(dialog)
    assert dialog.database_row.path.text() == str(default_path())
    assert dialog.database_row.note.text().startswith("Not open now")
    assert dialog.settings_row.path.text() == QSettings().fileName()


def test_the_licence_is_shown_in_full_or_linked_when_not_shipped(
    qapp, qtbot, user_settings, desktop, monkeypatch
):
    dialog = about.AboutDialog((None, about.IN_MEMORY), "")
    qtbot.addWidget(dialog)
    dialog.licence_button.click()
    assert dialog.viewer is not None and dialog.viewer.isVisible()
    assert dialog.viewer.text.toPlainText() == identity.licence_text()
    assert desktop.opened == []
    monkeypatch.setattr(about, "licence_text", lambda: None)
    bare = about.AboutDialog((None, about.IN_MEMORY), "")
    qtbot.addWidget(bare)
    assert bare.licence_button.text() == "&Licence online"
    bare.licence_button.click()
    assert desktop.opened == [QUrl(identity.LICENCE_URL)]
    assert bare.viewer is None


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
def test_about_fits_at_1024_by_700(qapp, window, language):
    """English, German and the pseudo-translation (a third longer, as German runs)."""
    set_language(qapp, language)
    try:
        dialog = _about(window)
        settle_layout()
        assert dialog.width() <= 1024 and dialog.height() <= 700, dialog.size()
        faults = widget_problems(dialog)
        assert not faults, (language, faults)
        dialog.licence_button.click()
        viewer = dialog.viewer
        settle_layout()
        assert viewer.width() <= 1024 and viewer.height() <= 700, viewer.size()
        assert not widget_problems(viewer), language
    finally:
        set_language(qapp, "en")
