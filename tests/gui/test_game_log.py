"""The game log (gui/game_log.py): the deal at the table as lines of text that a screen
reader follows -- and never a card the seat at the window may not know."""

from __future__ import annotations

import random
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from skat_desktop.app.port import HiddenDiscard, LocalTable, Waiting
from skat_desktop.app.table import (
    ActionApplied,
    DealOver,
    SeatSpec,
    SeriesOver,
    TableController,
)
from skat_desktop.engine.actions import Bid, Declare, Discard, Pass, PickUp, Play, action_from_dict
from skat_desktop.engine.cards import FULL_DECK, POINTS
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import BUILTIN, HOUSE
from skat_desktop.engine.series import Series
from skat_desktop.engine.view import SeatView, actions_for, seat_view
from skat_desktop.gui import game_log, game_words
from skat_desktop.gui.game_log import DEAL, PLAY, SPOKEN, TRICK, GameLog, Speech

SCHIEBE = HOUSE.copy(
    "house_schieben", "House with Schieberamsch", all_pass="schieberamsch", ramsch_grand_hand=True
)


def cards_named(lines) -> int:
    """The cards the lines name (as the log writes them: ♣J, ♥10...), as a mask."""
    text = "\n".join(lines)
    found = 0
    for c in range(32):
        if game_words.card_text(c) in text:
            found |= 1 << c
    return found


def cards_said(log: GameLog) -> int:
    """The cards a log names, shown (♣J) or said to a screen reader (Jack of Clubs)."""
    with game_words.spoken_cards():
        said = cards_named(log.spoken_lines)
    return cards_named(log.lines) | said


def card_list(mask: int) -> list[str]:
    return [game_words.card_text(c) for c in range(32) if mask >> c & 1]


class Known:
    """What table ``seat`` may know of the deal in play, worked out from the deal itself:
    the cards it has held (its hand, the skat once it took it), the cards played, an
    ouvert declarer's hand once declared, everything once the deal is over."""

    def __init__(self, ctl: TableController, seat: int):
        self.ctl, self.seat = ctl, seat
        self.deal, self.held = None, 0

    def now(self) -> int:
        deal = self.ctl.deal
        if deal is None:
            return 0
        if deal is not self.deal:
            self.deal, self.held = deal, 0
        if deal.finished:
            return FULL_DECK
        seats = deal.setup.seats
        if self.seat in seats:
            self.held |= deal.hands[seats.index(self.seat)]
        public = 0
        for a in deal.actions:
            if type(a) is Play:
                public |= 1 << a.card
        if deal.contract is not None and deal.contract.ouvert and deal.phase.value == "play":
            public |= deal.hands[deal.declarer]
        return self.held | public


def play_series(ctl: TableController, port: LocalTable, rng: random.Random, each_step) -> None:
    """Play the series through the port: the human seat at random, the computers think."""
    for _ in range(4000):
        need = port.request()
        if isinstance(need, SeriesOver):
            return
        if isinstance(need, DealOver):
            port.next_deal()
        elif isinstance(need, Waiting):
            assert port.local.submit(port.local.think_job(need)(None))
        elif need.interjection:
            if rng.random() < 0.3:
                port.apply(need.legal[0])
            else:
                port.decline(need.seat)
        else:
            legal = list(need.legal)
            bids = [a for a in legal if type(a) is Bid]
            pick_up = [a for a in legal if type(a) is PickUp]
            if bids and rng.random() < 0.8:  # the human often declares: his own discard
                port.apply(bids[0])
            elif pick_up and rng.random() < 0.8:
                port.apply(pick_up[0])
            else:
                port.apply(rng.choice(legal))
        each_step()
    raise AssertionError("the series did not end")


# ---------------------------------------------------------------------- what the log says


