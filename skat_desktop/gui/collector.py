"""Python's cycle collector runs on the GUI thread only.

CPython runs its cyclic garbage collector on whichever thread happens to allocate when
a generation's count passes its threshold -- in this program often a worker thread: the
store writer writing a deal, a view's reader, a computer player thinking. What the
collector frees is destroyed on that thread. A Qt object that Python owns and that only
a reference cycle keeps (a closed window's parts, such as its parentless game log, a
``QListWidget``) is then destroyed on a thread that is not its own: a widget's
destructor running on the writer's thread while the GUI thread paints crashed the
program (a segmentation fault, in a test run under load).

So while the application runs, automatic collection is off and a timer on the GUI
thread collects instead, generation by generation, as CPython would have by then
(:func:`gc.get_threshold`, :func:`gc.get_count`). Garbage without cycles is freed at
once as always (reference counting); only cycles wait for the next tick. This is the
pattern of pyqtgraph's ``GarbageCollector`` and of Anki.

:func:`collect_on_gui_thread` is called by
:func:`~skat_desktop.gui.app.create_application`; :func:`stop_collecting_on_gui_thread`
gives the collection back to CPython (the tests, once the GUI's are done).
"""

from __future__ import annotations

import contextlib
import gc

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Slot

INTERVAL_MS = 200
"""How often the GUI thread looks whether a generation is due (cycles wait that long)."""


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects on a timer of the GUI thread.

    A child of the application: it lives as long as the application and never runs on
    another thread. :meth:`stop` turns automatic collection on again.
    """

    def __init__(self, app: QCoreApplication, interval_ms: int = INTERVAL_MS) -> None:
        if QThread.currentThread() is not app.thread():
            raise RuntimeError("the collector is set up on the GUI thread")
        super().__init__(app)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer.start()

    @property
    def active(self) -> bool:
        return self._timer.isActive()

    @Slot()
    def collect(self) -> int:
        """Collect the oldest generation that is due, as CPython's own trigger would (a
        generation is due when its count passed its threshold); how many were freed."""
        t0, t1, t2 = gc.get_threshold()
        c0, c1, c2 = gc.get_count()
        if t0 <= 0 or c0 <= t0:  # collection turned off, or nothing due yet
            return 0
        generation = 0
        if c1 > t1:
            generation = 2 if c2 > t2 else 1
        return gc.collect(generation)

    def stop(self) -> None:
        """Stop the timer; automatic collection as it was before."""
        self._timer.stop()
        if self._was_enabled:
            gc.enable()


_collector: GuiThreadCollector | None = None


def collect_on_gui_thread(app: QCoreApplication | None = None) -> GuiThreadCollector:
    """Collect cycles on the GUI thread only, from now on (once per application; called
    again it returns the collector that runs)."""
    global _collector
    app = app or QCoreApplication.instance()
    if app is None:
        raise RuntimeError("the collector needs the application")
    if _collector is not None:
        with contextlib.suppress(RuntimeError):  # its application is gone: a new one
            if _collector.parent() is app and _collector.active:
                return _collector
        stop_collecting_on_gui_thread()
    _collector = GuiThreadCollector(app)
    return _collector


def stop_collecting_on_gui_thread() -> None:
    """CPython collects by itself again (on any thread)."""
    global _collector
    collector, _collector = _collector, None
    if collector is None:
        return
    try:
        collector.stop()
    except RuntimeError:  # the application (and the timer) went first
        gc.enable()
