"""The table window at a networked table (issue 24, item 9): a real ``skat-desktop serve``
(a child process on 127.0.0.1, port 0, its own database), two scripted players (asyncio
bots in a thread of their own) and the real MainWindow, which joins through its LanLink
and plays its seat with the mouse, as a player would.

Each built-in rule profile gets a short series; the window's own copy of each series ends
up in its database equal to the host's. Then the host is killed (SIGKILL) in the middle of
a deal and started again on the same database and port: the window says the host is
gone, comes back with its seat's token by itself and plays the series to its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt

from skat_desktop.app.port import Waiting
from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver, TableError
from skat_desktop.engine.actions import Play
from skat_desktop.gui.lan_link import CONNECTED, GONE, LanLink
from skat_desktop.net.remote import RemoteTable
from skat_desktop.net.scripted import Bot, BotError
from skat_desktop.store.repository import Store

from .table_driver import WAIT_MS, TablePlayer, make_window

PROFILES = ("isko", "texas", "pre1999", "house")
HOST = "127.0.0.1"


# ---------------------------------------------------------------------- the host


class Serve:
    """``skat-desktop serve`` as a child process (killed at the end whatever happens)."""

    def __init__(self, db: Path, specs: list[str], log: Path) -> None:
        self.db, self.specs, self.log = db, specs, log
        self.proc: subprocess.Popen | None = None
        self.port = 0

    def start(self) -> int:
        with open(self.log, "ab") as err:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "skat_desktop",
                    "serve",
                    "--host",
                    HOST,
                    "--port",
                    str(self.port),
                    "--db",
                    str(self.db),
                    "--name",
                    "Club host",
                    "--no-announce",
                    *(a for spec in self.specs for a in ("--table", spec)),
                ],
                stdout=subprocess.PIPE,
                stderr=err,
            )
        ready, _, _ = select.select([self.proc.stdout], [], [], 60)
        assert ready, "serve did not start within 60 s"
        line = self.proc.stdout.readline().decode()
        m = re.fullmatch(r"serving on 127\.0\.0\.1:(\d+)\n", line)
        assert m, f"serve said {line!r}: {self.log.read_text()[-500:]}"
        self.port = int(m.group(1))
        return self.port

    def kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
        if proc is not None and proc.stdout is not None:
            proc.stdout.close()

    def stop(self) -> None:
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(30)
        self.kill()


class Bots:
    """Scripted players on an asyncio loop in a thread of their own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.bots: list[Bot] = []

    def run(self, coro, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def seat(self, port: int, table: str, seats: tuple[int, ...]) -> list[Bot]:
        bots = [Bot(f"Bot {s}", HOST, port, table=table, seat=s, seed=s, timeout=20) for s in seats]
        for bot in bots:
            self.run(bot.start())
        self.bots += bots
        return bots

    def come_back(self, bots: list[Bot], port: int) -> None:
        """Each bot takes its seat back with its token once the host is there again."""

        async def back(bot: Bot) -> None:
            token = bot.table.token
            bot.port = port
            for _ in range(100):
                try:
                    await bot.close(wait=False)
                    await bot.start(token=token)
                    return
                except (OSError, BotError):
                    await asyncio.sleep(0.3)
            raise AssertionError(f"{bot.name} could not come back")

        for bot in bots:
            self.run(back(bot), 90)

    def close(self) -> None:
        for bot in self.bots:
            with contextlib.suppress(Exception):
                self.run(bot.close(wait=False), 10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def bots():
    b = Bots()
    yield b
    b.close()


def table_rows(store: Store, series_id: int) -> list[dict[str, Any]]:
    out = []
    for row in store.deal_sources(series_id):
        record = json.loads(row["record"])
        record.pop("extra", None)
        out.append({"number": row["number"], "seed": row["seed"], "record": record})
    return out


def host_rows(db: Path, table_name: str) -> list[dict[str, Any]]:
    store = Store.open(db, read_only=True)
    try:
        (series,) = [r for r in store.list_series() if r["title"].startswith(table_name + ",")]
        return table_rows(store, series["id"])
    finally:
        store.close()


# ---------------------------------------------------------------------- the window's seat


class LanPlayer(TablePlayer):
    """The table driver for a networked table: the host answers each move later."""

    @property
    def port(self) -> RemoteTable:
        return self.w.session.port

    def resting(self) -> bool:
        s = self.w.session
        return (
            super().resting()
            and not s._redraw_due
            and not self.port.move_out
            and (not isinstance(s.need, DealOver) or self.w.host.current is self.w.deal_over)
        )

    def step(self) -> bool:
        self.settle()
        w = self.w
        need = self.need
        if isinstance(need, SeriesOver):
            if w.host.current is w.series_over:
                return False
            self.click(w.deal_over.next_button)  # the final scores
            return True
        if isinstance(need, DealOver):
            port = self.port
            number = port.deal_number
            assert w.verify_label.isVisible() or port.verdicts.get(number) is None
            self.click(w.deal_over.next_button)
            assert port.ready
            self.qtbot.waitUntil(
                lambda: port.deal_number != number or isinstance(self.need, SeriesOver),
                timeout=WAIT_MS,
            )
            return True
        return super().step()

    def _play(self, need: HumanTurn) -> None:
        plays = [a.card for a in need.legal if type(a) is Play]
        port = self.port
        before = len(port.actions)
        self.click_card(self.rng.choice(plays))
        self.qtbot.waitUntil(
            lambda: len(port.actions) > before or port.client.deal_over, timeout=WAIT_MS
        )
        self.cards_played += 1

    def play_until(self, done, limit: int = 600) -> None:
        for _ in range(limit):
            if done() or not self.step():
                return
        raise AssertionError("the series did not end")


def join(qtbot, window, link: LanLink, port: int, table: str) -> RemoteTable:
    if link.state != CONNECTED:
        with qtbot.waitSignal(link.welcomed, timeout=WAIT_MS):
            link.open(HOST, port, "Anna")
    with qtbot.waitSignal(link.joined, timeout=WAIT_MS) as got:
        link.join(table, 0)
    remote = got.args[0]
    qtbot.waitUntil(lambda: window.table is remote, timeout=WAIT_MS)
    return remote


def copy_done(link: LanLink) -> bool:
    return not link._keep and link._job is None


def make_link(window) -> LanLink:
    link = LanLink(window)
    link.joined.connect(window.set_table)  # as the lobby hands the table on
    return link


# ---------------------------------------------------------------------- the tests


def test_the_window_plays_a_short_series_in_each_profile_and_keeps_its_copy(qtbot, tmp_path, bots):
    specs = [f"name=T {p},profile={p},seats=open+open+open,deals=1" for p in PROFILES]
    serve = Serve(tmp_path / "host.sqlite3", specs, tmp_path / "serve.log")
    path = tmp_path / "anna.sqlite3"
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store, size=(1280, 800))
    link = make_link(window)
    try:
        port = serve.start()
        for profile in PROFILES:
            table = f"t-{profile}"
            remote = join(qtbot, window, link, port, table)
            assert window.act_leave.isVisible() and not window.act_hint.isVisible()
            assert window.lan_panel is not None and window.lan_label.isVisible()
            bots.seat(port, table, (1, 2))
            player = LanPlayer(qtbot, window, seed=len(profile))
            player.play_until(lambda: False)  # to the series' final scores
            # every deal checked, the window's own copy equal to the host's
            assert remote.verdicts == {1: True}, remote.verdicts
            assert "verified" in window.verify_label.text()
            qtbot.waitUntil(lambda: copy_done(link), timeout=WAIT_MS)
            mine = Store.open(path, read_only=True)
            (copy,) = [r for r in mine.list_series() if r["place"].endswith("/" + table)]
            assert table_rows(mine, copy["id"]) == host_rows(serve.db, f"T {profile}")
            mine.close()
            assert not remote.client.problems, list(remote.client.problems)
            if profile == PROFILES[0]:  # between deals (here: after the last) the table chats
                panel = window.lan_panel
                assert panel.send_button.isEnabled()
                panel.line.setText("Gut   gespielt!")
                qtbot.mouseClick(panel.send_button, Qt.MouseButton.LeftButton)
                qtbot.waitUntil(
                    lambda p=panel: "Anna: Gut gespielt!" in p.log.toPlainText(),
                    timeout=WAIT_MS,
                )
                ben = bots.bots[0]
                assert [(c.seat, c.text) for c in ben.table.chat_lines] == [(0, "Gut gespielt!")]
            assert window.leave_table()  # the series is over: no question
            assert window.table is None and not window.act_leave.isVisible()
    finally:
        window.close()
        serve.stop()


def test_the_host_killed_mid_deal_comes_back_and_the_window_finishes(qtbot, tmp_path, bots):
    spec = "name=Club,profile=house,seats=open+open+open,deals=1"
    serve = Serve(tmp_path / "host.sqlite3", [spec], tmp_path / "serve.log")
    path = tmp_path / "anna.sqlite3"
    window = make_window(qtbot, tmp_path, store=Store.open(path), size=(1280, 800))
    link = make_link(window)
    try:
        port = serve.start()
        remote = join(qtbot, window, link, port, "club")
        seated = bots.seat(port, "club", (1, 2))
        player = LanPlayer(qtbot, window, seed=3)
        player.play_until(lambda: len(remote.actions) >= 6 and remote.client.my_turn)
        token = remote.client.token
        assert token and link.token("club") == token  # kept for coming back
        serve.kill()  # SIGKILL in the middle of the deal: no goodbye
        qtbot.waitUntil(lambda: link.state == GONE, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: window.messages.isVisible(), timeout=WAIT_MS)
        assert window.messages.kind == "lan" and "host is gone" in window.messages.label.text()
        assert "Host gone" in window.lan_label.text()
        # the seat's turn waits for the host too: no move can reach it
        qtbot.waitUntil(lambda: isinstance(window.session.need, Waiting), timeout=WAIT_MS)
        assert window.turn_label.text() == "Host gone — trying again…"
        with pytest.raises(TableError, match="not connected"):
            remote.apply(remote.view_for(0).legal[0])
        time.sleep(1.0)  # a try or two finds nobody
        assert link.attempt >= 1
        serve.start()  # the same database and port: the table resumes at its move
        bots.come_back(seated, port)
        qtbot.waitUntil(lambda: link.state == CONNECTED and remote.connected, timeout=30_000)
        assert window.table is remote  # the same table, taken back: not a new one
        qtbot.waitUntil(lambda: not window.messages.isVisible(), timeout=WAIT_MS)
        player.play_until(lambda: False)  # to the end of the series
        assert remote.series_finished
        assert not [e for e in remote.client.problems], list(remote.client.problems)
        qtbot.waitUntil(lambda: copy_done(link), timeout=WAIT_MS)
        mine = Store.open(path, read_only=True)
        (copy,) = [r for r in mine.list_series() if r["place"].endswith("/club")]
        assert table_rows(mine, copy["id"]) == host_rows(serve.db, "Club")
        mine.close()
        assert remote.verdicts.get(1) is True, remote.verdicts
    finally:
        window.close()
        serve.stop()


def test_leaving_a_networked_table_asks_first_and_keeps_the_token(
    qtbot, tmp_path, bots, monkeypatch
):
    spec = "name=Club,profile=isko,seats=open+open+open,deals=2"
    serve = Serve(tmp_path / "host.sqlite3", [spec], tmp_path / "serve.log")
    window = make_window(qtbot, tmp_path, store=None, size=(1280, 800))
    link = make_link(window)
    try:
        port = serve.start()
        remote = join(qtbot, window, link, port, "club")
        bots.seat(port, "club", (1, 2))
        qtbot.waitUntil(lambda: remote.dealt, timeout=WAIT_MS)
        asked: list[str] = []

        def answer(why: str, count: int) -> str:
            asked.append(why)
            return "cancel" if len(asked) == 1 else "leave"

        # a deal the window could not verify is said loudly, with the reason
        link.verified.emit(7, "the seed does not follow from the commitment")
        assert window.verify_label.text() == "Deal 7 NOT verified"
        assert window.messages.isVisible() and "does not follow" in window.messages.label.text()
        assert "Deal 7: NOT verified" in window.lan_panel.fair.text()
        monkeypatch.setattr(window, "ask_to_leave", answer)
        assert not window.leave_table() and window.table is remote  # stayed
        assert window.leave_table() and asked == ["leave_table", "leave_table"]
        assert window.table is None and link.remote is None
        # the host heard it: the seat waits for its player, whose token takes it back
        token = link.token("club")
        assert token
        again = join(qtbot, window, link, port, "club")
        assert again is not remote and again.client.seat == 0 and again.client.token == token
        assert isinstance(again.request(), HumanTurn | Waiting)
        ben = bots.bots[0]

        def anna_here() -> bool:
            return bool(ben.table.seat_infos) and ben.table.seat_infos[0]["connected"]

        assert anna_here()
        link.leave()  # the lobby's Leave: the window lets the table go as well
        assert window.table is None and window.lan_panel is None
        qtbot.waitUntil(lambda: not anna_here(), timeout=WAIT_MS)
        join(qtbot, window, link, port, "club")
        qtbot.waitUntil(anna_here, timeout=WAIT_MS)
        window.close()  # quitting tells the host too
        qtbot.waitUntil(lambda: not anna_here(), timeout=WAIT_MS)
        assert link.state == "closed" and link.token("club") == token
    finally:
        window.close()
        serve.stop()


def test_the_table_tab_and_status_fit_in_english_and_german(qtbot, qapp, tmp_path, bots):
    from skat_desktop.gui.main_window import LAN_TABLE, SIDE_MIN

    from .fit_walk import set_language, settle_layout, widget_problems

    spec = "name=Stammtisch am Freitag,profile=house,seats=open+open+open,deals=1"
    serve = Serve(tmp_path / "host.sqlite3", [spec], tmp_path / "serve.log")
    store = Store.open(tmp_path / "anna.sqlite3")
    window = make_window(qtbot, tmp_path, store=store, size=(1024, 700))
    link = make_link(window)
    try:
        port = serve.start()
        join(qtbot, window, link, port, "stammtisch-am-freitag")
        bots.seat(port, "stammtisch-am-freitag", (1,))  # seat 3 stays open: the lobby
        qtbot.waitUntil(lambda: "2 of 3" in window.lan_label.text(), timeout=WAIT_MS)
        try:
            for language in ("en", "de"):
                set_language(qapp, language)
                for size, side in (((1024, 700), SIDE_MIN), ((1920, 1080), None)):
                    window.resize(*size)
                    window.show_side_panel(LAN_TABLE)
                    width = side or window._side_width(LAN_TABLE)
                    window.resizeDocks([window.side_dock], [width], Qt.Orientation.Horizontal)
                    settle_layout()
                    found = widget_problems(window.lan_panel) + widget_problems(window.statusBar())
                    found += widget_problems(window.side_tabs.tabBar())
                    assert not found, (language, size, found)
                    assert window.lan_panel.seats.text().count("\n") == 2
        finally:
            set_language(qapp, "en")
    finally:
        window.close()
        serve.stop()


def test_tokens_are_kept_per_host_and_table(tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    link = LanLink(None, settings=settings)
    link.address = ("Club.local", 7000)
    link._remember("club", 1, "tok-1")
    link.address = ("club.local", 7001)
    assert link.token("club") is None  # another port: another host
    link.address = ("club.local ", 7000)
    assert link.token("club") == "tok-1" and link._kept_seat("club") == 1
    settings.setValue(link.settings.allKeys()[0], '{"token": "bad token!"}')
    assert link.token("club") is None  # a token the wire would refuse is not sent
    link.forget("club")
    assert link.token("club") is None
