"""Help → About: who made the program, under which licence, with what, and where it keeps
the player's data (issue 26).

:class:`AboutDialog` shows the icon, name, version and a line on what the program does; the
licence (GPL-3.0-or-later) with its full text (:class:`LicenceViewer`) or, where the
installation carries no copy, a link to it; the credits with the versions of Qt, Python,
SQLite and the libraries in use; and the database file and the settings file, each
selectable and with a button that opens its folder. "Copy details" puts the versions and the
paths on the clipboard as plain text for a bug report.

The full licence text comes from the installed distribution
(:func:`skat_desktop.identity.licence_text`). Nothing here writes anything.
"""

from __future__ import annotations

import platform
import sqlite3
from importlib import metadata
from pathlib import Path

import PySide6
from PySide6.QtCore import QEvent, QSettings, Qt, QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QFontDatabase, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from skat_desktop import __version__
from skat_desktop.gui.game_words import fill
from skat_desktop.gui.plain import plain_label
from skat_desktop.gui.store_worker import database_file
from skat_desktop.identity import (
    DISPLAY_NAME,
    DISTRIBUTION,
    HOMEPAGE,
    LICENCE,
    LICENCE_URL,
    app_icon,
    default_database,
    licence_text,
)
from skat_desktop.identity import settings_file as settings_path

LIBRARIES = ("sqlite-utils", "platformdirs", "zeroconf")
"""The libraries named in the credits besides Qt (their versions as installed)."""

# what the database line says beside its path
OPEN, WAITING, NOT_OPEN, IN_MEMORY = "open", "waiting", "not open", "in memory"


