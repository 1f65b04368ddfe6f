"""Starting the desktop application: QApplication, settings, theme, store, main window."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QMessageBox

ORGANIZATION = "skat-desktop"
APPLICATION = "skat-desktop"


def open_store(db_path: str | Path | None = None):
    """The store at ``db_path`` (or the platform's default file): (store, None) or
    (None, one-line reason) when it cannot be opened."""
    from skat_desktop.store.database import default_path
    from skat_desktop.store.repository import Store

    path = Path(db_path) if db_path is not None else default_path()
    try:
        return Store.open(path), None
    except Exception as e:  # any failure: the program still runs, without saving
        text = str(e).strip().splitlines()
        return None, (text[0] if text else type(e).__name__)


def create_application(argv: Sequence[str] = ()) -> QApplication:
    """The QApplication (the existing one if there is one), named for QSettings."""
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    app = QApplication.instance()
    if app is None:
        app = QApplication(list(argv) or ["skat-desktop"])
    app.setApplicationDisplayName(QCoreApplication.translate("App", "Skat"))
    return app


def run_gui(argv: Sequence[str], db_path: str | Path | None = None) -> int:
    """Open the main window on the store at ``db_path`` (default: the user data folder)
    and run until it closes; the exit status."""
    app = create_application(argv)
    from skat_desktop.gui.i18n import install_translations
    from skat_desktop.gui.main_window import MainWindow
    from skat_desktop.gui.settings import Settings

    settings = Settings()
    install_translations(app, settings.language)
    app.setApplicationDisplayName(QCoreApplication.translate("App", "Skat"))
    store, error = open_store(db_path)
    window = MainWindow(settings, store, error)
    window.show()
    if error is not None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            QCoreApplication.translate("App", "Skat"),
            QCoreApplication.translate(
                "App", "The score sheets cannot be opened: %1. Games are not saved."
            ).replace("%1", error),
            QMessageBox.StandardButton.Ok,
            window,
        )
        box.setObjectName("StoreError")
        box.open()  # not modal to the loop: the table stays usable
    try:
        return app.exec()
    finally:
        window.shutdown()
        if store is not None:
            store.close()
