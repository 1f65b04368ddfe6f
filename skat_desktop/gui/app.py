"""Starting the desktop application: QApplication, settings, theme, store, main window."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

ORGANIZATION = "skat-desktop"
APPLICATION = "skat-desktop"


@dataclass(frozen=True)
class StoreOpening:
    """How opening the database at the start went.

    ``store``: open (for viewing only when ``error`` says why it cannot be written);
    ``error``: why the score sheets cannot be saved; ``waiting``: another program held the
    lock, so the window opens ``path`` in the background as soon as it can."""

    store: Any
    error: str | None
    path: Path
    waiting: bool = False


def open_store(db_path: str | Path | None = None) -> StoreOpening:
    """Open the store at ``db_path`` (or the platform's default file) without waiting for
    another program's lock: this runs on the GUI thread."""
    from skat_desktop.gui.store_worker import GUI_BUSY_MS, never_wait
    from skat_desktop.store.database import DatabaseBusy, ReadOnlyDatabase, default_path
    from skat_desktop.store.repository import Store

    path = Path(db_path) if db_path is not None else default_path()
    try:
        return StoreOpening(never_wait(Store.open(path, busy_ms=GUI_BUSY_MS)), None, path)
    except DatabaseBusy:
        return StoreOpening(None, None, path, waiting=True)
    except ReadOnlyDatabase as e:  # cannot be written, but the sheets can be looked at
        try:
            viewer = Store.open(path, read_only=True, busy_ms=GUI_BUSY_MS)
        except Exception:
            viewer = None
        return StoreOpening(viewer, _one_line(e), path)
    except Exception as e:  # any failure: the program still runs, without saving
        return StoreOpening(None, _one_line(e), path)


def _one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


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
    opening = open_store(db_path)
    window = MainWindow(
        settings,
        opening.store,
        opening.error,
        store_path=opening.path if opening.waiting else None,
    )
    window.show()  # a problem with the database is said once, by the window
    try:
        return app.exec()
    finally:
        window.shutdown()
        if window.store is not None:
            window.store.close()