def test_the_log_tells_the_deal_from_the_deal_to_the_result(qtbot):
    ctl = TableController(
        BUILTIN["isko"],
        [SeatSpec.human("Anna"), SeatSpec.computer("random"), SeatSpec.computer("beginner")],
        seed=3,
        deals_planned=4,
    )
    port = LocalTable(ctl)
    log = GameLog()
    qtbot.addWidget(log)
    log.follow_table(port)
    port.add_listener(log.table_event)
    finished: list[tuple[Deal, tuple[str, ...]]] = []

    def step() -> None:
        deal = ctl.deal
        if deal is not None and deal.finished and (not finished or finished[-1][0] is not deal):
            finished.append((deal, log.lines))

    play_series(ctl, port, random.Random(4), step)
    assert len(finished) == 4
    for deal, lines in finished:
        seats = deal.setup.seats

        def name(pos: int, seats=seats) -> str:
            return ctl.names[seats[pos]]

        dealer = ctl.names[deal.setup.dealer]
        assert lines[0].startswith("Deal ") and lines[0].endswith(f"dealt by {dealer}")
        plays = [a for a in deal.actions if type(a) is Play]
        for i, a in enumerate(plays):  # every card, by whom, in its trick
            line = f"Trick {i // 3 + 1}: {name(a.player)} plays {game_words.card_text(a.card)}"
            assert line in lines
        for a in deal.actions:
            if type(a) in (Bid, Pass):
                assert game_words.action_text(a, name) in lines
            if type(a) is Declare:  # with its announcements: "Clubs Hand Schneider announced"
                said = f"{name(a.player)} declares {game_words.contract_text(a.contract)}"
                assert said in lines
        takes = [t for t in lines if " takes the trick: " in t]
        assert len(takes) == len(deal.tricks)
        for (_, cards, winner), line in zip(deal.tricks, takes, strict=True):
            points = sum(POINTS[c] for c in cards)
            plural = "" if points == 1 else "s"
            assert line == f"{name(winner)} takes the trick: {points} point{plural}"
        r = deal.result
        if r.kind == "game":
            verb = "wins" if r.game.won else "loses"
            assert any(t.startswith(f"{name(r.declarer)} {verb} ") for t in lines)
            assert f"Score: {game_words.signed(r.game.score)}" in lines
        elif r.kind == "passed_in":
            assert "Passed in: nobody plays this deal" in lines
        assert lines[-1].startswith("The skat was ")  # the deal is over: open to all


@pytest.mark.parametrize(
    ("profile", "size", "seed"),
    [(BUILTIN["isko"], 3, 11), (SCHIEBE, 3, 12), (BUILTIN["house"], 4, 13), (SCHIEBE, 4, 14)],
)
def test_no_line_names_a_card_the_seat_may_not_know(qtbot, profile, size, seed):
    """Every seat's log (the human's, and a log kept for each computer's seat too: the
    port shows the human his own discard, which the other seats' logs must not name) is
    checked after every move against what that seat may know (RULES.md §5)."""
    rng = random.Random(seed)
    specs = [SeatSpec.human("Anna")] + [SeatSpec.computer("random")] * (size - 1)
    rng.shuffle(specs)
    ctl = TableController(profile, specs, seed=seed, deals_planned=6)
    port = LocalTable(ctl)
    logs, known = [], []
    for seat in range(size):
        log = GameLog(seat=seat)
        qtbot.addWidget(log)
        log.follow_table(port)
        port.add_listener(log.table_event)
        logs.append(log)
        known.append(Known(ctl, seat))
    discards = {"own": 0, "hidden": 0}

    def check() -> None:
        for seat, log in enumerate(logs):
            leak = cards_said(log) & ~known[seat].now()
            assert not leak, f"seat {seat}'s log names {card_list(leak)}: {log.spoken_lines}"
            deal = ctl.deal
            if deal is not None and not deal.finished:
                for line in log.lines:
                    if line.endswith(" into the skat"):
                        discards["hidden" if "two cards" in line else "own"] += 1

    play_series(ctl, port, rng, check)
    assert discards["hidden"] and discards["own"]  # both kinds of discard were met


# ---------------------------------------------------------------------- a networked table


class WirePort:
    """A table as a LAN client knows it: seat 0's view and log only as the host sends them
    (``SeatView.from_dict``, a discard it may not see with ``"cards": null``)."""

    names = ("Anna", "Ben", "Cleo")
    mine = (0,)
    table_size = 3
    deal_number = 1
    dealt = True
    local = None

    def __init__(self, deal: Deal):
        self.deal = deal

    profile = property(lambda self: self.deal.profile)
    dealer = property(lambda self: self.deal.setup.dealer)
    deal_seats = property(lambda self: self.deal.setup.seats)

    def view_for(self, seat: int) -> SeatView:
        return SeatView.from_dict(seat_view(self.deal, 0).to_dict(), self.deal.profile)

    @property
    def actions(self):
        return tuple(
            HiddenDiscard(a["player"]) if a.get("cards", 1) is None else action_from_dict(a)
            for a in actions_for(self.deal, 0)
        )


def seen_by_seat_0(deal: Deal) -> int:
    """What table seat 0 may know while the deal goes on (it does not take the skat here)."""
    pos = deal.setup.seats.index(0)
    seen = deal.setup.cards.hands[pos]
    for a in deal.actions:
        if type(a) is Play:
            seen |= 1 << a.card
    if deal.contract is not None and deal.contract.ouvert:
        seen |= deal.hands[deal.declarer]
    return seen


