"""The window's own copy of a LAN series when the window dies and comes back (a real
``skat-desktop serve`` child, a scripted player and the real MainWindow, as in
test_lan_table.py)."""

from __future__ import annotations

import json

import pytest

from skat_desktop.store.repository import Store

from .table_driver import WAIT_MS, make_window
from .test_lan_table import (
    Bots,
    LanPlayer,
    Serve,
    copy_done,
    host_rows,
    join,
    make_link,
    table_rows,
)


@pytest.fixture
def bots():
    b = Bots()
    yield b
    b.close()


def kept(path) -> list[int]:
    mine = Store.open(path, read_only=True)
    try:
        found = [r for r in mine.list_series() if r["place"].endswith("/kneipe")]
        return [r["number"] for r in mine.deal_sources(found[0]["id"])] if found else []
    finally:
        mine.close()


def test_a_window_killed_before_keeping_a_deal_fetches_it_when_it_joins_again(
    qtbot, tmp_path, bots
):
    """The host window played deal 2 to its end and was killed before the deal reached
    its database (the joiner's window said "Deal 2 verified"); started again, it took its
    seat back in deal 3, and its copy lacked deal 2 until a later deal was kept -- never,
    if the player closed the window first. The window now compares its copy with the
    host's series when it joins and fetches what it lacks at once."""
    spec = "name=Kneipe,profile=isko,seats=open+open+beginner,deals=3"
    serve = Serve(tmp_path / "host.sqlite3", [spec], tmp_path / "serve.log")
    path = tmp_path / "anna.sqlite3"
    window = make_window(qtbot, tmp_path, store=Store.open(path))
    link = make_link(window)
    try:
        port = serve.start()
        remote = join(qtbot, window, link, port, "kneipe")
        bots.seat(port, "kneipe", (1,))
        player = LanPlayer(qtbot, window, seed=3)
        player.play_until(lambda: remote.deal_number == 2)
        qtbot.waitUntil(lambda: copy_done(link) and kept(path) == [1], timeout=WAIT_MS)
        link.writer = None  # killed before deal 2's write: it never reaches the database
        player.play_until(lambda: remote.deal_number == 3 and remote.dealt)
        assert remote.verdicts.get(2) is True and kept(path) == [1]
        window.close()

        # the window started again on its database and settings: the seat's token
        window = make_window(qtbot, tmp_path, store=Store.open(path))
        link = make_link(window)
        remote = join(qtbot, window, link, port, "kneipe")
        assert remote.deal_number == 3 and not remote.client.deal_over
        qtbot.waitUntil(lambda: copy_done(link) and kept(path) == [1, 2], timeout=WAIT_MS)
        assert remote.deal_number == 3 and not remote.client.deal_over  # not after deal 3
        mine = Store.open(path, read_only=True)
        (copy,) = mine.list_series()
        assert table_rows(mine, copy["id"]) == host_rows(serve.db, "Kneipe")[:2]
        lan = [json.loads(r["record"])["extra"]["lan"] for r in mine.deal_sources(copy["id"])]
        mine.close()
        assert [x.get("fetched", False) for x in lan] == [False, True]
        assert not remote.client.problems, list(remote.client.problems)
        # the rest of the series is kept as it is played
        LanPlayer(qtbot, window, seed=4).play_until(lambda: False)
        qtbot.waitUntil(lambda: 3 in remote.verdicts, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: copy_done(link) and kept(path) == [1, 2, 3], timeout=WAIT_MS)
        assert table_rows(Store.open(path, read_only=True), copy["id"]) == host_rows(
            serve.db, "Kneipe"
        )
    finally:
        window.close()
        serve.stop()
