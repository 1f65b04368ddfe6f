"""Pictures of LAN play (issue 24), made by a script: real widgets, real hosts, offscreen.

    python benchmarks/screenshots_lan.py [--out DIR] [--languages en,de]
        [--sizes 1024x700,1280x720] [--views host,join,lobby,table]

Everything runs on 127.0.0.1: two ``skat-desktop serve`` child processes (through the
window's own :class:`~skat_desktop.gui.lan_host.HostProcess`), scripted players
(:class:`~skat_desktop.net.scripted.Bot`) on an asyncio loop in a thread, and the real
:class:`~skat_desktop.gui.main_window.MainWindow` joining through its
:class:`~skat_desktop.gui.lan_link.LanLink`. The host the Join dialog finds is announced on
loopback only; the one played at is started with ``--no-announce``.

Writes ``<view>-<language>-<W>x<H>.png`` into ``DIR`` (default: a new temporary folder,
printed), the window at W x H and a dialog drawn over its middle with its title bar:

- ``host-dialog``: Game → Host a table… filled in (name, rules, seats, password);
- ``join-dialog``: Game → Join a table… with the announced host found by discovery (or,
  where loopback cannot multicast, its address typed);
- ``lobby``: two tables (one playing with two scripted players and a watcher, one waiting
  with a scripted player and this window seated), a chat line;
- ``table-play``: deal 2 at a table with two scripted players, a trick in play, the side
  panel's Table tab, "Deal 1 verified" in the status bar;
- ``table-waiting``: the same table while it waits for a dropped player to come back;
- ``table-deal-end``: the end of deal 1, "Deal 1 verified".

Each file's faults as ``tests/gui/fit_walk.py`` finds them (cut or overlapping) are printed
after its name. The dialogs are built anew per language (they are made in the language in
use); the table is played once and its situations are shown in every language. The hosts
and players are ended whatever happens; ``--timeout`` bounds the whole run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QCoreApplication, QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

from benchmarks.screenshots import Driver, make_window
from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver
from skat_desktop.engine.actions import Bid, Declare, Hold, Pass, PickUp
from skat_desktop.engine.cards import GameType
from skat_desktop.gui.i18n import install_translations
from skat_desktop.gui.lan_dialogs import OPEN, HostDialog, JoinDialog, Lobby
from skat_desktop.gui.lan_host import HostProcess
from skat_desktop.gui.lan_link import CONNECTED, LanLink
from skat_desktop.gui.main_window import LAN_TABLE, MainWindow
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.gui.table_header import current_bid
from skat_desktop.net.discovery import Browser
from skat_desktop.net.host import table_id
from skat_desktop.net.scripted import Bot, random_policy
from skat_desktop.store.repository import Store
from tests.gui.fit_walk import problems, settle_layout, widget_problems
from tests.gui.fit_walk import set_language as switch_language

LOOPBACK = "127.0.0.1"
VIEWS = ("host", "join", "lobby", "table")
PASSWORD = "geheim"
CLUB_HOST = "Club laptop"  # the announced host: the Join dialog and the lobby
TABLE_HOST = "Stammtisch laptop"  # the host played at (not announced)
CLUB = "Club evening"
BACK_ROOM = "Back room"
STAMMTISCH = "Stammtisch"
ME = "Anna"
CLUB_OPEN_SEATS = 2  # the back room's seats 2 and 3 while Dieter waits there
BID_LIMIT = 23  # bids a player at a friendly table makes without a great hand
TITLE_BAR = 26  # the title bar drawn above a dialog (offscreen windows have none)


class Deadline:
    """The whole run's time: every wait asks it, so the script ends in bounded time."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def pump(self, done: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
        """Process events until ``done()``; a short sleep in between leaves the bots'
        thread and the hosts the CPU (two cores are shared)."""
        until = min(self.end, time.monotonic() + seconds)
        while not done():
            if time.monotonic() > until:
                left = "the run's time is up" if time.monotonic() > self.end else "timed out"
                raise TimeoutError(f"{what}: {left}")
            QCoreApplication.processEvents()
            time.sleep(0.004)
        for _ in range(3):
            QCoreApplication.processEvents()


