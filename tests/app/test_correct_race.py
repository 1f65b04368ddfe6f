"""A correction from the shell and a signature elsewhere never cross.

The tester's case: ``db correct`` read the series, replayed it and checked that it was
open before it took the write lock; another program (a club desk's *Sign and close*)
signed the series in that gap, and the correction was written into the signed series:
the sheet changed after the signatures, and the audit trail showed a correction made
while the series was closed (which an import of its export then refuses). The
correction now reads, checks and writes in one transaction; so do a signature and a
reopening (two programs reopening at once wrote two reopenings in a row).
"""

from __future__ import annotations

from pathlib import Path

from skat_desktop.app import exchange as ex
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import SeriesClosed, Store


def game(declarer: int, won: bool) -> dict:
    return {
        "kind": "game",
        "declarer": declarer,
        "contract": {"game": "clubs"},
        "bid": 18,
        "won": won,
        "matadors": 1,
    }


def test_a_series_signed_while_a_correction_is_worked_out_gets_no_correction(
    tmp_path: Path, monkeypatch
):
    db = tmp_path / "club.sqlite3"
    store = Store.open(db)
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2024-03-08", ids, ISKO)
    svc = SeriesService(store, sid)
    svc.add_entry(game(1, True))
    signed: list[str] = []
    check_file = Store.check_file

    def sign_elsewhere(self):
        """Just before the shell's write takes the lock: the desk signs the series."""
        if not signed:
            signed.append("signing")
            other = Store.open(db, busy_ms=200)
            try:
                SeriesService(other, sid).close("Dora")
            finally:
                other.close()
        return check_file(self)

    svc = SeriesService(store, sid)
    monkeypatch.setattr(Store, "check_file", sign_elsewhere)
    try:
        svc.correct(1, "Anna", "it was lost", game(1, False))
        corrected = True
    except SeriesClosed:
        corrected = False
    monkeypatch.setattr(Store, "check_file", check_file)
    closed = Store.open(db).series(sid).closed
    assert not (corrected and closed), "a correction went into a signed series"
    assert corrected or closed
    doc = ex.export_series(store, [sid])
    assert ex.import_series(Store.open(":memory:"), doc)  # its history is in order


def test_two_programs_reopening_at_once_record_one_reopening(tmp_path: Path, monkeypatch):
    """The desk and the shell reopened a signed series at the same moment: both saw it
    signed before taking the write lock, and the audit trail got two reopenings in a row
    (an import of the export refuses such a history)."""
    db = tmp_path / "club.sqlite3"
    store = Store.open(db)
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2024-03-08", ids, ISKO)
    SeriesService(store, sid).add_entry(game(1, True))
    store.close_series(sid, "Anna")
    reopened: list[str] = []
    check_file = Store.check_file

    def reopen_elsewhere(self):
        if not reopened:
            reopened.append("reopening")
            other = Store.open(db)
            try:
                other.reopen_series(sid, "Dora", "one game is missing")
            finally:
                other.close()
        return check_file(self)

    monkeypatch.setattr(Store, "check_file", reopen_elsewhere)
    try:
        store.reopen_series(sid, "Bernd", "one game is missing")
    except StoreError as e:
        assert "already open" in str(e)
    monkeypatch.setattr(Store, "check_file", check_file)
    assert [e["action"] for e in store.series_events(sid)] == ["close", "reopen"]
    assert ex.import_series(Store.open(":memory:"), ex.export_series(store, [sid]))
