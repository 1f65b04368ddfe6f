"""Starting the desktop application: QApplication, settings, theme, store, main window."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from skat_desktop.gui.collector import collect_on_gui_thread
from skat_desktop.identity import (
    APP_ID,
    APPLICATION,
    OLD_APPLICATION,
    OLD_ORGANIZATION,
    ORGANIZATION,
    ORGANIZATION_DOMAIN,
    app_icon,
)


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
    from skat_desktop.gui.errors import describe
    from skat_desktop.gui.store_worker import GUI_BUSY_MS, never_wait
    from skat_desktop.store.database import DatabaseBusy, ReadOnlyDatabase, default_path
    from skat_desktop.store.repository import Store

    path = Path(db_path) if db_path is not None else default_path()
    try:
        return StoreOpening(never_wait(Store.open(path, busy_ms=GUI_BUSY_MS)), None, path)
    except DatabaseBusy:
        return StoreOpening(None, None, path, waiting=True)
    except ReadOnlyDatabase as e:  # cannot be written, but the sheets can be looked at
        return StoreOpening(_viewer(path), describe(e), path)
    except Exception as e:  # any failure: the program still runs, without saving
        # a full disk: the sheets can be looked at where SQLite can still read the file
        full = getattr(e, "code", "") == "disk_full"
        return StoreOpening(_viewer(path) if full else None, describe(e), path)


def _viewer(path: Path):
    """The database opened for viewing only, or None where even that fails."""
    from skat_desktop.gui.store_worker import GUI_BUSY_MS
    from skat_desktop.store.repository import Store

    try:
        return Store.open(path, read_only=True, busy_ms=GUI_BUSY_MS)
    except Exception:
        return None


def create_application(argv: Sequence[str] = ()) -> QApplication:
    """The QApplication (the existing one if there is one), named by the application id
    (skat_desktop.identity) for QSettings and the desktop, with our icon on every window."""
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setOrganizationDomain(ORGANIZATION_DOMAIN)
    QCoreApplication.setApplicationName(APPLICATION)
    app = QApplication.instance()
    if app is None:
        app = QApplication(list(argv) or ["skat-desktop"])
    app.setApplicationDisplayName(QCoreApplication.translate("App", "Skat"))
    # Wayland and the docks match the window to io.github.skat_desktop.SkatDesktop.desktop
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    carry_over_settings()
    # Python's cycle collector runs on the GUI thread only: run on a worker thread (the
    # store writer, a computer thinking) it destroys Qt objects freed there, on the
    # wrong thread -- a crash (skat_desktop/gui/collector.py)
    collect_on_gui_thread(app)
    return app


def carry_over_settings() -> int:
    """Copy the settings kept under the old scope ("skat-desktop") into the application
    id's, once: only while the new scope is still empty, so a player's deck, language and
    window keep their state after the update. The old ones stay (an older copy of the
    program may still read them). The number of keys carried over."""
    new = QSettings()
    if new.allKeys():
        return 0
    old = QSettings(
        QSettings.defaultFormat(), QSettings.Scope.UserScope, OLD_ORGANIZATION, OLD_APPLICATION
    )
    keys = old.allKeys()
    for key in keys:
        new.setValue(key, old.value(key))
    if keys:
        new.sync()
    return len(keys)


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
