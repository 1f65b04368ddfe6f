"""GUI tests draw offscreen: no display is needed, on a desktop or in CI."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="package", autouse=True)
def _cycles_collected_on_the_gui_thread(qapp):
    """As in the program (``create_application``): Python's cycle collector runs on the GUI
    thread only, never on a worker's, where it would destroy a closed window's leftover
    widgets on the wrong thread (skat_desktop/gui/collector.py). The test packages after
    this one get CPython's own collection back."""
    from skat_desktop.gui.collector import collect_on_gui_thread, stop_collecting_on_gui_thread

    collect_on_gui_thread(qapp)
    yield
    stop_collecting_on_gui_thread()


@pytest.fixture(autouse=True)
def _french_words():
    """Each test starts with the French deck's card names (a window sets its deck's)."""
    from skat_desktop.gui import game_words

    game_words.use_deck(game_words.FRENCH, notify=False)
    yield
    game_words.use_deck(game_words.FRENCH, notify=False)


@pytest.fixture(autouse=True)
def _english_and_no_boxes_afterwards():
    """Each test ends in English, and with no message box it showed still open: the next
    test counts the boxes it shows itself."""
    yield
    from PySide6.QtWidgets import QApplication, QMessageBox

    from skat_desktop.gui import i18n

    app = QApplication.instance()
    if app is None:
        return
    i18n.remove_translations(app)
    for w in app.topLevelWidgets():
        if isinstance(w, QMessageBox) and w.isVisible():
            w.close()


@pytest.fixture
def db(tmp_path):
    """The path of the test's club database (not created yet)."""
    return tmp_path / "club.sqlite3"


@pytest.fixture
def store(db):
    """A new club database for the test (a module may define its own ``store``)."""
    from skat_desktop.gui.store_worker import wait_for_jobs
    from skat_desktop.store.repository import Store

    s = Store.open(db)
    yield s
    wait_for_jobs()
    s.close()


@pytest.fixture
def writer(store):
    """The background writer of ``store``."""
    from skat_desktop.gui.store_worker import StoreWriter

    w = StoreWriter(store)
    yield w
    w.close()


@pytest.fixture
def window(qtbot, tmp_path, db):
    """A main window on the club database ``db``, its writer running; its club desk, if
    one was opened, closed afterwards with nothing left typed to ask about (a module may
    define its own ``window``)."""
    from skat_desktop.store.repository import Store

    from .table_driver import make_window
    from .test_club_entry import WAIT

    w = make_window(qtbot, tmp_path, store=Store.open(db), size=(1280, 800))
    qtbot.waitUntil(lambda: w.writer is not None, timeout=WAIT)
    yield w
    desk = w.club.desk
    if desk is not None:
        if desk.entry_form is not None:
            desk.entry_form.fill(None)
        desk.close()
