"""Starting the desktop application: QApplication, settings, theme, store, main window."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, QSocketNotifier, QTimer
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


CLOSING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")
"""A logout or shutdown, ``kill``; the terminal closed; Ctrl+C in it."""


def close_on_signals(app: QApplication) -> QSocketNotifier | None:
    """Close the windows on :data:`CLOSING_SIGNALS` as Game → Quit would, instead of
    ending the process on the spot: the writes still queued are finished, a hosted table
    tells its players, the window's place is kept. A second signal ends it at once; a
    signal the program was started to ignore (``nohup``: SIGHUP) stays ignored.

    Python runs a signal handler only between bytecodes, and none run while Qt waits for
    events: the signal's byte, written to a socket (``signal.set_wakeup_fd``), wakes the
    event loop. Not on Windows, whose console signals do not reach a window this way.
    The notifier (None: not installed) lives as long as the caller keeps it."""
    if os.name == "nt":
        return None
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    try:
        signal.set_wakeup_fd(writer.fileno())
    except ValueError:  # not the main thread: the default stays
        reader.close()
        writer.close()
        return None
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)
    sockets = (reader, writer)  # open while the notifier's slot holds them

    def drain() -> None:  # the handler has run by now; only the bytes are left
        with contextlib.suppress(OSError):
            while sockets[0].recv(64):
                pass

    notifier.activated.connect(drain)

    def close_windows(number: int, _frame: object) -> None:
        for name in CLOSING_SIGNALS:  # the next one is not asked twice
            if signal.getsignal(getattr(signal, name)) is close_windows:
                signal.signal(getattr(signal, name), signal.SIG_DFL)
        QTimer.singleShot(0, app.closeAllWindows)

    for name in CLOSING_SIGNALS:
        number = getattr(signal, name)
        if signal.getsignal(number) is not signal.SIG_IGN:  # ``nohup``, a background job
            signal.signal(number, close_windows)
    return notifier


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
    notifier = close_on_signals(app)  # noqa: F841 - kept while the loop runs
    try:
        return app.exec()
    finally:
        window.shutdown()
        if window.store is not None:
            window.store.close()
