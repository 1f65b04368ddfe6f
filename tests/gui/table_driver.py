"""A test player that plays through the real widgets: mouse clicks and key presses.

Shared by the table tests; it only clicks what a player could click (panel buttons, the
card pictures in the view) and waits for the table to come to rest in between.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QPushButton

from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver
from skat_desktop.engine.actions import Bid, Double, Hold, Play
from skat_desktop.gui.main_window import MainWindow
from skat_desktop.gui.settings import NewGameChoices, Settings

WAIT_MS = 20000


def make_settings(tmp_path, speed: int = 0) -> Settings:
    settings = Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    settings.animation_speed = speed
    settings.color_scheme = "light"
    return settings


def make_window(qtbot, tmp_path, store=None, size=(1280, 800), speed: int = 0) -> MainWindow:
    window = MainWindow(make_settings(tmp_path, speed), store, synchronous_pictures=True)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def set_view_size(qtbot, window: MainWindow, width: int, height: int) -> None:
    """Resize the window so that the table view is exactly ``width`` x ``height``."""
    for _ in range(3):
        extra = window.size() - window.view.size()
        window.resize(width + extra.width(), height + extra.height())
        qtbot.waitUntil(lambda: window.view.width() > 0)
        if (window.view.width(), window.view.height()) == (width, height):
            return


def start(window: MainWindow, profile="isko", seats=None, length=3, practice=False, seed=7):
    """Start a series; ``profile`` is a built-in name or a RuleProfile."""
    seats = seats or ["human", "beginner", "random"]
    name = profile if isinstance(profile, str) else profile.name
    choices = NewGameChoices("Anna", list(seats), name, length, practice)
    rules = None if isinstance(profile, str) else profile
    assert window.start_game(choices, seed=seed, profile=rules)


class TablePlayer:
    """Plays the human's seat with the mouse (or the keyboard) and a random policy."""

    def __init__(self, qtbot, window: MainWindow, seed: int = 0, keyboard: bool = False):
        self.qtbot = qtbot
        self.w = window
        self.rng = random.Random(seed)
        self.keyboard = keyboard
        self.bid_limit = 30
        self.always_pass = False
        self.kontra = 0.0
        self.cards_played = 0
        self.seen_kinds: set[str] = set()

    @property
    def need(self):
        return self.w.session.need

    def resting(self) -> bool:
        s = self.w.session
        return (
            s is not None
            and not self.w.scene.busy
            and not s.worker.busy("think")
            and not s._pending_advance
            and isinstance(s.need, (HumanTurn, DealOver, SeriesOver))
        )

    def settle(self) -> None:
        self.qtbot.waitUntil(self.resting, timeout=WAIT_MS)

    # ------------------------------------------------------------------ low level

    def click(self, button: QPushButton) -> None:
        """Click ``button`` once it has its place: a panel just shown may not be laid out
        yet (0 px wide: a click there misses, as a player's would)."""
        self.qtbot.waitUntil(lambda: not button.size().isEmpty(), timeout=WAIT_MS)
        assert button.isVisible() and button.isEnabled(), button.text()
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    def alt(self, letter: str) -> None:
        """Press Alt+letter (a mnemonic); buttons answer a moment later (animateClick)."""
        key = getattr(Qt.Key, f"Key_{letter.upper()}")
        self.qtbot.keyClick(self.w.view, key, Qt.KeyboardModifier.AltModifier)

    def key(self, key: Qt.Key) -> None:
        self.qtbot.keyClick(self.w.view, key)

    def click_card(self, card: int) -> None:
        scene = self.w.scene
        point = scene.click_point(card)
        assert point is not None, f"card {card} cannot be reached"
        pos = self.w.view.mapFromScene(point)
        self.qtbot.mouseClick(self.w.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(pos))

    def press(self, button: QPushButton, letter: str) -> None:
        """Press a panel button with the mouse, or its mnemonic with the keyboard."""
        if self.keyboard:
            assert button.isVisible() and button.isEnabled(), button.text()
            before = self.w.session.ctl.actions, self.w.session.need, self.w.host.current
            self.alt(letter)
            self.qtbot.waitUntil(
                lambda: (
                    (self.w.session.ctl.actions, self.w.session.need, self.w.host.current) != before
                    or not self.resting()
                ),
                timeout=WAIT_MS,
            )
        else:
            self.click(button)

    # ------------------------------------------------------------------ decisions

    def step(self) -> bool:
        """One decision of the human; False once the series is over."""
        self.settle()
        w = self.w
        need = self.need
        if isinstance(need, SeriesOver) and w.host.current is w.series_over:
            return False
        if isinstance(need, (DealOver, SeriesOver)):
            r = w.session.ctl.view_for(w.session.bottom).result
            if r is not None:
                self.seen_kinds.add(r.kind)
            if self.keyboard:
                before = w.session.ctl.deal_number, w.host.current
                self.key(Qt.Key.Key_Return)
                self.qtbot.waitUntil(
                    lambda: (w.session.ctl.deal_number, w.host.current) != before, timeout=WAIT_MS
                )
            else:
                self.click(w.deal_over.next_button)
            return True
        assert isinstance(need, HumanTurn)
        if need.interjection:
            if self.rng.random() < self.kontra and any(type(a) is Double for a in need.legal):
                self.press(w.interjection.say, "KROR"[need.legal[0].level - 1])
            else:
                self.press(w.interjection.no, "N")
            return True
        phase = need.view.phase
        if phase == "bidding":
            self._bid(need)
        elif phase == "skat":
            if self.rng.random() < 0.2:
                self.press(w.skat_panel.hand, "N")
                self.settle()
                self.press(w.declare_panel.declare, "D")
            else:
                self.press(w.skat_panel.pick_up, "P")
        elif phase == "discard":
            self._discard(need)
        elif phase == "ramsch_offer" and self.rng.random() < 0.5:
            self.press(w.declare_panel.pass_button, "M")
        elif phase in ("declare", "ramsch_offer"):
            self.press(w.declare_panel.declare, "D")
        elif phase == "schieben":
            if w.host.current is w.schieben and self.rng.random() < 0.5:
                self.press(w.schieben.take, "T")
            elif w.host.current is w.schieben:
                self.press(w.schieben.push, "U")
            else:
                self._discard(need)
        elif phase == "play":
            self._play(need)
        else:
            raise AssertionError(f"unexpected phase {phase}")
        return True

    def _bid(self, need: HumanTurn) -> None:
        w = self.w
        bids = [a.value for a in need.legal if type(a) is Bid]
        hold = any(type(a) is Hold for a in need.legal)
        go_on = not self.always_pass and self.rng.random() < 0.7
        if go_on and bids and bids[0] <= self.bid_limit:
            if self.keyboard:
                option = w.bidding.values.isHidden()  # forehand's option: "Play 18"
                self.press(w.bidding.bid_button, "L" if option else "B")
            else:
                self.click(w.bidding.bid_button)
        elif go_on and hold and need.view.bid <= self.bid_limit:
            self.press(w.bidding.hold_button, "Y")
        else:
            self.press(w.bidding.pass_button, "P")

    def _discard(self, need: HumanTurn) -> None:
        w = self.w
        scene = w.scene
        if self.keyboard:
            for _ in range(2):
                self.key(Qt.Key.Key_Right)
                self.key(Qt.Key.Key_Return)
                self.qtbot.waitUntil(lambda: not scene.busy, timeout=WAIT_MS)
        else:
            choices = [c for c in scene.bottom_order() if scene.discardable >> c & 1]
            for c in self.rng.sample(choices, 2):
                self.click_card(c)
                self.qtbot.waitUntil(lambda: not scene.busy, timeout=WAIT_MS)
        assert len(scene.discard) == 2
        self.press(w.discard_panel.put_down, "P")

    def _play(self, need: HumanTurn) -> None:
        plays = [a.card for a in need.legal if type(a) is Play]
        before = len(self.w.session.ctl.actions)
        if self.keyboard:
            steps = self.rng.randrange(len(plays))
            self.key(Qt.Key.Key_Right)
            for _ in range(steps):
                self.key(Qt.Key.Key_Right)
            self.key(Qt.Key.Key_Return)
        else:
            self.click_card(self.rng.choice(plays))
        self.qtbot.waitUntil(
            lambda: len(self.w.session.ctl.actions) > before or self.w.session.ctl.deal.finished,
            timeout=WAIT_MS,
        )
        self.cards_played += 1

    def turn(self, phase: str, limit: int = 600, until=lambda need: True) -> HumanTurn:
        """Play on until the human is asked to act in ``phase`` (a card in "play", not a
        Kontra) where ``until(need)`` holds too; that turn."""
        for _ in range(limit):
            self.settle()
            need = self.need
            if (
                isinstance(need, HumanTurn)
                and need.view.phase == phase
                and not (phase == "play" and need.interjection)
                and until(need)
            ):
                return need
            self.step()
        raise AssertionError(f"the human never came to act in {phase!r}")

    def play_deal(self, limit: int = 400) -> None:
        """Play on until the deal is over (its end-of-deal panel is up)."""
        for _ in range(limit):
            self.settle()
            if isinstance(self.need, DealOver):
                return
            self.step()
        raise AssertionError("the deal did not end")

    def play_series(self, limit: int = 2000) -> None:
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError("the series did not end")
