"""The worker: jobs run off the GUI thread, answers arrive on it, cancelled ones never."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread

from skat_desktop.gui.worker import Worker


def test_a_job_runs_in_another_thread_and_answers_on_the_gui_thread(qtbot):
    worker = Worker()
    gui = QThread.currentThread()
    seen = {}

    def job(cancel):
        seen["thread"] = threading.get_ident()
        return 42

    answers = []
    worker.finished.connect(lambda r: answers.append((r, QThread.currentThread())))
    with qtbot.waitSignal(worker.finished, timeout=5000):
        worker.start("think", job)
    result, thread = answers[0]
    assert result.value == 42 and result.error is None
    assert thread is gui
    assert seen["thread"] != threading.get_ident()
    assert not worker.busy()
    worker.shutdown()


def test_a_cancelled_job_is_told_and_its_answer_dropped(qtbot):
    worker = Worker()
    started = threading.Event()
    told = threading.Event()

    def job(cancel):
        started.set()
        cancel.wait(5)
        if cancel.is_set():
            told.set()
        return "late"

    answers = []
    worker.finished.connect(answers.append)
    worker.start("think", job)
    assert started.wait(5)
    worker.cancel("think")
    assert told.wait(5)
    worker.start("hint", lambda cancel: "fresh")
    qtbot.waitUntil(lambda: bool(answers))
    assert worker.shutdown()
    qtbot.wait(20)
    assert [a.value for a in answers] == ["fresh"]


def test_a_new_job_on_a_channel_replaces_the_old_one(qtbot):
    worker = Worker()
    gate = threading.Event()
    answers = []
    worker.finished.connect(answers.append)
    worker.start("think", lambda cancel: gate.wait(5) and "old")
    worker.start("think", lambda cancel: "new")
    qtbot.waitUntil(lambda: bool(answers))
    gate.set()
    worker.shutdown()
    qtbot.wait(20)
    assert [a.value for a in answers] == ["new"]


def test_an_exception_in_a_job_comes_back_as_one_line(qtbot):
    worker = Worker()

    def job(cancel):
        raise ValueError("no legal move\nsecond line")

    with qtbot.waitSignal(worker.finished, timeout=5000) as blocker:
        worker.start("hint", job)
    assert blocker.args[0].error == "no legal move"
    worker.shutdown()