def test_the_log_follows_a_networked_table_from_what_the_wire_says(qtbot):
    series = Series(BUILTIN["isko"], 3, first_dealer=0)
    deal = Deal(series.next_setup(deal_from_seed(21), 21))
    port = WirePort(deal)
    assert deal.setup.seats.index(0) != 1
    log = GameLog()
    qtbot.addWidget(log)
    log.follow_table(port)
    rng = random.Random(2)
    # middlehand takes the game and picks up the skat; the others pass
    while not deal.finished:
        pos = deal.to_move
        legal = deal.legal_actions(pos)
        if deal.phase.value == "bidding":
            bids = [a for a in legal if type(a) is Bid]
            choice = bids[0] if pos == 1 and bids else next(a for a in legal if type(a) is Pass)
        elif deal.phase.value == "skat":
            choice = next(a for a in legal if type(a) is PickUp)
        else:
            choice = rng.choice(legal)
        deal.apply(choice)
        log.table_event(ActionApplied(deal.setup.seats[pos], choice, len(deal.actions) - 1))
        if not deal.finished:
            leak = cards_said(log) & ~seen_by_seat_0(deal)
            assert not leak, card_list(leak)
        if not deal.finished and any(type(a) is Discard for a in deal.actions):
            declarer = port.names[deal.setup.seats[1]]
            assert f"{declarer} picks up the skat" in log.lines  # the skat's cards: his alone
            assert f"{declarer} puts two cards into the skat" in log.lines
    scores = [line for line in log.lines if line.startswith("Scores: ")]  # the wire's result
    assert len(scores) == 1 and all(name in scores[0] for name in port.names)
    assert log.lines[-1].startswith("The skat was ")  # open to all once the deal is over


# ---------------------------------------------------------------------- the screen reader


class Announcements:
    """Stands in for Qt's accessibility update: records what would reach the reader."""

    def __init__(self):
        self.said: list[str] = []

    def updateAccessibility(self, event) -> None:
        assert event.type() == QAccessible.Event.Announcement
        self.said.append(event.message())


def started_table(qtbot, monkeypatch):
    heard = Announcements()
    monkeypatch.setattr(game_log, "QAccessible", heard)
    ctl = TableController(
        BUILTIN["isko"], [SeatSpec.computer("random")] * 2 + [SeatSpec.human("Anna")], seed=5
    )
    port = LocalTable(ctl)
    log = GameLog()
    qtbot.addWidget(log)
    port.add_listener(log.table_event)
    log.follow_table(port)
    return port, log, heard


def test_each_new_line_is_announced_and_becomes_the_current_item(qtbot, monkeypatch):
    port, log, heard = started_table(qtbot, monkeypatch)
    spoken: list[tuple[str, str]] = []
    log.lineAdded.connect(lambda kind, text: spoken.append((kind, text)))
    port.next_deal()
    assert heard.said == [log.spoken_lines[0]] and spoken[0][0] == DEAL
    for _ in range(200):
        need = port.request()
        if not isinstance(need, Waiting):
            break
        before = log.spoken_lines
        port.local.submit(port.local.think_job(need)(None))
        new = log.spoken_lines[len(before) :]
        assert log.spoken_lines[: len(before)] == before and new
        assert heard.said[-len(new) :] == list(new)  # each new line, in order
        assert log.currentRow() == log.count() - 1  # the newest line is the current item
    assert [t for _, t in spoken] == heard.said
    assert len(heard.said) == len(log.lines) == len(log.spoken_lines)


def test_a_table_joined_late_announces_only_its_newest_line(qtbot, monkeypatch):
    heard = Announcements()
    monkeypatch.setattr(game_log, "QAccessible", heard)
    ctl = TableController(BUILTIN["isko"], [SeatSpec.computer("random")] * 3, seed=6)
    port = LocalTable(ctl)
    port.next_deal()
    for _ in range(12):
        need = port.request()
        port.local.submit(port.local.think_job(need)(None))
    log = GameLog()
    qtbot.addWidget(log)
    log.follow_table(port)
    assert len(log.lines) > 5
    assert heard.said == [log.spoken_lines[-1]]


