"""The game log: the deal at the table as lines of text a screen reader can follow.

:class:`GameLog` shows, for the deal on the table, who dealt, every bid and pass, the skat
taken or the hand game, the game declared (with its announcements), Kontra and Re, each
card played and by whom, each trick's winner with its points, and at the end the result.
It reads the table through its :class:`~skat_desktop.app.port.TablePort` only, as the
seat at this window knows it, so it works the same at a networked table and never names
a hidden card: another player's discard stays "two cards" until the deal is over (the
port already hides it, and the log checks it once more against its own seat), the skat
is named only for the declarer who picked it up, or once the deal is over.

Each new line becomes the list's current item (while the player is not reading an
earlier one) and is posted to the platform's screen reader as an announcement; the
window may also speak the lines of played cards aloud through :class:`Speech`, which
loads Qt's text to speech only when it is first asked for.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QLocale, QObject, Qt, Signal
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from skat_desktop.app.port import HiddenDiscard, LocalTable, TablePort
from skat_desktop.app.table import (
    ActionApplied,
    ActionsUndone,
    DealFinished,
    DealStarted,
    TableController,
)
from skat_desktop.engine.actions import Discard, PickUp, Play
from skat_desktop.engine.cards import POINTS, GameType, cards_of
from skat_desktop.engine.view import SeatView
from skat_desktop.gui import game_words as words

try:  # Qt 6.8 and later: a message the screen reader says without moving the focus
    from PySide6.QtGui import QAccessibleAnnouncementEvent
except ImportError:  # pragma: no cover - older Qt: the current item's change is what is read
    QAccessibleAnnouncementEvent = None

DEAL, MOVE, PLAY, TRICK, RESULT = "deal", "move", "play", "trick", "result"
"""What a line says: the deal's first line, a move of the auction or the declaration
(and Kontra, giving up...), a card played, a trick taken, the result."""
SPOKEN = frozenset((PLAY, TRICK))
"""The lines "Speak played cards" says aloud: the cards and who takes each trick."""
CATCH_UP = 3
"""More lines than this at once in a fresh log (a table resumed or joined) are a catch-up:
only the newest is announced, the rest is there to read."""

_EVENTS = (DealStarted, ActionApplied, ActionsUndone, DealFinished)
"""The table's events that change what the log shows."""