# ---------------------------------------------------------------------- the scripted players


def friendly_policy(hold: threading.Event | None = None):
    """A scripted player's choices as at a friendly table: bids low (never past
    :data:`BID_LIMIT`), takes the skat, declares a plain suit game or a Grand (no Hand, no
    announcement); otherwise a random legal move. While ``hold`` is set it keeps its move
    (the table waits for it)."""

    def choose(view, interjection: bool, rng):
        if hold is not None and hold.is_set() and not interjection:
            return None
        if interjection:
            return random_policy(view, interjection, rng)
        legal = view.legal
        if view.phase == "bidding":
            bids = sorted((a for a in legal if type(a) is Bid), key=lambda a: a.value)
            holds = [a for a in legal if type(a) is Hold]
            passes = [a for a in legal if type(a) is Pass]
            if bids and bids[0].value <= BID_LIMIT and rng.random() < 0.6:
                return bids[0]
            if holds and current_bid(view)[0] <= BID_LIMIT and rng.random() < 0.6:
                return holds[0]
            if passes:
                return passes[0]
        pick_up = [a for a in legal if type(a) is PickUp]
        if pick_up:
            return pick_up[0]
        plain = [
            a
            for a in legal
            if type(a) is Declare
            and (a.contract.game.is_suit or a.contract.game == GameType.GRAND)
            and not (a.contract.hand or a.contract.ouvert or a.contract.schneider_announced)
        ]
        if plain:
            return rng.choice(plain)
        return random_policy(view, interjection, rng)

    return choose


