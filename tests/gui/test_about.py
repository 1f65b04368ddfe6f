"""Help → About (issue 26): the program, its licence and credits, and where its data lives."""

from __future__ import annotations

import platform
import sqlite3
from email.message import Message
from functools import partial
from importlib import metadata
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMessageBox

from skat_desktop import __version__, identity
from skat_desktop.gui import about, i18n
from skat_desktop.gui.about import NOT_OPEN, OPEN, AboutDialog, show_about
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

from .fit_walk import widget_problems
from .table_driver import make_window

GPL = "                    GNU GENERAL PUBLIC LICENSE\n       Version 3, 29 June 2007\n"


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "club" / "club.sqlite3")
    yield s
    wait_for_jobs()
    s.close()


class Desktop:
    """Stands in for the desktop: records the URLs it is asked to open, opens none."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.refuses = False

    def open_url(self, url: QUrl) -> bool:
        self.urls.append(url.toString())
        return not self.refuses


@pytest.fixture
def desktop(monkeypatch) -> Desktop:
    fake = Desktop()
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(fake.open_url))
    return fake


class FakeDistribution:
    """An installed distribution whose metadata holds ``files``."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files
        self.metadata = Message()  # no License-File field: the usual name is tried

    def read_text(self, name: str) -> str | None:
        return self.files.get(name)


def installed_as(monkeypatch, ours: FakeDistribution | None) -> None:
    """Our distribution's metadata is ``ours`` (``None``: not installed); others' stay."""
    real = metadata.distribution

    def distribution(name: str):
        if name != "skat-desktop":
            return real(name)
        if ours is None:
            raise metadata.PackageNotFoundError(name)
        return ours

    monkeypatch.setattr(metadata, "distribution", distribution)


def _dialog(qtbot, tmp_path, state=OPEN) -> AboutDialog:
    database = tmp_path / "data" / "skat-desktop.sqlite3"
    database.parent.mkdir(exist_ok=True)
    settings = tmp_path / "config" / "SkatDesktop.conf"
    settings.parent.mkdir(exist_ok=True)
    dialog = AboutDialog((database, state), str(settings))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_dialog_names_the_program_its_version_licence_and_what_it_runs_on(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path)
    assert dialog.name.text() == "Skat"
    assert __version__ in dialog.version.text()
    assert dialog.description.text()
    assert "GPL-3.0-or-later" in dialog.licence.text()
    assert "skat-desktop developers" in dialog.authors.text()
    shown = {name: label.text() for name, label in dialog.version_labels.items()}
    assert qVersion() in shown["Qt"] and "PySide6" in shown["Qt"]
    assert shown["Python"] == platform.python_version()
    assert shown["SQLite"] == sqlite3.sqlite_version
    assert shown["sqlite-utils"] == metadata.version("sqlite-utils")
    assert shown["platformdirs"] == metadata.version("platformdirs")
    assert shown["zeroconf"] == metadata.version("zeroconf")


def test_the_window_shows_its_database_and_settings_file_with_their_folders(
    qtbot, tmp_path, store, monkeypatch, desktop
):
    monkeypatch.setattr(QMessageBox, "about", lambda *a: None)  # the old message box
    window = make_window(qtbot, tmp_path, store)
    window.act_about.trigger()
    dialog = window.findChild(AboutDialog)
    assert dialog is not None and dialog.isVisible()
    database = dialog.database_row
    assert database.path.text() == str(tmp_path / "club" / "club.sqlite3")
    assert database.path.isReadOnly()  # to select and copy, not to edit
    assert not database.note.isVisible()
    settings = dialog.settings_row
    assert settings.path.text() == window.settings.qsettings.fileName()
    database.open_folder.click()
    settings.open_folder.click()
    assert desktop.urls == [
        QUrl.fromLocalFile(str(tmp_path / "club")).toString(),
        QUrl.fromLocalFile(str(Path(window.settings.qsettings.fileName()).parent)).toString(),
    ]
    window.about()  # asked again: the open dialog comes to the front, not a second one
    assert len([d for d in window.findChildren(AboutDialog) if d.isVisible()]) == 1


