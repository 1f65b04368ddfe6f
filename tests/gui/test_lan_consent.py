"""A declarer's late concession with a defender's consent, in the windows (issue 24; ISkO
4.3.2, RULES.md §5.9): after the first trick the declarer may give up only if a defender
agrees, and that word is the defender's, given at his own laptop.

A real :class:`~skat_desktop.net.hosted_table.HostedTable` in this process (three open
seats, a fake clock) and two real MainWindows, Anna's and Ben's, each playing through its
own :class:`~skat_desktop.net.remote.RemoteTable`; Cleo's seat is played by the test.
Every frame goes through bytes, as off a socket (``net/test_remote.Seat``).
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from skat_desktop.app.port import ConsentPort, LocalTable
from skat_desktop.app.table import DealOver, HumanTurn
from skat_desktop.engine.actions import Bid, Concede, Declare, Hold, Pass, Play
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.net import fairness
from skat_desktop.net.computers import ComputerPool
from skat_desktop.net.hosted_table import CONSENT_S, HostedTable, TableConfig
from skat_desktop.net.remote import RemoteTable

from .fit_walk import set_language, settle_layout, widget_problems
from .table_driver import WAIT_MS, make_window, start

NAMES = ("Anna", "Ben", "Cleo")


@pytest.fixture(autouse=True)
def same_deals(monkeypatch):
    """The host's secrets and the players' bytes from a seeded generator: the same deal in
    every run (the game plays out the same way whatever the cards, but a failure repeats)."""
    rng = random.Random(24)
    monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
    monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))


class Club:
    """The host and three players' connections (``net/test_remote.Seat``)."""

    def __init__(self) -> None:
        from net.test_remote import TABLE, Clock, Seat

        self.clock = Clock()
        config = TableConfig(
            "Club", BUILTIN["isko"], ["open"] * 3, 2, first_seed=5, substitute_after_s=None
        )
        self.table = HostedTable(TABLE, config, None, ComputerPool(0), self.clock)
        self.seats = [Seat(self.table, name, i) for i, name in enumerate(NAMES)]
        for s in self.seats:
            s.join()
            self.settle()

    def port(self, seat: int) -> RemoteTable:
        return self.seats[seat].port

    def settle(self) -> None:
        for _ in range(1000):
            if not any([s.deliver() for s in self.seats]):
                return
        raise AssertionError("the frames never stopped")

    def late_in_annas_game(self) -> int:
        """Play the deal through the ports until Anna, declarer of a hand game, is on turn
        with eight cards or fewer (she may give up now only with consent); her position."""
        for _ in range(200):
            self.settle()
            anna = self.port(0)
            need = anna.request()
            view = anna.view_for(0)
            if (
                isinstance(need, HumanTurn)
                and view.phase == "play"
                and view.declarer == view.position
                and view.hand.bit_count() <= 8
            ):
                return view.position
            for s, seat in enumerate(self.seats):
                port = seat.port
                need = port.request()
                if not isinstance(need, HumanTurn):
                    continue
                legal = need.legal
                if need.interjection:
                    port.decline(s)
                elif need.view.phase == "bidding":
                    bids = [a for a in legal if type(a) in (Bid, Hold)]
                    port.apply(bids[0] if s == 0 and bids else Pass(need.view.position))
                elif need.view.phase == "skat":
                    port.apply(
                        next(
                            a
                            for a in legal
                            if type(a) is Declare
                            and not a.contract.ouvert
                            and a.contract.game.name != "NULL"
                        )
                    )
                else:
                    port.apply(next(a for a in legal if type(a) is Play))
                break
        raise AssertionError("Anna never came to a late turn in her game")


def seated_window(qtbot, tmp_path, club: Club, seat: int):
    folder = tmp_path / NAMES[seat]
    folder.mkdir()
    window = make_window(qtbot, folder, store=None, size=(1024, 700))
    window.set_table(club.port(seat))
    return window


def wait(qtbot, club: Club, done) -> None:
    """Deliver the host's frames and let the windows work until ``done()``."""

    def check() -> bool:
        club.settle()
        return done()

    qtbot.waitUntil(check, timeout=WAIT_MS)


def menu_texts(window) -> list[str]:
    menu = window.play_panel.ask_menu
    menu.aboutToShow.emit()  # as the menu opens: who can be asked now
    return [a.text() for a in menu.actions()]


def ask(window, name: str) -> None:
    menu = window.play_panel.ask_menu
    menu.aboutToShow.emit()
    (entry,) = [a for a in menu.actions() if a.text() == f"Ask {name} to agree…"]
    entry.trigger()


def asked(window) -> bool:
    return window.host.current is window.consent_panel and window.consent_panel.isVisible()


def annas_turn(window) -> bool:
    """Anna's turn, shown: the window asked the table since it last changed."""
    need = window.session.need
    return (
        isinstance(need, HumanTurn)
        and need == window.table.request()
        and window.host.current is window.play_panel
        and not window.scene.busy
    )