class Bots:
    """Scripted players on an asyncio loop in a thread of their own; :meth:`close` ends
    them all."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.bots: list[Bot] = []

    def run(self, coro, timeout: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def seat(self, name: str, port: int, table: str, seat: int | None, **kw: Any) -> Bot:
        bot = Bot(name, LOOPBACK, port, table=table, seat=seat, seed=len(self.bots), **kw)
        self.bots.append(bot)
        self.run(bot.start())
        return bot

    def say(self, bot: Bot, text: str) -> None:
        self.run(bot.send(bot.table.chat(text)))

    def drop(self, bot: Bot) -> None:
        """The player's connection is gone (no goodbye)."""
        self.run(bot.close(wait=False))

    def close(self) -> None:
        for bot in self.bots:
            with contextlib.suppress(Exception):
                self.run(bot.close(wait=False), 5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


# ---------------------------------------------------------------------- hosts


def start_hosts(
    deadline: Deadline,
    starts: Sequence[tuple[HostProcess, dict[str, Any]]],
    meanwhile: Callable[[], None] = lambda: None,
) -> None:
    """Start every host at once, do ``meanwhile`` while they start, and wait until each
    listens (or say why one did not)."""
    failed: list[str] = []
    for proc, kw in starts:
        proc.failed.connect(failed.append)
        proc.start(**kw)
    meanwhile()
    deadline.pump(
        lambda: failed or all(p.listening for p, _ in starts), "the hosts did not start", 40
    )
    if failed:
        raise SystemExit(f"a host could not start: {failed[0]}")


# ---------------------------------------------------------------------- pictures


def sizes_of(text: str) -> list[tuple[int, int]]:
    """``1024x700,1280x720`` as (width, height) pairs; a clear exit for anything else."""
    out: list[tuple[int, int]] = []
    for part in (p for p in text.split(",") if p):
        width, x, height = part.lower().partition("x")
        if not (x and width.isdigit() and height.isdigit()) or min(int(width), int(height)) < 200:
            raise SystemExit(f"--sizes: {part!r} is not a size like 1024x700")
        out.append((int(width), int(height)))
    if not out:
        raise SystemExit("--sizes: give at least one size like 1024x700")
    return out


def dialog_picture(dialog: QWidget) -> QPixmap:
    """The dialog with a plain title bar above it (its window title, as a desktop shows
    it: a title is translated text too)."""
    body = dialog.grab()
    out = QPixmap(body.width() + 2, body.height() + TITLE_BAR + 2)
    out.fill(QColor("#5a6270"))
    painter = QPainter(out)
    painter.setPen(QColor("#ffffff"))
    font = dialog.font()
    font.setBold(True)
    painter.setFont(font)
    painter.drawText(
        QRect(10, 1, body.width() - 20, TITLE_BAR),
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        dialog.windowTitle(),
    )
    painter.drawPixmap(1, TITLE_BAR + 1, body)
    painter.end()
    return out


def save(window: MainWindow, path: Path, dialog: QWidget | None = None) -> None:
    """The window (and ``dialog`` over its middle) into ``path``; its faults printed."""
    window.pictures.wait()
    settle_layout()
    picture = window.grab()
    found: list[str] = []
    if dialog is not None:
        top = dialog_picture(dialog)
        if top.width() > picture.width() or top.height() > picture.height():
            found.append(
                f"the dialog ({dialog.width()} x {dialog.height()}) is larger than the window"
            )
        painter = QPainter(picture)
        x = max(0, (picture.width() - top.width()) // 2)
        y = max(0, (picture.height() - top.height()) // 2)
        painter.drawPixmap(x, y, top)
        painter.setPen(QPen(QColor("#30343a"), 1))
        painter.drawRect(x, y, top.width() - 1, top.height() - 1)
        painter.end()
        found += widget_problems(dialog)
    else:
        found += problems(window)
    picture.save(str(path))
    print(path, flush=True)
    for line in found:
        print("   ", line, flush=True)


def fit(window: MainWindow, size: tuple[int, int], side: bool) -> None:
    """The window at ``size`` (as maximised on such a screen), the Table tab shown."""
    window.resize(*size)
    settle_layout()
    if side and window.lan_panel is not None:
        window.show_side_panel(LAN_TABLE)
    settle_layout()


@contextlib.contextmanager
def window_at(
    folder: Path, language: str, size: tuple[int, int], side: bool
) -> Iterator[MainWindow]:
    """A main window in ``language`` on a database of its own (as a player's is), closed
    with its database afterwards; ``side`` opens the side panel."""
    folder.mkdir(parents=True, exist_ok=True)
    store = Store.open(folder / "player.sqlite3")
    window = make_window(folder, size=size, store=store, language=language, side=side)
    try:
        yield window
    finally:
        window.close()
        wait_for_jobs()
        store.close()


# ---------------------------------------------------------------------- the dialogs


def host_dialog_shots(
    tmp: Path, out: Path, languages: list[str], sizes: list[tuple[int, int]]
) -> None:
    """Game → Host a table… filled in: four players under club rules, two seats for
    players from the network, a computer, a password."""
    for language in languages:
        with window_at(tmp / f"host-{language}", language, sizes[0], side=False) as window:
            dialog = HostDialog(window.settings, window.store, window)
            dialog.name.setText(ME)
            dialog.table_name.setText(STAMMTISCH)
            dialog.profile_box.setCurrentIndex(max(0, dialog.profile_box.findData("house")))
            dialog.four.setChecked(True)
            for box, kind in zip(dialog.seat_boxes, (OPEN, OPEN, "standard"), strict=True):
                box.setCurrentIndex(max(0, box.findData(kind)))
            dialog.deals.setValue(48)
            dialog.password.setText(PASSWORD)
            dialog.show()
            settle_layout()
            for size in sizes:
                fit(window, size, side=False)
                save(window, out / f"host-dialog-{language}-{size[0]}x{size[1]}.png", dialog)
            dialog.close()


class SharedBrowser:
    """One discovery browser for the Join dialogs of every language: each dialog shows
    what it found at once (a new browser would search anew), and closing a dialog does
    not end it."""

    def __init__(self) -> None:
        self.listeners: list[Callable[[], None]] = []
        self.browser = Browser(on_change=self._changed, interfaces=[LOOPBACK])
        self.error: str | None = None

    def _changed(self) -> None:
        for listen in list(self.listeners):
            with contextlib.suppress(RuntimeError):  # a dialog already gone
                listen()

    def factory(self, on_change: Callable[[], None]) -> SharedBrowser:
        self.listeners.append(on_change)
        return self

    def start(self) -> None:
        self.browser.start()

    def snapshot(self):
        self.error = self.browser.error
        return self.browser.snapshot()

    def close(self, timeout: float = 5.0) -> None:
        """A dialog closing: the browser goes on for the next one."""

    def end(self) -> None:
        self.browser.close(timeout=3.0)


def join_dialog_shots(
    tmp: Path,
    out: Path,
    languages: list[str],
    sizes: list[tuple[int, int]],
    deadline: Deadline,
    club_port: int,
) -> None:
    """Game → Join a table… with the announced host found on loopback and picked, its
    open seats as the scripted players left them (announced anew a few seconds later)."""
    shared = SharedBrowser()
    shared.start()

    def club(open_seats: int | None = None) -> bool:
        return any(
            h.port == club_port and open_seats in (None, h.open_seats) for h in shared.snapshot()
        )

    try:
        with contextlib.suppress(TimeoutError):
            deadline.pump(club, "discovery found no host", 12)
        found = club()
        if not found:
            print("(discovery on loopback found no host: the address is typed instead)")
        else:
            try:
                deadline.pump(lambda: club(CLUB_OPEN_SEATS), "the open seats", 12)
            except TimeoutError:
                print(f"(the host still announces other than {CLUB_OPEN_SEATS} open seats)")
        for language in languages:
            with window_at(tmp / f"join-{language}", language, sizes[0], side=False) as window:
                link = LanLink(window)
                try:
                    dialog = JoinDialog(
                        window.settings, link, window, browser_factory=shared.factory
                    )
                    dialog.name.setText(ME)
                    for i in range(dialog.hosts.topLevelItemCount()):
                        item = dialog.hosts.topLevelItem(i)
                        if item.text(1).endswith(f":{club_port}"):
                            dialog.hosts.setCurrentItem(item)
                    if not found:
                        dialog.address.setText(f"{LOOPBACK}:{club_port}")
                    dialog.show()
                    settle_layout()
                    for size in sizes:
                        fit(window, size, side=False)
                        name = f"join-dialog-{language}-{size[0]}x{size[1]}.png"
                        save(window, out / name, dialog)
                    dialog.close()
                finally:
                    link.close()
    finally:
        shared.end()


def lobby_shots(
    tmp: Path,
    out: Path,
    languages: list[str],
    sizes: list[tuple[int, int]],
    deadline: Deadline,
    club_port: int,
    bots: Bots,
    speaker: Bot,
) -> None:
    """The lobby of the announced host: "Club evening" played by two scripted players and
    a computer with a watcher, "Back room" with a scripted player and this window seated;
    a chat line. A window per language (the lobby is made in the language in use), which
    leaves its seat again afterwards (before the series the seat is free again)."""
    for language in languages:
        with window_at(tmp / f"lobby-{language}", language, sizes[0], side=True) as window:
            link = LanLink(window)
            link.joined.connect(window.set_table)  # as the window's own LanPlay hands it on
            try:
                lobby = Lobby(
                    link,
                    f"{CLUB_HOST} ({LOOPBACK}:{club_port})",
                    window,
                    auto_join=(BACK_ROOM, 1, PASSWORD),
                )
                lobby.show()
                link.open(LOOPBACK, club_port, ME)
                seat_in_lobby(lobby, window, link, deadline, bots, speaker)
                for size in sizes:
                    fit(window, size, side=True)
                    save(window, out / f"lobby-{language}-{size[0]}x{size[1]}.png", lobby)
                link.leave()
                lobby.close()
            finally:
                link.close()


def seat_in_lobby(
    lobby: Lobby, window: MainWindow, link: LanLink, deadline: Deadline, bots: Bots, speaker: Bot
) -> None:
    """Wait until the lobby seated the window at the back room, pick that table, let
    ``speaker`` say a line and the lobby hear the tables once more (the watcher, the seats)."""
    back_room = table_id(BACK_ROOM)
    deadline.pump(
        lambda: lobby.at == (back_room, 1) and window.table is link.remote,
        "the lobby did not seat the window",
    )
    for i in range(lobby.table_list.topLevelItemCount()):
        if lobby.table_list.topLevelItem(i).text(0) == BACK_ROOM:
            lobby.table_list.setCurrentItem(lobby.table_list.topLevelItem(i))
    line = "Good evening! Emil is watching the club table."
    if not speaker.table.chat_lines:  # said once: a table sends its last lines to a joiner
        bots.say(speaker, line)
    deadline.pump(lambda: line in lobby.chat_view.toPlainText(), "the chat line did not come")
    listed: list[object] = []

    def heard(tables: list) -> None:
        listed.append(tables)

    link.tablesChanged.connect(heard)
    lobby.refresh()
    deadline.pump(lambda: bool(listed), "the host did not list its tables", 10)
    link.tablesChanged.disconnect(heard)
    settle_layout()


# ---------------------------------------------------------------------- the table


class LanDriver(Driver):
    """The screenshots' driver at a networked table: each move is the host's to answer,
    and the player bids as at a friendly table (up to :data:`BID_LIMIT`)."""

    def __init__(self, window: MainWindow, deadline: Deadline) -> None:
        super().__init__(window)
        self.deadline = deadline
        # a moment that ends a wait as well as the player's next turn (another seat's turn)
        self.enough: Callable[[], bool] = lambda: False

    @property
    def port(self):
        return self.w.session.port

    def resting(self) -> bool:
        w, s = self.w, self.w.session
        return (
            s is not None
            and not w.scene.busy
            and not s.worker.busy("think")
            and not s._pending_advance
            and not s._redraw_due
            and not s.port.move_out
            and isinstance(s.need, (HumanTurn, DealOver, SeriesOver))
            and (not isinstance(s.need, DealOver) or w.host.current is w.deal_over)
        )

    def settle(self, timeout_ms: int = 30000) -> None:
        try:
            self.deadline.pump(
                lambda: self.resting() or self.enough(),
                "the table did not come to rest",
                timeout_ms / 1000,
            )
        except TimeoutError as e:
            raise TimeoutError(f"{e} ({self.state()})") from None
        self.w.pictures.wait()

    def state(self) -> str:
        """Where the table is, for a run that stopped."""
        s = self.w.session
        if s is None:
            return "no table"
        port, need = s.port, s.need
        phase = getattr(getattr(need, "view", None), "phase", getattr(need, "phase", ""))
        return (
            f"{type(need).__name__} {phase}, deal {port.deal_number}, turn {port.client.turn},"
            f" move out {port.move_out}, scene busy {self.w.scene.busy},"
            f" problems {list(port.client.problems)[-2:]}"
        )

    def human_step(self, bid_on: bool = True) -> None:
        need, port = self.need, self.port
        if isinstance(need, SeriesOver):
            raise RuntimeError("the series ended before the situation came")
        if isinstance(need, DealOver):
            number = port.deal_number
            self.w.deal_over.next_button.click()
            self.deadline.pump(lambda: port.deal_number != number, "the next deal did not come")
            self.settle()
            return
        if not isinstance(need, HumanTurn):
            self.settle()
            return
        before = len(port.actions)
        if need.view.phase == "bidding" and not need.interjection:
            bids = [a.value for a in need.legal if type(a) is Bid]
            hold = any(type(a) is Hold for a in need.legal)
            bidding = self.w.bidding
            if bids and min(bids) <= BID_LIMIT:
                bidding.bid_button.click()
            elif hold and current_bid(need.view)[0] <= BID_LIMIT:
                bidding.hold_button.click()
            else:
                bidding.pass_button.click()
        else:
            super().human_step(bid_on)  # pick up, put down, declare, play, no Kontra

        def answered() -> bool:
            now = self.need
            if len(port.actions) > before or port.client.deal_over:
                return True
            return need.interjection and not (isinstance(now, HumanTurn) and now.interjection)

        self.deadline.pump(answered, "the host did not take the move")
        self.settle()


def table_shots(
    tmp: Path,
    out: Path,
    languages: list[str],
    sizes: list[tuple[int, int]],
    deadline: Deadline,
    port: int,
    bots: Bots,
) -> None:
    """The window at seat 1 of a table with two scripted players: the end of deal 1,
    deal 2 in play, then the table waiting for a player whose connection dropped."""
    app = QApplication.instance()

    def shots(window: MainWindow, name: str) -> None:
        for language in languages:
            switch_language(app, language)
            for size in sizes:
                fit(window, size, side=True)
                save(window, out / f"{name}-{language}-{size[0]}x{size[1]}.png")
        switch_language(app, languages[0])

    with window_at(tmp / "table", languages[0], sizes[-1], side=True) as window:
        link = LanLink(window)
        link.joined.connect(window.set_table)
        hold = threading.Event()
        try:
            play_table(window, link, deadline, port, bots, hold, shots)
        finally:
            hold.clear()
            switch_language(app, "en")
            link.close()


def play_table(
    window: MainWindow,
    link: LanLink,
    deadline: Deadline,
    port: int,
    bots: Bots,
    hold: threading.Event,
    shots: Callable[[MainWindow, str], None],
) -> None:
    """Join, play deal 1 to its end, deal 2 to a trick in play, then let the scripted
    player whose turn comes next drop out; ``shots`` at each of these moments."""
    table = table_id(STAMMTISCH)
    link.open(LOOPBACK, port, ME)
    deadline.pump(lambda: link.state == CONNECTED, "no connection to the table's host")
    link.join(table, 0)
    deadline.pump(lambda: window.table is not None, "the window did not sit down")
    remote = window.table
    seated = {
        seat: bots.seat(name, port, table, seat, policy=friendly_policy(hold), timeout=20)
        for seat, name in ((1, "Bernd"), (2, "Carla"))
    }
    driver = LanDriver(window, deadline)
    driver.until(lambda: isinstance(driver.need, DealOver) and remote.client.deal_over)
    number = remote.deal_number
    deadline.pump(lambda: remote.verdicts.get(number) is not None, "the deal was not checked")
    driver.settle()
    shots(window, "table-deal-end")

    def trick_in_play() -> bool:
        need = driver.need
        return (
            isinstance(need, HumanTurn)
            and not need.interjection
            and remote.deal_number > number
            and need.view.phase == "play"
            and len(need.view.trick) >= 1
            and len(need.view.tricks) >= 1
        )

    driver.until(trick_in_play, limit=300)
    shots(window, "table-play")

    # the scripted players keep their moves; the one whose turn comes drops out
    hold.set()

    def bot_on_turn() -> int | None:
        turn = remote.client.turn
        if turn is None or turn[1] or remote.move_out or turn[0] not in seated:
            return None
        return turn[0]

    driver.enough = lambda: bot_on_turn() is not None
    for _ in range(40):
        if bot_on_turn() is not None:
            break
        driver.human_step()
    away = bot_on_turn()
    if away is None:
        raise RuntimeError("no scripted player came on turn")
    bots.drop(seated[away])
    name = remote.names[away]
    deadline.pump(
        lambda: (
            remote.client.waiting_for == away
            and window.lan_label.isVisible()
            and name in window.turn_label.text()
        ),
        "the table did not say whom it waits for",
    )
    shots(window, "table-waiting")


# ---------------------------------------------------------------------- the run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="folder for the PNG files (default: a new temporary one)")
    ap.add_argument("--languages", default="en,de", help="e.g. en,de")
    ap.add_argument("--sizes", default="1024x700,1280x720", help="window sizes, e.g. 1024x700")
    ap.add_argument("--views", default=",".join(VIEWS), help=f"a subset of {','.join(VIEWS)}")
    ap.add_argument("--timeout", type=float, default=170.0, help="seconds for the whole run")
    args = ap.parse_args(argv)
    languages = [x for x in args.languages.split(",") if x]
    sizes = sizes_of(args.sizes)
    views = [x for x in args.views.split(",") if x]
    unknown = sorted(set(views) - set(VIEWS))
    if args.timeout <= 0:
        raise SystemExit("--timeout must be a positive number of seconds")
    if unknown or not views or not languages:
        raise SystemExit(f"--views: {unknown[0] if unknown else args.views!r} is not a view")
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="skat-lan-shots-"))
    out.mkdir(parents=True, exist_ok=True)
    print(f"pictures in {out}", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="skat-lan-work-"))
    deadline = Deadline(args.timeout)
    started = time.monotonic()

    app = QApplication.instance()
    if app is None:  # the window's own application (named for its settings)
        from skat_desktop.gui.app import create_application

        app = create_application()
    club = HostProcess()  # announced on loopback: the Join dialog finds it
    stammtisch = HostProcess()  # not announced: the table played at
    bots = Bots()
    try:
        starts = []
        if {"join", "lobby"} & set(views):
            specs = [
                f"name={CLUB},profile=isko,seats=open+open+beginner,deals=36",
                f"name={BACK_ROOM},profile=house,seats=open+open+open+beginner,deals=48",
            ]
            starts.append(
                (
                    club,
                    dict(
                        tables=specs,
                        db=tmp / "club-host.sqlite3",
                        name=CLUB_HOST,
                        password=PASSWORD,
                        listen=LOOPBACK,
                        port=0,
                        announce="join" in views,
                    ),
                )
            )
        if "table" in views:
            spec = f"name={STAMMTISCH},profile=isko,seats=open+open+open,deals=6"
            starts.append(
                (
                    stammtisch,
                    dict(
                        tables=[spec + ",grace=600,substitute=off"],
                        db=tmp / "table-host.sqlite3",
                        name=TABLE_HOST,
                        listen=LOOPBACK,
                        port=0,
                        announce=False,
                    ),
                )
            )

        def host_dialog() -> None:  # no host needed: shown while the hosts start
            if "host" in views:
                host_dialog_shots(tmp, out, languages, sizes)

        start_hosts(deadline, starts, host_dialog)
        if club.listening:
            club_port = club.port
            assert club_port is not None
            slow = {"password": PASSWORD, "think": (0.6, 1.5), "timeout": 20}
            bots.seat("Bernd", club_port, table_id(CLUB), 0, **slow)
            bots.seat("Carla", club_port, table_id(CLUB), 1, **slow)
            bots.seat("Emil", club_port, table_id(CLUB), None, **slow)
            dieter = bots.seat("Dieter", club_port, table_id(BACK_ROOM), 0, **slow)
            if "join" in views:
                join_dialog_shots(tmp, out, languages, sizes, deadline, club_port)
            if "lobby" in views:
                lobby_shots(tmp, out, languages, sizes, deadline, club_port, bots, dieter)
        if stammtisch.listening:
            assert stammtisch.port is not None
            table_shots(tmp, out, languages, sizes, deadline, stammtisch.port, bots)
    except (TimeoutError, RuntimeError) as e:
        print(f"screenshots_lan: error: {e}", file=sys.stderr)
        return 1
    finally:
        bots.close()
        for proc in (club, stammtisch):
            proc.stop()
        install_translations(app, "en")
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"done in {time.monotonic() - started:.0f} s; pictures in {out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