def library_version(name: str) -> str | None:
    """The installed version of the distribution ``name`` (``None``: not installed)."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def database_in_use(window: QWidget | None) -> tuple[Path | None, str]:
    """The database file ``window`` saves to and its state (:data:`OPEN`, :data:`WAITING`
    for another program's lock, :data:`IN_MEMORY` with no file); without one, the default
    file a plain start opens (:data:`NOT_OPEN`). The writer's path is asked first: it is
    known without a query on a connection another thread may be using."""
    writer = getattr(window, "writer", None)
    store = getattr(window, "store", None)
    if writer is not None:
        path = writer.path
        if path is None:
            return None, IN_MEMORY
        return path, OPEN if store is not None else WAITING
    if store is not None:
        path = database_file(store)
        return path, OPEN if path is not None else IN_MEMORY
    return default_database(), NOT_OPEN


def settings_file(window: QWidget | None) -> str:
    """The file (or, on Windows, the registry key) the window's settings are kept in."""
    settings = getattr(window, "settings", None)
    qsettings = getattr(settings, "qsettings", None)
    return str(settings_path(qsettings if isinstance(qsettings, QSettings) else None))


def versions() -> list[tuple[str, str | None]]:
    """(name, version) of what the program runs on, Qt first; ``None``: not installed."""
    return [
        ("Qt", qVersion()),
        ("PySide6", PySide6.__version__),
        ("Python", platform.python_version()),
        ("SQLite", sqlite3.sqlite_version),
        *((name, library_version(name)) for name in LIBRARIES),
    ]


class LicenceViewer(QDialog):
    """The licence's full text, to read and to select from."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setPlainText(text)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        # the GPL's lines are 77 characters: room for them, within a 1024 x 700 screen
        width = self.text.fontMetrics().horizontalAdvance("M" * 80) + 60
        self.resize(min(width, 960), 620)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Licence"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class _FileRow:
    """A path to select and copy, and a button that opens its folder."""

    def __init__(self, dialog: AboutDialog, grid: QGridLayout, row: int) -> None:
        self.label = QLabel(dialog)
        self.path = QLineEdit(dialog)
        self.path.setReadOnly(True)
        self.path.setMinimumWidth(360)
        self.open_folder = QPushButton(dialog)
        self.note = plain_label(QLabel(dialog))
        self.note.setWordWrap(True)
        self.note.hide()
        self.label.setBuddy(self.path)
        grid.addWidget(self.label, 2 * row, 0)
        grid.addWidget(self.path, 2 * row, 1)
        grid.addWidget(self.open_folder, 2 * row, 2)
        grid.addWidget(self.note, 2 * row + 1, 1, 1, 2)
        self.folder: Path | None = None
        self.open_folder.clicked.connect(lambda: dialog.open_folder(self.folder))

    def show_path(self, text: str, folder: Path | None) -> None:
        self.path.setText(text)
        self.path.setToolTip(text)
        self.path.setCursorPosition(0)
        self.folder = folder if folder is not None and folder.is_dir() else None
        self.open_folder.setEnabled(self.folder is not None)


class AboutDialog(QDialog):
    """Help → About: the program, its licence, its credits and where its data lives.

    ``database``: the file in use and its state (:func:`database_in_use`); ``settings``:
    the settings file's name (:func:`settings_file`)."""

    def __init__(
        self,
        database: tuple[Path | None, str],
        settings: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.database_path, self.database_state = database
        self.settings_path = settings
        self._licence: str | None = licence_text()
        self.viewer: LicenceViewer | None = None

        self.icon = QLabel(self)
        pixmap = app_icon().pixmap(64, 64)
        if pixmap.isNull():  # a tree without the drawn icons
            window_icon = parent.windowIcon() if parent is not None else self.windowIcon()
            pixmap = window_icon.pixmap(64, 64)
        self.icon.setPixmap(pixmap)
        self.icon.setVisible(not pixmap.isNull())
        self.name = QLabel(self)
        font = self.name.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.name.setFont(font)
        self.version = QLabel(self)
        self.description = QLabel(self)
        self.description.setWordWrap(True)
        self.homepage = QLabel(self)
        self.homepage.setTextFormat(Qt.TextFormat.RichText)
        self.homepage.setOpenExternalLinks(True)
        self.homepage.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        heading = QVBoxLayout()
        heading.addWidget(self.name)
        heading.addWidget(self.version)
        heading.addWidget(self.description)
        heading.addWidget(self.homepage)
        top = QHBoxLayout()
        top.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addLayout(heading, 1)

        self.licence_box = QGroupBox(self)
        self.licence = QLabel(self.licence_box)
        self.licence.setWordWrap(True)
        self.licence_button = QPushButton(self.licence_box)
        self.licence_button.clicked.connect(self.show_licence)
        licence_row = QHBoxLayout(self.licence_box)
        licence_row.addWidget(self.licence, 1)
        licence_row.addWidget(self.licence_button, 0, Qt.AlignmentFlag.AlignTop)

        self.credits_box = QGroupBox(self)
        self.authors = QLabel(self.credits_box)
        self.authors.setWordWrap(True)
        self.built_with = QLabel(self.credits_box)
        self.version_labels: dict[str, QLabel] = {}
        form = QFormLayout()
        for name, found in versions():
            if name == "PySide6":
                continue  # shown with Qt's
            value = QLabel(self.credits_box)
            value.setProperty("found", found)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.version_labels[name] = value
            form.addRow(name, value)
        credits_layout = QVBoxLayout(self.credits_box)
        credits_layout.addWidget(self.authors)
        credits_layout.addWidget(self.built_with)
        credits_layout.addLayout(form)

        self.data_box = QGroupBox(self)
        grid = QGridLayout(self.data_box)
        grid.setColumnStretch(1, 1)
        self.database_row = _FileRow(self, grid, 0)
        self.settings_row = _FileRow(self, grid, 1)

        self.status = plain_label(QLabel(self))
        self.status.setWordWrap(True)
        self.status.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_details)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.licence_box)
        layout.addWidget(self.credits_box)
        layout.addWidget(self.data_box)
        layout.addWidget(self.status)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(600)
        self.retranslate()

    # ------------------------------------------------------------------ words

    def retranslate(self) -> None:
        name = DISPLAY_NAME
        self.setWindowTitle(fill(self.tr("About %1"), name))
        self.name.setText(name)
        self.version.setText(fill(self.tr("Version %1"), __version__))
        self.description.setText(
            self.tr(
                "Play Skat against the computer or with friends on the local network, "
                "practise, and keep your club's score sheets."
            )
        )
        url = HOMEPAGE
        self.homepage.setText(f'<a href="{url}">{url}</a>')
        self.licence_box.setTitle(self.tr("Licence"))
        self.licence.setText(
            fill(
                self.tr(
                    "Free software under the GNU General Public License, version 3 or any "
                    "later version (%1). It comes with ABSOLUTELY NO WARRANTY."
                ),
                LICENCE,
            )
        )
        if self._licence is not None:
            self.licence_button.setText(self.tr("Show &licence"))
            self.licence_button.setToolTip("")
        else:
            self.licence_button.setText(self.tr("&Licence online"))
            self.licence_button.setToolTip(LICENCE_URL)
        self.credits_box.setTitle(self.tr("Credits"))
        self.authors.setText(self.tr("Written by the skat-desktop developers."))
        self.built_with.setText(self.tr("Built with:"))
        for name, label in self.version_labels.items():
            found = label.property("found")
            text = found if found else self.tr("not installed")
            if name == "Qt":
                text = fill(self.tr("%1 (PySide6 %2)"), found, PySide6.__version__)
            label.setText(text)
        self.data_box.setTitle(self.tr("Where your data is kept"))
        self._show_paths()
        self.copy_button.setText(self.tr("&Copy details"))
        self.copy_button.setToolTip(
            self.tr("Copies the versions and the file locations, for a bug report.")
        )

    def _show_paths(self) -> None:
        row = self.database_row
        row.label.setText(self.tr("&Database:"))
        path, state = self.database_path, self.database_state
        if path is None:
            row.show_path(self.tr("in memory: nothing is kept"), None)
        else:
            row.show_path(str(path), path.parent)
        note = {
            WAITING: self.tr("Waiting for another program to release it."),
            NOT_OPEN: self.tr("Not open now: this is where a plain start keeps the games."),
        }.get(state)
        row.note.setText(note or "")
        row.note.setVisible(note is not None)
        row.open_folder.setText(self.tr("Open &folder"))
        row = self.settings_row
        row.label.setText(self.tr("&Settings:"))
        settings = self.settings_path
        row.show_path(settings, Path(settings).parent if settings else None)
        row.open_folder.setText(self.tr("Open f&older"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.fit()
        super().changeEvent(event)

    def fit(self) -> None:
        """Grow to what the words need: a window does not ask its wrapped lines' height by
        itself, so a longer language would cut them."""
        layout = self.layout()
        layout.activate()
        width = max(self.width(), self.sizeHint().width())
        height = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else 0
        self.resize(width, max(self.height(), height, self.sizeHint().height()))

    def showEvent(self, event: QShowEvent) -> None:
        self.fit()
        super().showEvent(event)

    # ------------------------------------------------------------------ actions

    def _say(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def open_folder(self, folder: Path | None) -> None:
        """Show ``folder`` in the desktop's file manager (a line here if that fails)."""
        if folder is None:
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self._say(fill(self.tr("The folder %1 could not be opened."), folder))

    def show_licence(self) -> None:
        """The shipped licence text in a window of its own, else the licence's web page."""
        if self._licence is None:
            if not QDesktopServices.openUrl(QUrl(LICENCE_URL)):
                self._say(fill(self.tr("The licence is at %1."), LICENCE_URL))
            return
        if self.viewer is None:
            self.viewer = LicenceViewer(self._licence, self)
        self.viewer.show()
        self.viewer.raise_()
        self.viewer.activateWindow()

    def details(self) -> str:
        """Versions and file locations as plain text. Kept in English on purpose: it is
        pasted into bug reports that the developers read."""
        lines = [f"{DISPLAY_NAME} ({DISTRIBUTION}) {__version__}"]
        lines += [f"{name}: {found or 'not installed'}" for name, found in versions()]
        lines.append(f"System: {platform.platform()}")
        path, state = self.database_path, self.database_state
        lines.append(f"Database: {path if path is not None else '(in memory)'} ({state})")
        lines.append(f"Settings: {self.settings_path}")
        return "\n".join(lines) + "\n"

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details())
        self._say(self.tr("The details are on the clipboard."))


def show_about(window: QWidget) -> AboutDialog:
    """Open the About dialog over ``window`` (the one already open comes to the front)."""
    for dialog in window.findChildren(AboutDialog):
        if dialog.isVisible():
            dialog.raise_()
            dialog.activateWindow()
            return dialog
    dialog = AboutDialog(database_in_use(window), settings_file(window), window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
