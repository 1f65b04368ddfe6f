"""A clock set back during a club's season never makes its series unimportable.

The tester's case: the computer's clock went back an hour between two games (set by
hand, a flat clock battery, a time server's correction). The second game was stored an
hour before the first; the sheet and ``db check`` showed nothing wrong, but the export
was refused by every import ("deal 2 is dated before its series was created"), as an
import refuses a history out of time order. The store now dates a deal, a correction or
a close/reopen no earlier than the latest time its series' history holds.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from test_hostile_imports import build

from skat_desktop.app import exchange as ex
from skat_desktop.app.check import check_store
from skat_desktop.store import repository
from skat_desktop.store.repository import Store

T0 = datetime(2024, 3, 7, 20, 0, tzinfo=UTC)


class Clock:
    """A clock that goes back ``step`` at every reading (forward for a negative one)."""

    def __init__(self, step: timedelta):
        self.at, self.step = T0, step

    def __call__(self) -> str:
        self.at -= self.step
        return self.at.isoformat(timespec="seconds")


def history_times(doc: dict) -> list[list[str]]:
    """Each series' times in the order its history was written."""
    out = []
    for s in doc["series"]:
        times = [s["created"], *(d["created"] for d in s["deals"])]
        times += [c["created"] for c in s["corrections"]]
        times += [e["created"] for e in s["events"]]
        out.append(times)
    return out


def test_a_history_written_while_the_clock_goes_back_is_exported_and_imported(monkeypatch):
    monkeypatch.setattr(repository, "now", Clock(timedelta(hours=1)))
    store = Store.open(":memory:")
    ids = build(store)  # deals, corrections, close, reopen, close: each an hour "earlier"
    doc = ex.export_series(store, ids)
    copy = Store.open(":memory:")
    assert ex.import_series(copy, doc) == [1, 2]
    assert ex.export_series(copy, [1, 2]) == doc
    for series, times in zip(doc["series"], history_times(doc), strict=True):
        # nothing is dated before its series was created (its first reading)
        assert {t for t in times[1:]} == {series["created"]}


def test_a_right_clock_keeps_the_real_times(monkeypatch):
    clock = Clock(timedelta(minutes=-1))  # a minute later at every reading
    monkeypatch.setattr(repository, "now", clock)
    store = Store.open(":memory:")
    ids = build(store)
    deals = [d["created"] for d in ex.export_series(store, ids)["series"][1]["deals"]]
    assert len(set(deals)) == len(deals) and deals == sorted(deals)
    assert deals[-1] == clock.at.isoformat(timespec="seconds")


@pytest.mark.parametrize("zone", ["+02:00", "-05:00"])
def test_an_imported_history_in_another_zone_is_compared_by_its_instant(monkeypatch, zone):
    """An import keeps its times as written (with their zone): "21:00+02:00" is 19:00
    UTC, before a 20:00 UTC clock, and "21:00-05:00" (02:00 UTC the next day) after it."""
    source = Store.open(":memory:")
    ids = build(source)
    doc = ex.export_series(source, ids[:1])
    s = doc["series"][0]
    s["created"] = "2024-03-07T21:00:00" + zone
    for d in s["deals"]:
        d["created"] = s["created"]
    for item in (*s["corrections"], *s["events"]):
        item["created"] = s["created"]
    store = Store.open(":memory:")
    (sid,) = ex.import_series(store, doc)
    monkeypatch.setattr(repository, "now", Clock(timedelta(0)))  # 20:00 UTC
    store.reopen_series(sid, "Anna", "one more game")
    (event,) = store.series_events(sid)[-1:]
    later = zone == "-05:00"
    assert event["created"] == (s["created"] if later else T0.isoformat(timespec="seconds"))
    assert ex.import_series(Store.open(":memory:"), ex.export_series(store, [sid]))


def test_check_names_a_history_written_out_of_order_before(monkeypatch):
    """A database written before the store kept its times in order: ``db check`` said
    "no problems", and only an import, on another computer, refused its export."""
    monkeypatch.setattr(repository, "now", Clock(timedelta(hours=1)))
    monkeypatch.setattr(Store, "_history_time", lambda self, series_id: repository.now())
    store = Store.open(":memory:")
    s1, s2 = build(store)
    report, _ = check_store(store)
    lines = [p.line() for p in report.problems]
    assert len(lines) == 2 and all("(was the clock set back?)" in line for line in lines)
    assert lines[0].startswith(f"series {s1}: its close event is dated 2024-03-07T")
    assert lines[1].startswith(f"series {s2}: deal 1 is dated 2024-03-07T")
    assert lines[1].endswith(
        ", before the series was created (2024-03-07T01:00:00+00:00)"
        " (was the clock set back?): its sheet is right, but an export"
        " of it cannot be read in again"
    )
    for sid in (s1, s2):
        with pytest.raises(ex.ImportRefused, match="dated"):
            ex.import_series(Store.open(":memory:"), ex.export_series(store, [sid]))


def test_check_finds_nothing_in_a_history_kept_in_order(monkeypatch):
    monkeypatch.setattr(repository, "now", Clock(timedelta(hours=1)))
    store = Store.open(":memory:")
    build(store)
    report, _ = check_store(store)
    assert report.problems == []