def test_without_a_database_the_default_file_is_shown_as_not_open(qtbot, tmp_path, monkeypatch):
    default = tmp_path / "share" / "skat-desktop.sqlite3"
    monkeypatch.setattr(about, "default_database", lambda: default)
    window = make_window(qtbot, tmp_path)
    dialog = show_about(window)
    assert dialog.database_state == NOT_OPEN
    assert dialog.database_row.path.text() == str(default)
    assert dialog.database_row.note.isVisible()
    # its folder does not exist yet: nothing to open
    assert not dialog.database_row.open_folder.isEnabled()


def test_a_folder_the_desktop_cannot_open_is_said_in_one_line(qtbot, tmp_path, desktop):
    dialog = _dialog(qtbot, tmp_path)
    desktop.refuses = True
    dialog.database_row.open_folder.click()
    assert dialog.status.isVisible()
    assert str(tmp_path / "data") in dialog.status.text()
    assert "\n" not in dialog.status.text()


def test_copy_details_puts_the_versions_and_the_paths_on_the_clipboard(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path)
    QGuiApplication.clipboard().clear()
    dialog.copy_button.click()
    text = QGuiApplication.clipboard().text()
    assert f"skat-desktop) {__version__}" in text
    assert f"Qt: {qVersion()}" in text
    assert f"Python: {platform.python_version()}" in text
    assert f"SQLite: {sqlite3.sqlite_version}" in text
    assert str(tmp_path / "data" / "skat-desktop.sqlite3") in text
    assert str(tmp_path / "config" / "SkatDesktop.conf") in text
    assert dialog.status.isVisible()


@pytest.mark.parametrize("where", ["licenses/LICENSE", "LICENSE"])
def test_the_licence_text_is_read_from_the_installed_metadata(qtbot, tmp_path, monkeypatch, where):
    """setuptools ≥ 77 puts it in .dist-info/licenses/, older releases in .dist-info/."""
    monkeypatch.setattr(identity, "_checkout_licence", lambda: None)
    installed_as(monkeypatch, FakeDistribution({where: GPL}))
    dialog = _dialog(qtbot, tmp_path)
    dialog.licence_button.click()
    assert dialog.viewer is not None and dialog.viewer.isVisible()
    assert dialog.viewer.text.toPlainText() == GPL
    assert dialog.viewer.text.isReadOnly()


def test_a_source_checkout_shows_the_licence_at_its_top(qtbot, tmp_path, monkeypatch):
    installed_as(monkeypatch, None)
    # the checkout these tests are in (the package itself may be installed elsewhere)
    top = Path(__file__).resolve().parents[2]
    monkeypatch.setattr(identity, "_checkout_licence", partial(identity._checkout_licence, top))
    dialog = _dialog(qtbot, tmp_path)
    dialog.licence_button.click()
    assert dialog.viewer.text.toPlainText() == (top / "LICENSE").read_text(encoding="utf-8")


def test_without_a_shipped_licence_the_button_opens_the_licence_online(
    qtbot, tmp_path, monkeypatch, desktop
):
    monkeypatch.setattr(identity, "_checkout_licence", lambda: None)
    installed_as(monkeypatch, FakeDistribution({}))
    dialog = _dialog(qtbot, tmp_path)
    dialog.licence_button.click()
    assert desktop.urls == ["https://www.gnu.org/licenses/gpl-3.0.html"]
    assert dialog.viewer is None


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
def test_the_dialog_and_the_licence_fit_a_1024_by_700_screen(qtbot, qapp, tmp_path, language):
    """Nothing cut or overlapping; the pseudo-translation stretches every string by a third
    as German does, and a switch while the dialog is open lays it out anew."""
    dialog = _dialog(qtbot, tmp_path, state=NOT_OPEN)
    i18n.install_translations(qapp, language)
    qapp.processEvents()
    assert dialog.width() <= 1024 and dialog.height() <= 700
    assert not widget_problems(dialog), widget_problems(dialog)
    dialog.show_licence()
    viewer = dialog.viewer
    assert viewer.width() <= 1024 and viewer.height() <= 700
    assert not widget_problems(viewer), widget_problems(viewer)


def test_the_dialog_follows_a_change_of_language(qtbot, qapp, tmp_path):
    dialog = _dialog(qtbot, tmp_path)
    english = dialog.copy_button.text()
    i18n.install_translations(qapp, "pseudo")
    qapp.processEvents()
    assert dialog.copy_button.text() != english
    assert dialog.windowTitle().startswith("[")