def test_a_late_concession_is_put_to_a_defender_who_answers_in_his_window(qtbot, qapp, tmp_path):
    club = Club()
    anna = seated_window(qtbot, tmp_path, club, 0)
    ben = seated_window(qtbot, tmp_path, club, 1)
    try:
        position = club.late_in_annas_game()
        deal = club.table.controller.deal
        seats = deal.setup.seats
        ben_pos, cleo_pos = seats.index(1), seats.index(2)
        wait(qtbot, club, lambda: annas_turn(anna))
        bar = anna.play_panel
        # without consent she may not give up now: "Give up…" asks a defender instead
        assert not bar.concede_button.isVisible() and bar.ask_button.isVisible()
        assert sorted(menu_texts(anna)) == ["Ask Ben to agree…", "Ask Cleo to agree…"]

        # Ben is asked: the question bar in his window, the status line in Anna's
        ask(anna, "Ben")
        wait(qtbot, club, lambda: asked(ben))
        assert ben.consent_panel.note.text() == "Anna wants to give up the game. Agree?"
        assert ben.turn_label.text() == "Agree, or play on"
        assert anna.turn_label.text() == "Anna concedes; waiting for Ben to agree…"
        assert not anna.play_panel.ask_button.isVisible()
        # in a longer language the bar still fits the table at 1024x700; the question
        # stays over a language switch (the panels are built anew)
        set_language(qapp, "pseudo")
        try:
            settle_layout()
            assert asked(ben) and ben.consent_panel.play_on.text().startswith("[&Play on")
            assert not widget_problems(ben.host), widget_problems(ben.host)
        finally:
            set_language(qapp, "en")
        assert asked(ben)

        # Enter answers "play on" (nothing ends by a stray key): Anna plays on
        ben.view.setFocus()
        qtbot.keyClick(ben.view, Qt.Key.Key_Return)
        wait(qtbot, club, lambda: annas_turn(anna) and not asked(ben))
        assert not deal.finished and club.port(0).concession is None
        for window in (anna, ben):
            assert window.statusBar().currentMessage() == "Ben did not agree: play on"
        assert anna.play_panel.ask_button.isVisible()

        # Cleo is asked and does not answer in time: it lapses, Anna plays on; Ben (not
        # asked) sees only the status line meanwhile
        ask(anna, "Cleo")
        wait(qtbot, club, lambda: club.port(1).concession == (0, 2))
        wait(qtbot, club, lambda: "waiting for Cleo" in ben.turn_label.text())
        assert not asked(ben) and ben.host.current is ben.play_panel
        club.clock.now += CONSENT_S
        club.table.tick_timers()
        wait(qtbot, club, lambda: annas_turn(anna))
        assert anna.statusBar().currentMessage() == "Cleo did not agree: play on"

        # Cleo's connection goes: she cannot be asked any more (only a player who is
        # there can agree); a concession put to her all the same is the host's to refuse,
        # said in the player's language
        from skat_desktop.gui.session import move_refusal

        club.table.disconnected(club.seats[2].peer)
        club.seats[2].away = True
        wait(qtbot, club, lambda: menu_texts(anna) == ["Ask Ben to agree…"])
        anna.apply_action(Concede(position, agreed_by=cleo_pos))
        wait(qtbot, club, lambda: anna.statusBar().currentMessage() == move_refusal("not_now"))
        assert not deal.finished

        # Ben agrees: the game is given up, with his consent in the record
        wait(qtbot, club, lambda: annas_turn(anna))
        ask(anna, "Ben")
        wait(qtbot, club, lambda: asked(ben))
        qtbot.mouseClick(ben.consent_panel.agree, Qt.MouseButton.LeftButton)
        wait(qtbot, club, lambda: isinstance(anna.session.need, DealOver))
        wait(qtbot, club, lambda: isinstance(ben.session.need, DealOver))
        assert deal.finished and deal.actions[-1] == Concede(position, agreed_by=ben_pos)
        assert anna.statusBar().currentMessage() == "Ben agreed: the game is given up"
        assert not asked(ben)
    finally:
        anna.close()
        ben.close()


def test_an_answer_that_cannot_go_is_said_and_the_question_goes_with_the_host(qtbot, tmp_path):
    """The host gone while Ben is asked: no question is left standing (the host lets the
    concession lapse when a player goes, and shows one still asked again on rejoin); an
    answer that cannot reach the host is refused in words, not lost."""
    club = Club()
    anna = seated_window(qtbot, tmp_path, club, 0)
    ben = seated_window(qtbot, tmp_path, club, 1)
    try:
        club.late_in_annas_game()
        wait(qtbot, club, lambda: annas_turn(anna))
        ask(anna, "Ben")
        wait(qtbot, club, lambda: asked(ben))
        port = club.port(1)
        port.set_connected(False)  # as the link does when the connection drops
        assert port.concession is None and club.port(0).concession == (0, 1)
        ben.consent_panel.agree.click()  # clicked in the same moment
        assert ben.statusBar().currentMessage() == (
            "The host is not connected: wait until the table is back."
        )
        ben.session.schedule()
        wait(qtbot, club, lambda: not asked(ben))
        assert not club.table.controller.deal.finished
    finally:
        anna.close()
        ben.close()


def test_a_local_table_asks_nobody(qtbot, tmp_path):
    """At a local table the computers do not consent: its port is no ConsentPort, so the
    play bar never offers to ask (a remote table is one)."""
    window = make_window(qtbot, tmp_path)
    start(window, seats=["human", "random", "random"])
    assert isinstance(window.table, LocalTable) and not isinstance(window.table, ConsentPort)
    assert isinstance(Club().port(0), ConsentPort)
    window.close()