def test_a_reader_reading_back_is_not_moved_to_the_newest_line(qtbot, monkeypatch):
    heard = Announcements()
    monkeypatch.setattr(game_log, "QAccessible", heard)
    ctl = TableController(BUILTIN["isko"], [SeatSpec.computer("random")] * 3, seed=9)
    port = LocalTable(ctl)
    log = GameLog()
    qtbot.addWidget(log)
    port.add_listener(log.table_event)
    log.follow_table(port)
    port.next_deal()
    port.local.submit(port.local.think_job(port.request())(None))
    log.show()
    log.setFocus()
    qtbot.waitUntil(log.hasFocus)
    log.setCurrentRow(0)
    port.local.submit(port.local.think_job(port.request())(None))
    assert log.currentRow() == 0 and len(log.lines) == 3
    assert heard.said[-1] == log.lines[-1]  # still said


def test_a_new_deal_starts_a_fresh_log_and_the_deck_renames_the_cards(qtbot, monkeypatch):
    heard = Announcements()
    monkeypatch.setattr(game_log, "QAccessible", heard)
    ctl = TableController(BUILTIN["isko"], [SeatSpec.computer("random")] * 3, seed=8)
    port = LocalTable(ctl)
    log = GameLog()
    qtbot.addWidget(log)
    port.add_listener(log.table_event)
    log.follow_table(port)
    port.next_deal()
    while len([t for t in log.lines if t.startswith("Trick ")]) < 2:
        port.local.submit(port.local.think_job(port.request())(None))
    plays = [t for t in log.lines if t.startswith("Trick ")]
    count = len(heard.said)
    game_words.use_deck(game_words.GERMAN)  # the words change: said anew, not announced
    qtbot.waitUntil(lambda: [t for t in log.lines if t.startswith("Trick ")] != plays)
    german = [t for t in log.lines if t.startswith("Trick ")]
    assert [t.rsplit(" ", 1)[0] for t in german] == [t.rsplit(" ", 1)[0] for t in plays]
    assert cards_named(german) and len(heard.said) == count
    while not isinstance(need := port.request(), DealOver):
        port.local.submit(port.local.think_job(need)(None))
    port.next_deal()
    assert log.lines[0].startswith("Deal 2, ") and heard.said[-1] == log.lines[0]


# ---------------------------------------------------------------------- speaking aloud


class FakeSpeaker:
    def __init__(self):
        self.said: list[str] = []
        self.locale = None

    def say(self, text: str) -> None:
        self.said.append(text)

    def setLocale(self, locale) -> None:
        self.locale = locale.name()


def test_speech_says_a_line_in_the_programs_language(qapp):
    fake = FakeSpeaker()
    speech = Speech(lambda parent: fake)
    assert speech.known_problem() is None and speech.problem() is None
    assert speech.say("Anna plays ♣J", "de")
    assert fake.said == ["Anna plays ♣J"] and fake.locale == "de_DE"


def test_without_qt_text_to_speech_speech_is_unavailable_and_says_why(qapp, monkeypatch):
    monkeypatch.setitem(sys.modules, "PySide6.QtTextToSpeech", None)  # the import fails
    speech = Speech()
    assert speech.known_problem() is None  # nothing loaded before it is asked for
    assert speech.problem() == "Text to speech is not available on this computer."
    assert not speech.say("Anna plays ♣J")


def test_a_speaker_that_fails_to_start_leaves_speech_off(qapp):
    def broken(parent):
        raise OSError("no audio device")

    speech = Speech(broken)
    assert speech.problem() == "The speech engine could not start."
    assert not speech.say("Anna plays ♣J")


def test_only_played_cards_and_tricks_are_spoken():
    assert {PLAY, TRICK} == SPOKEN


def test_a_screen_reader_and_speech_get_the_cards_in_full(qtbot, monkeypatch):
    """The list shows "♣J"; a reader reads "♣J" as "black club suit J" and the German
    deck's "EU" as a word: what it reads of a line, what it is told of a new one and what
    is spoken aloud name the cards in full."""
    heard = Announcements()
    monkeypatch.setattr(game_log, "QAccessible", heard)
    port = LocalTable(TableController(BUILTIN["isko"], [SeatSpec.computer("random")] * 3, seed=6))
    log = GameLog()
    qtbot.addWidget(log)
    port.add_listener(log.table_event)
    log.follow_table(port)
    port.next_deal()
    for _ in range(20):
        port.local.submit(port.local.think_job(port.request())(None))
    plays = [i for i, line in enumerate(log.lines) if " plays " in line]
    assert plays
    for i in plays:
        shown, said = log.lines[i], log.spoken_lines[i]
        card = next(c for c in range(32) if game_words.card_text(c) in shown)
        assert game_words.card_full_name(card) in said and game_words.card_text(card) not in said
        item = log.item(i)
        assert item.text() == shown and item.data(Qt.ItemDataRole.AccessibleTextRole) == said
        assert said in heard.said