class GameLog(QListWidget):
    """The deal at the table, line by line (read-only). ``lineAdded(kind, text)`` for each
    new line, where ``kind`` is one of :data:`DEAL` .. :data:`RESULT` and ``text`` the
    line as it is said (:attr:`spoken_lines`).

    The list shows cards short (♣J); what a screen reader reads of a line, what it is
    told of a new one and what is spoken aloud names them in full (Jack of Clubs).

    ``seat``: whose knowledge the log shows; None (the window) follows the port's first
    seat of :attr:`~skat_desktop.app.port.TablePort.mine`, as the table drawing does.
    """

    lineAdded = Signal(str, str)

    def __init__(self, parent: QWidget | None = None, seat: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("GameLog")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(True)
        self.setUniformItemSizes(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._port: TablePort | None = None
        self._seat = seat
        self._lines: list[tuple[str, str]] = []
        self._spoken: list[str] = []
        self.retranslate()

    # ------------------------------------------------------------------ following the table

    def follow_table(self, port: TablePort | TableController | None) -> None:
        """Show the deal of the table behind ``port`` (a controller is read through its
        :class:`~skat_desktop.app.port.LocalTable`); a table resumed or joined shows at
        once what happened so far."""
        if isinstance(port, TableController):
            port = LocalTable(port)
        self._port = port
        self._restart()

    def table_event(self, event: object) -> None:
        """One event of the table (``MainWindow.tableEvent``): the log follows the deal."""
        if isinstance(event, DealStarted):
            self._restart()  # a new deal, or a deal replayed in practice: a fresh log
        elif isinstance(event, _EVENTS):
            self.refresh()

    def _restart(self) -> None:
        self._lines = []
        self.clear()
        self.refresh()

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines shown, oldest first."""
        return tuple(text for _, text in self._lines)

    @property
    def spoken_lines(self) -> tuple[str, ...]:
        """The lines as a screen reader reads them and speech says them: cards in full."""
        return tuple(self._spoken)

    def refresh(self, announce: bool = True) -> None:
        """Read the deal again; lines that are new are added and announced."""
        lines = self._deal_lines()
        with words.spoken_cards():
            spoken = [text for _, text in self._deal_lines()]
        old = self._lines
        same = 0
        while same < min(len(old), len(lines)) and old[same] == lines[same]:
            same += 1
        if same == len(old) == len(lines):
            return
        following = self.currentRow() in (-1, self.count() - 1) or not self.hasFocus()
        for row in range(self.count() - 1, same - 1, -1):
            self.takeItem(row)
        for (_, text), said in zip(lines[same:], spoken[same:], strict=True):
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, said)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            self.addItem(item)
        self._lines, self._spoken = lines, spoken
        # a new deal: every line is news; else the lines added at the end (an earlier line
        # that changed -- a discard shown once the deal is over -- is not)
        first = 0 if same == 0 else max(same, len(old))
        fresh = [(kind, said) for (kind, _), said in zip(lines, spoken, strict=True)][first:]
        if following and self.count():
            self.setCurrentRow(self.count() - 1)
            self.scrollToBottom()
        if not announce or not fresh:
            return
        if same == 0 and len(fresh) > CATCH_UP:
            fresh = fresh[-1:]
        for kind, text in fresh:
            self._announce(text)
            self.lineAdded.emit(kind, text)

    def _announce(self, text: str) -> None:
        """Tell the screen reader about a new line without taking the focus."""
        if QAccessibleAnnouncementEvent is not None:
            QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self, text))
        else:  # pragma: no cover - older Qt
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.Alert))

    # ------------------------------------------------------------------ the lines

    def _own_seat(self, port: TablePort) -> int:
        if self._seat is not None:
            return self._seat
        mine = port.mine
        return mine[0] if mine else 0

    def _deal_lines(self) -> list[tuple[str, str]]:
        """The deal as the log's seat knows it now, line by line."""
        port = self._port
        if port is None or not port.dealt:
            return []
        try:
            view = port.view_for(self._own_seat(port))
        except ValueError:  # TableError: no deal on this table (any more)
            return []
        seats, names = port.deal_seats, words.seat_names(port.names)

        def name(position: int) -> str:
            return names[seats[position]]

        dealer = names[port.dealer] if 0 <= port.dealer < len(names) else ""
        lines = [
            (
                DEAL,
                self.tr("Deal %1, dealt by %2")
                .replace("%1", str(port.deal_number))
                .replace("%2", dealer),
            )
        ]
        finished = view.result is not None
        played = 0
        for action in port.actions:
            if type(action) is HiddenDiscard or (
                type(action) is Discard and not finished and action.player != view.position
            ):
                text = self.tr("%1 puts two cards into the skat").replace("%1", name(action.player))
                lines.append((MOVE, text))
            elif type(action) is Play:
                trick = played // 3 + 1
                move = words.action_text(action, name)
                lines.append(
                    (PLAY, self.tr("Trick %1: %2").replace("%1", str(trick)).replace("%2", move))
                )
                played += 1
                if played % 3 == 0 and played // 3 <= len(view.tricks):
                    lines.append((TRICK, self._trick_line(view.tricks[played // 3 - 1], name)))
            else:
                text = words.action_text(action, name)
                skat = self._skat_taken(action, view)
                if skat:
                    text = self.tr("%1: %2").replace("%1", text).replace("%2", skat)
                lines.append((MOVE, text))
        if finished:
            lines.extend((RESULT, text) for text in self._result_lines(view, name))
        return lines

    def _trick_line(self, trick: tuple[int, tuple[int, int, int], int], name) -> str:
        _, cards, winner = trick
        points = sum(POINTS[c] for c in cards)
        text = words.plural(self.tr("%1 takes the trick: %n point(s)", "", points), points)
        return text.replace("%1", name(winner))

    @staticmethod
    def _skat_taken(action: object, view: SeatView) -> str:
        """The skat's cards on the declarer's "picks up the skat", where this seat may
        know them: it is the declarer, or the deal is over (never in a Schieberamsch,
        where the skat passes on)."""
        if type(action) is not PickUp or view.original_skat is None:
            return ""
        if view.declarer is None or action.player != view.declarer:
            return ""
        if view.result is None and view.position != view.declarer:
            return ""
        return words.cards_text(cards_of(view.original_skat))

    def _result_lines(self, view: SeatView, name: Callable[[int], str]) -> list[str]:
        r = view.result
        out: list[str] = []
        if r.kind == "passed_in":
            out.append(self.tr("Passed in: nobody plays this deal"))
        elif r.kind == "game" and r.game is not None and r.declarer is not None:
            who = name(r.declarer)
            game = words.contract_text(r.contract) if r.contract is not None else ""
            if r.game.game == GameType.NULL or r.contract is None:
                text = self.tr("%1 wins %2") if r.game.won else self.tr("%1 loses %2")
            else:
                text = (
                    self.tr("%1 wins %2 with %3 card points")
                    if r.game.won
                    else self.tr("%1 loses %2 with %3 card points")
                )
            out.append(
                text.replace("%1", who)
                .replace("%2", game)
                .replace("%3", words.number(r.declarer_points))
            )
            if r.reason and r.reason != "played out":  # a claim, a concession...
                out.append(words.result_reason(r.reason))
            out.append(self.tr("Score: %1").replace("%1", words.signed(r.game.score)))
        elif r.kind == "ramsch" and r.ramsch is not None:
            out.extend(words.ramsch_lines(r.ramsch, (name(0), name(1), name(2)), r.scores))
        else:  # only the scores came (a networked table's short word for the deal)
            scores = ", ".join(
                self.tr("%1 %2").replace("%1", name(p)).replace("%2", words.signed(s))
                for p, s in enumerate(r.scores)
            )
            out.append(self.tr("Scores: %1").replace("%1", scores))
        if view.original_skat is not None:
            skat = words.cards_text(cards_of(view.original_skat))
            out.append(self.tr("The skat was %1").replace("%1", skat))
        return out

    # ------------------------------------------------------------------ language

    def retranslate(self) -> None:
        self.setAccessibleName(self.tr("Game log"))
        self.setAccessibleDescription(
            self.tr(
                "The deal at the table, line by line: the bids, the game, every card "
                "played, each trick and the result."
            )
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self._lines = []
            self.clear()
            self.refresh(announce=False)  # the same lines in the new language (or deck)
        super().changeEvent(event)


# ---------------------------------------------------------------------- speaking aloud


class Speaker(Protocol):
    """What :class:`Speech` needs of a speaker: Qt's ``QTextToSpeech`` or a test's fake."""

    def say(self, text: str) -> None: ...


class SpeechUnavailable(RuntimeError):
    """Text to speech cannot work here; the message says why, in the player's words."""


class Speech(QObject):
    """Spoken lines for "Speak played cards", in the program's language.

    Qt's text to speech is imported on first use only (it loads audio libraries that a
    computer may lack: then it is unavailable, never a crash). ``make`` builds the
    speaker; a test passes a fake.
    """

    def __init__(
        self,
        make: Callable[[QObject], Speaker] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._make = make
        self._speaker: Speaker | None = None
        self._problem: str | None = None
        self._checked = False
        self._locale = ""

    def problem(self) -> str | None:
        """None if lines can be spoken here, else why not (one line). The first call
        loads the speech engine."""
        if not self._checked:
            self._checked = True
            try:
                make = self._make or self._qt_speaker
                self._speaker = make(self)
            except SpeechUnavailable as e:
                self._problem = str(e)
            except Exception:  # a broken engine or plugin: off, with a reason
                self._problem = self.tr("The speech engine could not start.")
        return self._problem

    def known_problem(self) -> str | None:
        """Why speech is unavailable, if that is known already (loads nothing)."""
        return self._problem

    def say(self, text: str, language: str = "") -> bool:
        """Speak ``text`` after what is being said (False if speech is unavailable)."""
        if self.problem() is not None or self._speaker is None:
            return False
        speaker = self._speaker
        if language and language != self._locale and hasattr(speaker, "setLocale"):
            self._locale = language
            with contextlib.suppress(Exception):  # a locale the engine lacks: it keeps its own
                speaker.setLocale(QLocale(language.replace("-", "_")))
        speak = getattr(speaker, "enqueue", None) or speaker.say
        try:
            speak(text)
        except Exception:
            return False
        return True

    def _qt_speaker(self, parent: QObject) -> Speaker:
        try:
            from PySide6.QtTextToSpeech import QTextToSpeech
        except ImportError:
            raise SpeechUnavailable(
                self.tr("Text to speech is not available on this computer.")
            ) from None
        if not QTextToSpeech.availableEngines():
            raise SpeechUnavailable(self.tr("No speech engine is installed on this computer."))
        speaker = QTextToSpeech(parent)
        if speaker.state() == QTextToSpeech.State.Error:
            raise SpeechUnavailable(self.tr("The speech engine could not start."))
        return speaker
