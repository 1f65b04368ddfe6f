"""A club evening entered at the speed of the game (issue 25).

:class:`NewEveningDialog` starts an evening: one series per table, the tables side by side,
the players chosen from the club's or typed new. :class:`GameEntryForm` enters the games of
one series in one compact row, keyboard first: a letter picks the declarer, the game and
won or lost (the first letter of the word shown, the same letter again for the next word
that begins with it: Kreuz, then Karo), digits type the bid and the matadors ("-2" is
without 2), Space ticks a box, Enter stores the game and goes back to the start of the
row, Esc clears it. Given a deal number, the same form corrects that deal with an author
and a reason.

The form adds no rule: it builds the entry ``skat-desktop db add-game`` builds (see
:mod:`skat_desktop.app.sheets`), asks the engine for its value, score or the reason it is
impossible as you type, and stores it with :mod:`skat_desktop.app.club` on the window's
:class:`~skat_desktop.gui.store_worker.StoreWriter`; the series is read off the GUI thread.
A busy or read-only database leaves the game in the form with the reason; nothing impossible
is stored.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QEvent,
    QObject,
    QStringListModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QIntValidator,
    QKeyEvent,
    QPalette,
    QResizeEvent,
    QValidator,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QCompleter,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.app.club import (
    EntryContext,
    EveningTable,
    add_entry,
    check_unchanged,
    correct_entry,
    create_evening,
    name_key,
    read_context,
)
from skat_desktop.app.sheets import entered_result, give_up_saved_table
from skat_desktop.engine.deal import DealResult
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.errors import SkatError
from skat_desktop.engine.profiles import BUILTIN, RuleProfile
from skat_desktop.gui.combo_width import ITEM_CHARS, ItemsCombo, keep_text_whole
from skat_desktop.gui.game_words import (
    date_pattern,
    doubling_name,
    entry_refusal,
    game_name,
    muted_color,
    negative_color,
    ramsch_lines,
    signed,
    value_lines,
)
from skat_desktop.gui.new_game import offered_profiles
from skat_desktop.gui.panels import ElidedLabel, FlowBox
from skat_desktop.gui.plain import breakable, plain_label, tip
from skat_desktop.gui.profile_editor import profile_title
from skat_desktop.gui.screen_room import (
    FRAME_ROOM,
    FitsScreen,
    PageScroll,
    available_geometry,
    grow_for_lines,
    keep_on_screen,
    show_more_of,
)
from skat_desktop.gui.store_worker import Failure, StoreLoader, StoreWriter, open_reader
from skat_desktop.store.repository import Store

GAMES = ("clubs", "spades", "hearts", "diamonds", "grand", "null")
"""The declared games in the order of the game box (``db add-game --game``)."""
RAMSCH, PASSED_IN = "ramsch", "passed_in"
PLANNED_STEP = 12  # the arrows of "planned deals" go 24, 36, 48: a round at three and four
MAX_MATADORS = 11
TYPED_MATADORS = 999  # the box takes any count typed; the engine says if it is impossible


def _load(
    loader: StoreLoader,
    store: Store | None,
    path: Path | None,
    job: Callable[[Store, threading.Event], Any],
) -> None:
    """Run a read ``job`` off the GUI thread: on the GUI's store's file, or (the window has
    no store yet: it was locked at start) on the writer's file."""
    if store is not None:
        loader.load(store, job)
        return
    if path is None:
        return

    def work(cancel: threading.Event) -> Any:
        reader = open_reader(path)
        try:
            return job(reader, cancel)
        finally:
            reader.close()

    loader.run(work)


def _why_not_written(failure: object) -> str:
    """A failed write in one line: a lock and a read-only file in the player's words."""
    if isinstance(failure, Failure) and failure.busy:
        return QCoreApplication.translate(
            "GameEntryForm",
            "The database is busy: another program is writing to it. Nothing is lost: "
            "press Enter to try again.",
        )
    if isinstance(failure, Failure) and failure.read_only:
        return QCoreApplication.translate(
            "GameEntryForm", "The database can only be read: nothing can be stored in it."
        )
    return str(failure)


def _warn(label: QLabel, on: bool) -> None:
    """``label`` in the palette's red (a refusal) or its secondary colour (a hint)."""
    pal = label.palette()
    color = negative_color(pal) if on else muted_color(pal)
    pal.setColor(QPalette.ColorRole.WindowText, color)
    label.setPalette(pal)


class LetterCombo(ItemsCombo):
    """A closed combo box that picks by first letter: a letter chooses the first item that
    begins with it, the same letter again the next such item (Kreuz, then Karo). Unlike
    Qt's own search this does not depend on how fast the keys come.

    Its width follows its items (the players, the games, filled once the series is read),
    so the row does not shift when a longer item is chosen; a player's very long name ends
    in "…" when closed (:class:`~skat_desktop.gui.combo_width.ItemsCombo`)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        held = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        if len(text) == 1 and text.isalpha() and not (event.modifiers() & held):
            self.pick_letter(text)
            event.accept()
            return
        super().keyPressEvent(event)

    def pick_letter(self, letter: str) -> bool:
        """Choose the next item beginning with ``letter``; ``False`` if none does."""
        key = letter.casefold()
        matches = [i for i in range(self.count()) if self.itemText(i)[:1].casefold() == key]
        if not matches:
            return False
        current = self.currentIndex()
        chosen = (
            matches[(matches.index(current) + 1) % len(matches)] if current in matches else None
        )
        self.setCurrentIndex(matches[0] if chosen is None else chosen)
        return True


class MatadorsBox(QSpinBox):
    """Matadors as a score sheet writes them: "with 2", "without 3". Digits type the count,
    a minus sign (or the word) makes it "without"; the arrows step over 0.

    A count no game has (0, 12) is taken as typed, not cut to fit: the row then shows the
    engine's reason ("Hearts has 1 to 11 matadors, not 12") and stores nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(-TYPED_MATADORS, TYPED_MATADORS)
        self.setValue(1)

    def textFromValue(self, value: int) -> str:
        if value < 0:
            return self.tr("without %1").replace("%1", str(-value))
        return self.tr("with %1").replace("%1", str(value))

    def _without_word(self) -> str:
        return self.tr("without %1").replace("%1", "").strip().casefold()

    def _parse(self, text: str) -> int | None:
        # 0-9 only: "²" (AltGr+2 on a German keyboard) is a digit to str.isdigit, not to int
        digits = "".join(c for c in text if "0" <= c <= "9")
        if not digits:
            return None
        count = int(digits)
        t = text.strip().casefold()
        without = self._without_word()
        return -count if "-" in t or (without and t.startswith(without)) else count

    def valueFromText(self, text: str) -> int:
        value = self._parse(text)
        return self.value() if value is None else value

    def validate(self, text: str, pos: int) -> object:
        value = self._parse(text)
        if value is None:
            state = (
                QValidator.State.Intermediate
                if len(text.strip()) <= 12
                else QValidator.State.Invalid
            )
        elif abs(value) > TYPED_MATADORS:
            state = QValidator.State.Invalid
        else:
            state = QValidator.State.Acceptable
        return state, text, pos

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setPrefix("")  # shows "mit 2" for "with 2" (Qt writes the text anew)
        super().changeEvent(event)

    def stepBy(self, steps: int) -> None:
        value = max(-MAX_MATADORS - 1, min(MAX_MATADORS + 1, self.value())) + steps
        if value == 0:
            value += 1 if steps > 0 else -1
        self.setValue(max(-MAX_MATADORS, min(MAX_MATADORS, value)))
        self.selectAll()


def _number_edit(top: int, parent: QWidget, width_text: str = "000") -> QLineEdit:
    """A short field for a whole number 0..``top``: digits only, empty until typed."""
    edit = QLineEdit(parent)
    edit.setValidator(QIntValidator(0, top, edit))
    edit.setAlignment(Qt.AlignmentFlag.AlignRight)
    room = edit.fontMetrics().horizontalAdvance(width_text) + 18
    edit.setMinimumWidth(room)
    edit.setMaximumWidth(room + 24)
    return edit


def typed_number(edit: QLineEdit) -> int | None:
    """The whole number typed in ``edit``, or ``None`` while there is none: Qt's check
    lets "+" or "1,0" stand as numbers still being typed, which are not numbers yet."""
    text = edit.text().strip().lstrip("+")
    return int(text) if text.isascii() and text.isdigit() else None


def _cell(parent: QWidget, caption: QLabel | None, *widgets: QWidget) -> QWidget:
    """One cell of the row: a small caption above its field(s)."""
    cell = QWidget(parent)
    box = QVBoxLayout(cell)
    box.setContentsMargins(0, 0, 0, 0)
    box.setSpacing(2)
    if caption is not None:
        caption.setParent(cell)
        box.addWidget(caption)
        caption.setBuddy(widgets[0])
    box.addStretch(1)  # the fields at the bottom: a row of cells lines up
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        w.setParent(cell)
        row.addWidget(w)
    box.addLayout(row)
    return cell


def _blank_row(game: str | None) -> tuple[Any, ...]:
    """:meth:`GameEntryForm._row` of an empty row (``game``: a Ramsch round's Ramsch)."""
    return (None, game, "", 1, -1, -1, (False,) * 6, 0, -1, ("",) * 6, None, 0)


class GameEntryForm(QWidget):
    """Enter the next game of an open series in one row, or correct deal ``number``.

    ``entered(series_id, number)`` after the database took it. ``refresh()`` reads the
    series again (another program wrote to it) and keeps what is typed.
    """

    entered = Signal(int, int)

    def __init__(
        self,
        store: Store | None,
        writer: StoreWriter,
        series_id: int,
        number: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self.writer = writer
        self.series_id = series_id
        self.correcting_number = number
        self.context: EntryContext | None = None
        self._pending: int | None = None  # the writer's ticket of the game being stored
        self._failure: str | None = None  # why the last try was not stored (kept on screen)
        # what was stored last (until the next key): corrected?, its number, its result
        # and context; said in the language of the moment
        self._note: tuple[bool, int, DealResult, EntryContext] | None = None
        self._sent: tuple[DealResult, EntryContext] | None = None  # the game on its way
        self._prefilled = False
        self._prefilled_from: dict[str, Any] | None = None  # the entry the correction shows
        self._filling = False  # the row is being filled in by the program, not typed
        self._games_of: RuleProfile | None = None

        self.title = plain_label(QLabel(self))  # deal, dealer, Bock round
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)
        self.title.setWordWrap(True)
        self.closed_note = QLabel(self)
        self.closed_note.setWordWrap(True)
        self.closed_note.hide()
        # a series left at a table whose window is gone: the club gives that table up here
        self.give_up_button = QPushButton(self)
        self.give_up_button.setObjectName("GiveUpTable")
        self.give_up_button.setAutoDefault(False)
        self.give_up_button.hide()
        self.give_up_button.clicked.connect(self.give_up_table)
        self._giving_up: int | None = None  # the writer's ticket of that

        self.fields = QWidget(self)
        self.flow = FlowBox(self.fields, spacing=10)

        self.declarer_caption = QLabel(self)
        self.declarer = LetterCombo(self)
        self.declarer.setPlaceholderText("–")
        self.game_caption = QLabel(self)
        self.game = LetterCombo(self)
        self.game.setPlaceholderText("–")
        self.bid_caption = QLabel(self)
        self.bid = _number_edit(999, self)
        self.matadors_caption = QLabel(self)
        self.matadors = MatadorsBox(self)
        self.result_caption = QLabel(self)
        self.result = LetterCombo(self)
        self.result.addItems(["", ""])
        self.result.setItemData(0, True)
        self.result.setItemData(1, False)
        self.result.setPlaceholderText("–")
        self.result.setCurrentIndex(-1)
        self.lose_as_caption = QLabel(self)
        self.lose_as = LetterCombo(self)
        self.lose_as.setPlaceholderText("–")
        for g in ("clubs", "spades", "hearts", "diamonds", "grand"):
            self.lose_as.addItem("", g)
        self.lose_as.setCurrentIndex(-1)

        self.declared_caption = QLabel(self)
        self.hand = QCheckBox(self)
        self.schneider_announced = QCheckBox(self)
        self.schwarz_announced = QCheckBox(self)
        self.ouvert = QCheckBox(self)
        self.reached_caption = QLabel(self)
        self.schneider = QCheckBox(self)
        self.schwarz = QCheckBox(self)
        self.kontra_caption = QLabel(self)
        self.kontra = LetterCombo(self)
        self.points_caption = QLabel(self)
        self.points = QSpinBox(self)
        self.points.setRange(-1, 120)
        self.points.setValue(-1)
        self.points.setSpecialValueText("–")

        # Ramsch: card points (without the skat) and tricks of the three players
        self.ramsch = QWidget(self)
        grid = QGridLayout(self.ramsch)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        # a long name ends in "…" (whole in its tooltip): the row is no wider for it
        self.ramsch_names = [ElidedLabel(self.ramsch, ITEM_CHARS // 2) for _ in range(3)]
        self.ramsch_points = [_number_edit(120, self.ramsch) for _ in range(3)]
        self.ramsch_tricks = [_number_edit(10, self.ramsch, "00") for _ in range(3)]
        self.points_row = QLabel(self.ramsch)
        self.tricks_row = QLabel(self.ramsch)
        grid.addWidget(self.points_row, 1, 0)
        grid.addWidget(self.tricks_row, 2, 0)
        for i in range(3):
            grid.addWidget(self.ramsch_names[i], 0, i + 1)
            grid.addWidget(self.ramsch_points[i], 1, i + 1)
            grid.addWidget(self.ramsch_tricks[i], 2, i + 1)
        self.last_trick_caption = QLabel(self)
        self.last_trick = LetterCombo(self)
        self.last_trick.setPlaceholderText("–")
        self.skat_note = QLabel(self)
        self.pushes_caption = QLabel(self)
        self.pushes = QSpinBox(self)
        self.pushes.setRange(0, 3)

        self.author_caption = QLabel(self)
        self.author = QLineEdit(self)
        self.author.setMaxLength(60)
        self.reason_caption = QLabel(self)
        self.reason = QLineEdit(self)
        self.reason.setMaxLength(200)
        self.reason.setMinimumWidth(self.reason.fontMetrics().horizontalAdvance("M" * 14))

        self.enter_button = QPushButton(self)
        self.enter_button.setAutoDefault(False)
        self.enter_button.clicked.connect(self.submit)

        self.cells: dict[str, QWidget] = {
            "declarer": _cell(self.flow, self.declarer_caption, self.declarer),
            "game": _cell(self.flow, self.game_caption, self.game),
            "ramsch": _cell(self.flow, None, self.ramsch),
            "last_trick": _cell(self.flow, self.last_trick_caption, self.last_trick),
            "skat": _cell(self.flow, None, self.skat_note),
            "pushes": _cell(self.flow, self.pushes_caption, self.pushes),
            "bid": _cell(self.flow, self.bid_caption, self.bid),
            "matadors": _cell(self.flow, self.matadors_caption, self.matadors),
            "result": _cell(self.flow, self.result_caption, self.result),
            "declared": _cell(
                self.flow,
                self.declared_caption,
                self.hand,
                self.schneider_announced,
                self.schwarz_announced,
                self.ouvert,
            ),
            # after Hand and Ouvert: they decide whether a Null's bid is above its value
            "lose_as": _cell(self.flow, self.lose_as_caption, self.lose_as),
            "reached": _cell(self.flow, self.reached_caption, self.schneider, self.schwarz),
            "kontra": _cell(self.flow, self.kontra_caption, self.kontra),
            "points": _cell(self.flow, self.points_caption, self.points),
            "author": _cell(self.flow, self.author_caption, self.author),
            "reason": _cell(self.flow, self.reason_caption, self.reason),
        }
        # the cells as high as the highest (a caption over a combo box): their fields line up
        field_height = max(w.sizeHint().height() for w in (self.declarer, self.bid, self.matadors))
        for check in (self.hand, self.schneider_announced, self.schwarz_announced, self.ouvert):
            check.setMinimumHeight(field_height)
        for check in (self.schneider, self.schwarz, self.skat_note):
            check.setMinimumHeight(field_height)
        for key, cell in self.cells.items():
            if key != "ramsch":
                cell.setMinimumHeight(self.declarer_caption.sizeHint().height() + 2 + field_height)
            self.flow.add(cell)
        button_cell = QWidget(self.flow)
        button_box = QVBoxLayout(button_cell)
        button_box.setContentsMargins(0, 0, 0, 0)
        button_box.addStretch(1)
        button_box.addWidget(self.enter_button)
        self.flow.add(button_cell)
        fields_box = QVBoxLayout(self.fields)
        fields_box.setContentsMargins(0, 0, 0, 0)
        fields_box.addWidget(self.flow)

        self.preview = QLabel(self)  # value and score as typed
        self.preview.setWordWrap(True)
        self.problem = QLabel(self)  # the engine's reason, or what is missing
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.closed_note)
        give_up_row = QHBoxLayout()
        give_up_row.addWidget(self.give_up_button)
        give_up_row.addStretch(1)
        layout.addLayout(give_up_row)
        layout.addWidget(self.fields)
        layout.addWidget(self.preview)
        layout.addWidget(self.problem)

        self._order = [
            self.declarer,
            self.game,
            *self.ramsch_points,
            *self.ramsch_tricks,
            self.last_trick,
            self.pushes,
            self.bid,
            self.matadors,
            self.result,
            self.hand,
            self.schneider_announced,
            self.schwarz_announced,
            self.ouvert,
            self.lose_as,
            self.schneider,
            self.schwarz,
            self.kontra,
            self.points,
            self.author,
            self.reason,
            self.enter_button,
        ]
        for a, b in itertools.pairwise(self._order):
            QWidget.setTabOrder(a, b)
        for w in self._order:
            w.installEventFilter(self)
        for box in (self.declarer, self.game, self.result, self.lose_as, self.kontra):
            box.currentIndexChanged.connect(self._changed)
        self.last_trick.currentIndexChanged.connect(self._changed)
        for edit in (self.bid, self.author, self.reason, *self.ramsch_points, *self.ramsch_tricks):
            edit.textChanged.connect(self._changed)
        for spin in (self.matadors, self.points, self.pushes):
            spin.valueChanged.connect(self._changed)
        for check in (
            self.hand,
            self.schneider_announced,
            self.schwarz_announced,
            self.ouvert,
            self.schneider,
            self.schwarz,
        ):
            check.toggled.connect(self._changed)
        keep_text_whole(
            self.declarer, self.game, self.result, self.kontra, self.last_trick, self.lose_as
        )

        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._loaded)
        self._loader.failed.connect(self._load_failed)
        self.writer.done.connect(self._written)
        self._retranslate()
        self._show_state()
        self.refresh()

    # ------------------------------------------------------------------ reading

    @property
    def correcting(self) -> bool:
        return self.correcting_number is not None

    @property
    def ready(self) -> bool:
        """The series is read: the form shows its deal."""
        return self.context is not None

    @property
    def busy(self) -> bool:
        """A game is on its way to the database."""
        return self._pending is not None

    @property
    def unsaved(self) -> bool:
        """A game is typed in the row (or on its way) that the database does not have:
        closing the program now would lose it. (A correction is a dialog of its own,
        left with Cancel on purpose.)"""
        if self.correcting:
            return False
        if self.busy:
            return True
        ramsch_round = self.context is not None and self.context.ramsch_round
        return self._row() != _blank_row(RAMSCH if ramsch_round else None)

    def _row(self) -> tuple[Any, ...]:
        """Everything that can be typed into the row, for :attr:`unsaved`."""
        return (
            self.declarer.currentData(),
            self.game.currentData(),
            self.bid.text(),
            self.matadors.value(),
            self.result.currentIndex(),
            self.lose_as.currentIndex(),
            tuple(
                c.isChecked()
                for c in (
                    self.hand,
                    self.schneider_announced,
                    self.schwarz_announced,
                    self.ouvert,
                    self.schneider,
                    self.schwarz,
                )
            ),
            self.kontra.currentData() or 0,
            self.points.value(),
            tuple(e.text() for e in (*self.ramsch_points, *self.ramsch_tricks)),
            self.last_trick.currentData(),
            self.pushes.value(),
        )

    def refresh(self) -> None:
        """Read the series again (its next deal, whether it is closed); what is typed stays.
        While a game is on its way the writer's answer brings the series as it is then."""
        if self._pending is not None:
            return
        sid, number = self.series_id, self.correcting_number
        _load(
            self._loader,
            self._store,
            self.writer.path,
            lambda store, cancel: read_context(store, sid, number),
        )

    def _loaded(self, context: EntryContext) -> None:
        if context == self.context:
            return  # read again unchanged (the desk reads at every write to the file)
        self._apply(context)

    def _load_failed(self, message: str) -> None:
        if self.context is None:
            self.title.setText(message)
        self._failure = message
        self._update()

    def _apply(self, ctx: EntryContext) -> None:
        """Show the deal of ``ctx``: its players, dealer, rounds; keep what is typed (and
        why the last try was not stored)."""
        self._filling = True
        try:
            self._rebuild(ctx)
        finally:
            self._filling = False
        self._show_state()

    def _rebuild(self, ctx: EntryContext) -> None:
        self.context = ctx
        profile = ctx.info.profile
        if self._games_of != profile:
            self._games_of = profile
            self._fill_games(profile)
        names = [name for _, name in ctx.info.players]
        seat = self.declarer.currentData()
        self.declarer.clear()
        for s in ctx.seats:
            self.declarer.addItem(names[s], s)
        self.declarer.setCurrentIndex(self.declarer.findData(seat) if seat is not None else -1)
        last = self.last_trick.currentData()
        self.last_trick.clear()
        for pos, s in enumerate(ctx.seats):
            self.ramsch_names[pos].setText(names[s])
            self.last_trick.addItem(names[s], s)
        self.last_trick.setCurrentIndex(self.last_trick.findData(last) if last is not None else -1)
        top = profile.kontra_max_level if profile.kontra else 0
        if self.kontra.count() != top + 1:
            self.kontra.clear()
            for level in range(top + 1):
                self.kontra.addItem("", level)
            self._retranslate()
        if ctx.correcting and (not self._prefilled or ctx.entry != self._prefilled_from):
            # the deal's entry in effect; anew when another program corrected it meanwhile
            self._prefilled, self._prefilled_from = True, ctx.entry
            self._fill(ctx.entry or {})
        elif not ctx.correcting and ctx.ramsch_round and self.game.currentIndex() < 0:
            self.game.setCurrentIndex(self.game.findData(RAMSCH))

    def _fill_games(self, profile: RuleProfile) -> None:
        chosen = self.game.currentData()
        self.game.clear()
        for g in GAMES:
            self.game.addItem(game_name(g), g)
        if profile.plays_ramsch:
            self.game.addItem(game_name(RAMSCH), RAMSCH)
        else:
            self.game.addItem(game_name(PASSED_IN), PASSED_IN)
        self.game.setCurrentIndex(self.game.findData(chosen) if chosen is not None else -1)

    # ------------------------------------------------------------------ the row

    def fill(self, entry: dict[str, Any] | None) -> None:
        """Put ``entry`` (as ``db add-game`` builds it) into the row; ``None`` empties it."""
        self._filling = True  # one look at the row afterwards, not one per field
        try:
            self._fill(entry or {})
        finally:
            self._filling = False
        self._failure = None
        self._show_state()

    def _fill(self, entry: dict[str, Any]) -> None:
        kind = entry.get("kind")
        contract = entry.get("contract") if isinstance(entry.get("contract"), dict) else {}
        game = {"game": contract.get("game"), "ramsch": RAMSCH, "passed_in": PASSED_IN}.get(
            str(kind)
        )
        self.game.setCurrentIndex(self.game.findData(game) if game else -1)
        seat = entry.get("declarer")
        self.declarer.setCurrentIndex(self.declarer.findData(seat) if seat is not None else -1)
        bid = entry.get("bid")
        self.bid.setText(str(bid) if isinstance(bid, int) and kind == "game" else "")
        won = entry.get("won")
        self.result.setCurrentIndex(-1 if not isinstance(won, bool) else (0 if won else 1))
        count = entry.get("matadors", 1)
        count = count if isinstance(count, int) and 0 <= count <= TYPED_MATADORS else 1
        self.matadors.setValue(count if entry.get("with_matadors", True) else -count)
        lose_as = entry.get("lose_as")
        self.lose_as.setCurrentIndex(self.lose_as.findData(lose_as) if lose_as else -1)
        self.hand.setChecked(contract.get("hand") is True)
        self.schneider_announced.setChecked(contract.get("schneider_announced") is True)
        self.schwarz_announced.setChecked(contract.get("schwarz_announced") is True)
        self.ouvert.setChecked(contract.get("ouvert") is True)
        self.schneider.setChecked(entry.get("schneider") is True)
        self.schwarz.setChecked(entry.get("schwarz") is True)
        kontra = entry.get("kontra", 0)
        self.kontra.setCurrentIndex(max(0, self.kontra.findData(kontra)))
        points = entry.get("declarer_points")
        self.points.setValue(points if isinstance(points, int) and 0 <= points <= 120 else -1)
        pts, tricks = entry.get("points"), entry.get("tricks")
        seats = self.context.seats if self.context is not None else (0, 1, 2)
        for pos, s in enumerate(seats):
            for edits, values in ((self.ramsch_points, pts), (self.ramsch_tricks, tricks)):
                ok = isinstance(values, list) and s < len(values) and isinstance(values[s], int)
                edits[pos].setText(str(values[s]) if ok and kind == "ramsch" else "")
        last = entry.get("last_trick")
        self.last_trick.setCurrentIndex(self.last_trick.findData(last) if last is not None else -1)
        pushes = entry.get("pushes", 0)
        self.pushes.setValue(pushes if isinstance(pushes, int) and 0 <= pushes <= 3 else 0)

    def clear(self) -> None:
        """Empty the row for the next game (a correction: back to the deal's entry) and put
        the focus at its start."""
        if self.correcting:
            self.fill(self.context.entry if self.context is not None else None)
        else:
            ramsch_round = self.context is not None and self.context.ramsch_round
            self.fill({"kind": RAMSCH} if ramsch_round else None)
        self.focus_first()

    def focus_first(self) -> None:
        """The focus at the start of the row: the first field that can be typed in."""
        for w in self._order:
            if w.isVisibleTo(self) and w.isEnabled() and w.isEnabledTo(self):
                w.setFocus(Qt.FocusReason.TabFocusReason)
                return

    def _kind(self) -> str | None:
        return self.game.currentData()

    def _null_lose_as(self) -> bool:
        """A Null declared below the bid: the form asks which game it is charged as."""
        ctx = self.context
        bid = typed_number(self.bid)
        if ctx is None or self._kind() != "null" or bid is None:
            return False
        value = ctx.info.profile.null_value(self.hand.isChecked(), self.ouvert.isChecked())
        return bid > value

    def _show_state(self) -> None:
        """Which cells the game needs (Ramsch's tallies, a suit game's matadors, ...) and
        whether the row can be used at all (a closed or complete series, or one a table
        of the program plays)."""
        ctx = self.context
        kind = self._kind()
        profile = ctx.info.profile if ctx is not None else None
        ramsch = kind == RAMSCH
        declared = kind not in (RAMSCH, PASSED_IN)
        null = kind == "null"
        lose_as = self._null_lose_as()
        shown = {
            "declarer": declared,
            "game": True,
            "ramsch": ramsch,
            "last_trick": ramsch,
            "skat": ramsch,
            "pushes": ramsch and profile is not None and profile.all_pass == "schieberamsch",
            "bid": declared,
            "matadors": declared,
            "result": declared,
            "lose_as": declared and lose_as,
            "declared": declared,
            "reached": declared,
            "kontra": declared and profile is not None and profile.kontra,
            # shown, too, while it holds points (a correction's): they are checked
            "points": declared
            and profile is not None
            and (
                (profile.bock_rounds and "lost_with_60" in profile.bock_triggers)
                or self.points.value() >= 0
            ),
            "author": self.correcting,
            "reason": self.correcting,
        }
        for key, cell in self.cells.items():
            cell.setVisible(shown[key])
        self.declarer.setEnabled(kind != PASSED_IN)
        # a Null's matadors count only once it is charged as a game: until then its bid
        # may still be covered by Hand or Ouvert, ticked after the result, and Tab goes
        # from the bid straight to the result as in any other game
        self.matadors.setEnabled(not null or (lose_as and self.lose_as.currentIndex() >= 0))
        for w in (self.schneider_announced, self.schwarz_announced, self.schneider, self.schwarz):
            w.setEnabled(not null)
        self.points.setEnabled(not null)
        self.flow.updateGeometry()
        self._say_skat()
        closed = ctx is not None and ctx.info.closed
        full = ctx is not None and ctx.finished and not ctx.correcting
        at_table = ctx is not None and ctx.at_table and not ctx.correcting
        shut = closed or full or at_table
        self.fields.setEnabled(ctx is not None and not shut)
        self.fields.setVisible(not shut)  # nothing to type: room for the sheet
        self.closed_note.setVisible(shut)
        self.give_up_button.setVisible(at_table)
        if closed:
            self.closed_note.setText(
                self.tr("This series is closed (signed); reopen it to change it.")
            )
        elif at_table:
            self.closed_note.setText(
                self.tr(
                    "This series is being played at a table of the program; its games are "
                    "stored from there, not typed here."
                )
            )
        elif full and ctx is not None:
            self.closed_note.setText(
                self.tr("All %1 deals of this series are entered.").replace(
                    "%1", str(ctx.info.planned_deals)
                )
            )
        _warn(self.closed_note, True)
        self._say_title()
        self._update()

    def _say_title(self) -> None:
        ctx = self.context
        if ctx is None:
            self.title.setText(self.tr("Reading the series…"))
            return
        no_next = not ctx.correcting and (ctx.info.closed or ctx.finished or ctx.at_table)
        self.title.setVisible(not no_next)  # no deal comes next: the note says why
        if no_next:
            return
        names = [name for _, name in ctx.info.players]
        if ctx.correcting:
            parts = [self.tr("Correcting deal %1").replace("%1", str(ctx.number))]
        elif ctx.info.planned_deals:
            parts = [
                self.tr("Deal %1 of %2")
                .replace("%1", str(ctx.number))
                .replace("%2", str(ctx.info.planned_deals))
            ]
        else:
            parts = [self.tr("Deal %1").replace("%1", str(ctx.number))]
        dealer = names[ctx.dealer]
        if ctx.sits_out is not None:
            parts.append(self.tr("Dealer: %1 (sits out)").replace("%1", dealer))
        else:
            parts.append(self.tr("Dealer: %1").replace("%1", dealer))
        if ctx.bock:
            parts.append(self.tr("Bock round: scores count double"))
        if ctx.ramsch_round:
            parts.append(self.tr("Ramsch round"))
        self.title.setText(breakable(" · ".join(parts)))  # a name may be one long word

    def entry(self) -> tuple[dict[str, Any] | None, str | None]:
        """The entry as typed (the dict ``db add-game`` builds), or what is still missing."""
        ctx = self.context
        kind = self._kind()
        if ctx is None:
            return None, self.tr("Reading the series…")
        if kind is None:
            if self.declarer.currentIndex() < 0:
                return None, self.tr("Choose the declarer and the game.")
            return None, self.tr("Choose the game.")
        if kind == PASSED_IN:
            return {"kind": "passed_in"}, None
        n = ctx.info.table_size
        if kind == RAMSCH:
            points, tricks = [0] * n, [0] * n
            for pos, seat in enumerate(ctx.seats):
                p = typed_number(self.ramsch_points[pos])
                t = typed_number(self.ramsch_tricks[pos])
                if p is None or t is None:
                    return None, self.tr("Enter each player's card points and tricks.")
                points[seat], tricks[seat] = p, t
            last = self.last_trick.currentData()
            if last is None:
                return None, self.tr("Who took the last trick?")
            return {
                "kind": "ramsch",
                "points": points,
                "tricks": tricks,
                "last_trick": last,
                "skat_points": 120 - sum(points),
                "pushes": self.pushes.value() if self.cells["pushes"].isVisibleTo(self) else 0,
                "later_trick": [],
            }, None
        declarer = self.declarer.currentData()
        if declarer is None:
            return None, self.tr("Choose the declarer.")
        bid = typed_number(self.bid)
        if bid is None:
            return None, self.tr("Enter the bid.")
        won = self.result.currentData()
        if won is None:
            return None, self.tr("Won or lost?")
        null = kind == "null"
        lose_as = self.lose_as.currentData() if self._null_lose_as() else None
        counted = not null or lose_as is not None
        m = self.matadors.value() if counted else 1
        kontra = self.kontra.currentData() if ctx.info.profile.kontra else 0
        points = self.points.value()
        return {
            "kind": "game",
            "declarer": declarer,
            "contract": {
                "game": kind,
                "hand": self.hand.isChecked(),
                "schneider_announced": self.schneider_announced.isChecked() and not null,
                "schwarz_announced": self.schwarz_announced.isChecked() and not null,
                "ouvert": self.ouvert.isChecked(),
            },
            "bid": bid,
            "won": won,
            "with_matadors": m > 0,
            "matadors": abs(m),
            "schneider": self.schneider.isChecked() and not null,
            "schwarz": self.schwarz.isChecked() and not null,
            "kontra": kontra or 0,
            "lose_as": lose_as,
            "declarer_points": points if points >= 0 and self.points.isEnabled() else None,
        }, None

    def score(self) -> tuple[DealResult | None, str | None, bool]:
        """What the engine makes of the row: (result, None, _) or (None, why not, refused?).
        ``refused``: the entry is impossible (the engine's reason), not merely incomplete."""
        entry, missing = self.entry()
        if entry is None:
            return None, missing, False
        ctx = self.context
        try:
            result = entered_result(
                ctx.info.profile, entry, ctx.info.table_size, ctx.dealer, ctx.bock
            )
        except (ImpossibleEntry, SkatError, ValueError) as e:
            return None, entry_refusal(e), True
        if self.correcting and not (self.author.text().strip() and self.reason.text().strip()):
            return None, self.tr("A correction needs who makes it and why."), False
        return result, None, False

    def _changed(self, *_: object) -> None:
        if self._filling:
            return
        self._failure = None
        self._note = None
        self._say_skat()
        if self.sender() in (self.game, self.bid, self.hand, self.ouvert, self.lose_as):
            self._show_state()  # a cell comes or goes
        else:
            self._update()

    def _update(self) -> None:
        result, why, refused = self.score()
        ctx = self.context
        usable = self.fields.isEnabled()
        if result is not None and usable:
            self.preview.setText(self._result_text(result))
        else:
            self.preview.setText(self._note_text())
        self.preview.setToolTip(tip(self._result_lines(result)) if result is not None else "")
        if self._failure:
            self.problem.setText(self._failure)
            _warn(self.problem, True)
        elif self._pending is not None:
            self.problem.setText(self.tr("Storing…"))
            _warn(self.problem, False)
        else:
            self.problem.setText((why or "") if usable else "")
            _warn(self.problem, refused)
        self.problem.setVisible(bool(self.problem.text()))
        self.preview.setVisible(bool(self.preview.text()))
        self.enter_button.setEnabled(
            usable and ctx is not None and result is not None and self._pending is None
        )

    def _note_text(self) -> str:
        if self._note is None:
            return ""
        corrected, number, result, ctx = self._note
        done = self.tr("Deal %1 corrected: %2") if corrected else self.tr("Deal %1 stored: %2")
        return done.replace("%1", str(number)).replace("%2", self._result_text(result, ctx))

    def _result_text(self, result: DealResult, ctx: EntryContext | None = None) -> str:
        """The game's value and score, with the names of ``ctx`` (the deal's; the form's
        own by default)."""
        ctx = ctx or self.context
        names = [name for _, name in ctx.info.players]
        if result.kind == "passed_in":
            return self.tr("Passed in: no score")
        scores = [
            f"{names[seat]} {signed(result.scores[pos])}"
            for pos, seat in enumerate(ctx.seats)
            if result.scores[pos]
        ]
        if result.kind == "ramsch":
            score = ", ".join(scores) or self.tr("no score")
            return self.tr("Ramsch: %1").replace("%1", score)
        g = result.game
        text = self.tr("Value %1 → %2").replace("%1", str(g.value)).replace("%2", scores[0])
        if g.overbid:
            text += " " + self.tr("(overbid)")
        return text

    def _result_lines(self, result: DealResult) -> str:
        ctx = self.context
        names = [name for _, name in ctx.info.players]
        if result.kind == "game":
            return "\n".join(value_lines(result.game))
        if result.kind == "ramsch":
            seats = ctx.seats
            by_pos = (names[seats[0]], names[seats[1]], names[seats[2]])
            return "\n".join(ramsch_lines(result.ramsch, by_pos, result.scores))
        return ""

    # ------------------------------------------------------------------ storing

    def submit(self) -> bool:
        """Store the game (or the correction) through the writer; ``False`` if the row
        cannot be stored as it is (the reason stays on screen)."""
        ctx = self.context
        if ctx is None or self._pending is not None or not self.fields.isEnabled():
            return False
        result, _, _ = self.score()
        entry, _ = self.entry()
        if result is None or entry is None:
            self._failure = None
            self._update()
            return False
        sid, number = self.series_id, ctx.number
        author, reason = self.author.text().strip(), self.reason.text().strip()
        correcting = self.correcting

        def job(store: Store) -> EntryContext:
            # checked and written under one lock: nothing typed against a series that
            # changed meanwhile (another deal, a correction, a restore) is stored unseen
            with store.transaction():
                check_unchanged(store, ctx)
                if correcting:
                    return correct_entry(store, sid, number, author, reason, entry)
                return add_entry(store, sid, number, entry)

        self._loader.cancel()  # the writer's answer brings the series as it is then
        self._failure = None
        self._sent = (result, self.context)
        self._pending = self.writer.submit(job)
        self._update()
        return True

    def give_up_table(self) -> bool:
        """Forget the table saved for later that plays this series (asked first): its
        finished deals stay on the sheet, its deal in progress is lost, and the series
        takes typed games again. Refused while a window plays it (in one line)."""
        if self._giving_up is not None or self.context is None or not self.context.at_table:
            return False
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Give up the table"),
            self.tr(
                "Give up the table saved for later that plays this series? Its finished "
                "deals stay on the score sheet; the deal it was playing is lost, and the "
                "series then takes games typed here."
            ),
            QMessageBox.StandardButton.NoButton,
            self,
        )
        box.setObjectName("GiveUpTableQuestion")
        box.setTextFormat(Qt.TextFormat.PlainText)
        yes = box.addButton(self.tr("&Give up the table"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Cancel))
        box.exec()
        clicked = box.clickedButton()
        box.deleteLater()
        if clicked is not yes:
            return False
        sid, database = self.series_id, self.writer.path
        self._giving_up = self.writer.submit(
            lambda store: give_up_saved_table(store, sid, database)
        )
        return True

    def _written(self, ticket: int, ok: bool, answer: object) -> None:
        if ticket == self._giving_up and ticket is not None:
            self._giving_up = None
            self._failure = None if ok else _why_not_written(answer)
            self.refresh()  # the row as the series is now
            self._update()
            return
        if ticket != self._pending:
            return  # another view's write
        self._pending = None
        number = self.context.number if self.context is not None else 0
        if not ok:
            self._failure = _why_not_written(answer)
            failure = answer if isinstance(answer, Failure) else None
            if failure is None or not (failure.busy or failure.read_only):
                self.refresh()  # closed meanwhile, another deal entered: show it
            self._update()
            return
        self._apply(answer)
        if not self.correcting:
            self.clear()
        if self._sent is not None:
            self._note = (self.correcting, number, *self._sent)
        self._update()
        self.entered.emit(self.series_id, number)

    # ------------------------------------------------------------------ keys

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress:
            key = event.key()
            plain = not (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier)
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and plain:
                self.submit()
                return True
            if key == Qt.Key.Key_Escape and plain:
                self.clear()
                return True
        return super().eventFilter(watched, event)

    # ------------------------------------------------------------------ words

    def _retranslate(self) -> None:
        self.give_up_button.setText(self.tr("Give up the table saved for later…"))
        self.declarer_caption.setText(self.tr("Declarer"))
        self.game_caption.setText(self.tr("Game"))
        self.game.setToolTip(
            self.tr("Type a game's first letter; the same letter again for the next one.")
        )
        for i in range(self.game.count()):
            self.game.setItemText(i, game_name(self.game.itemData(i)))
        self.bid_caption.setText(self.tr("Bid"))
        self.matadors_caption.setText(self.tr("Matadors"))
        self.matadors.setToolTip(self.tr("Type the number; a minus sign first for “without”."))
        self.result_caption.setText(self.tr("Result"))
        self.result.setItemText(0, self.tr("won"))
        self.result.setItemText(1, self.tr("lost"))
        self.lose_as_caption.setText(self.tr("Charged as"))
        self.lose_as.setToolTip(self.tr("A Null below the bid is charged as this game."))
        for i in range(self.lose_as.count()):
            self.lose_as.setItemText(i, game_name(self.lose_as.itemData(i)))
        self.declared_caption.setText(self.tr("Declared"))
        self.hand.setText(self.tr("Hand"))
        self.schneider_announced.setText(self.tr("Schneider"))
        self.schwarz_announced.setText(self.tr("Schwarz"))
        self.ouvert.setText(self.tr("Ouvert"))
        self.schneider_announced.setToolTip(self.tr("Schneider announced"))
        self.schwarz_announced.setToolTip(self.tr("Schwarz announced"))
        self.reached_caption.setText(self.tr("Reached"))
        self.schneider.setText(self.tr("Schneider"))
        self.schwarz.setText(self.tr("Schwarz"))
        self.schneider.setToolTip(
            self.tr("Schneider reached: by the declarer if won, against him if lost")
        )
        self.schwarz.setToolTip(
            self.tr("Schwarz reached: by the declarer if won, against him if lost")
        )
        self.kontra_caption.setText(self.tr("Kontra"))
        for i in range(self.kontra.count()):
            level = self.kontra.itemData(i)
            self.kontra.setItemText(i, doubling_name(level) if level else "–")
        self.points_caption.setText(self.tr("Card points"))
        self.points.setToolTip(
            self.tr(
                "The declarer's card points, if counted (a game lost with 60 starts a Bock round)"
            )
        )
        self.points_row.setText(self.tr("Points"))
        self.tricks_row.setText(self.tr("Tricks"))
        for edit in self.ramsch_points:
            edit.setToolTip(self.tr("Card points from the tricks, without the skat"))
        self.last_trick_caption.setText(self.tr("Last trick"))
        self.pushes_caption.setText(self.tr("Pushed"))
        self.author_caption.setText(self.tr("Corrected by"))
        self.reason_caption.setText(self.tr("Reason"))
        self.enter_button.setText(
            self.tr("Store correction") if self.correcting else self.tr("Enter game")
        )
        self.enter_button.setToolTip(self.tr("Enter stores the game; Esc clears the row."))
        self._say_skat()

    def _say_skat(self) -> None:
        known = sum(typed_number(e) or 0 for e in self.ramsch_points)
        self.skat_note.setText(self.tr("Skat: %1").replace("%1", str(120 - known)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self._show_state()
        super().changeEvent(event)


class CorrectionDialog(FitsScreen, QDialog):
    """A :class:`GameEntryForm` correcting deal ``number`` of a series, in a dialog of its
    own (opened from the sheet); it closes once the correction is stored. As tall as the
    form's rows need at its width: its fields wrap onto more rows where the screen is
    narrow (wider where it is too low for them)."""

    wraps = True

    def __init__(
        self,
        store: Store | None,
        writer: StoreWriter,
        series_id: int,
        number: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.form = GameEntryForm(store, writer, series_id, number, self)
        self.form.entered.connect(lambda *_: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(buttons)
        self._retranslate()

    def event(self, event: QEvent) -> bool:
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            grow_for_lines(self)  # the deal was read, or a cell came or went
        return done

    def _retranslate(self) -> None:
        number = self.form.correcting_number
        self.setWindowTitle(self.tr("Correct deal %1").replace("%1", str(number)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)


# ---------------------------------------------------------------------- a new evening


class TableBox(QGroupBox):
    """One table of the evening: three or four players (the fourth seat left empty: a
    table of three) and who deals first."""

    changed = Signal()
    remove_requested = Signal(object)

    def __init__(self, players: QStringListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seats: list[QLineEdit] = []
        self.seat_labels: list[QLabel] = []
        form = QFormLayout(self)
        for _ in range(4):
            edit = QLineEdit(self)
            edit.setMaxLength(40)
            completer = QCompleter(players, edit)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchStartsWith)
            edit.setCompleter(completer)
            edit.textChanged.connect(self._names_changed)
            edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance("M" * 11))
            label = QLabel(self)
            label.setBuddy(edit)
            self.seats.append(edit)
            self.seat_labels.append(label)
            form.addRow(label, edit)
        self.dealer = LetterCombo(self)
        self.dealer.currentIndexChanged.connect(lambda *_: self.changed.emit())
        keep_text_whole(self.dealer)
        self.dealer_label = QLabel(self)
        self.dealer_label.setBuddy(self.dealer)
        form.addRow(self.dealer_label, self.dealer)
        self.problem = QLabel(self)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.hide()
        form.addRow(self.problem)
        self.remove_button = QPushButton(self)
        self.remove_button.setAutoDefault(False)
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))
        form.addRow(self.remove_button)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._number = 1
        self._retranslate()
        self._names_changed()

    def set_number(self, number: int) -> None:
        self._number = number
        self.setTitle(self.tr("Table %1").replace("%1", str(number)))

    def names(self) -> list[str]:
        """The players in seat order: three, or four when the fourth seat is filled."""
        names = [" ".join(e.text().split()) for e in self.seats]
        return names if names[3] else names[:3]

    def _names_changed(self, *_: object) -> None:
        names = self.names()
        chosen = self.dealer.currentIndex()
        self.dealer.blockSignals(True)
        self.dealer.clear()
        for i, name in enumerate(names):
            self.dealer.addItem(name or self.tr("Seat %1").replace("%1", str(i + 1)))
        self.dealer.setCurrentIndex(chosen if 0 <= chosen < len(names) else 0)
        self.dealer.blockSignals(False)
        self.changed.emit()

    def show_problem(self, text: str | None, refused: bool = True) -> None:
        """The table's reason next to its names: a refusal in red, a hint in grey."""
        self.problem.setText(text or "")
        self.problem.setVisible(bool(text))
        _warn(self.problem, refused)

    def table(self) -> EveningTable:
        return EveningTable(tuple(self.names()), max(0, self.dealer.currentIndex()))

    def _retranslate(self) -> None:
        self.set_number(self._number)
        for i, label in enumerate(self.seat_labels):
            label.setText(self.tr("Seat %1:").replace("%1", str(i + 1)))
        self.seats[3].setPlaceholderText(self.tr("empty: three players"))
        metrics = self.seats[3].fontMetrics()
        room = metrics.horizontalAdvance(self.seats[3].placeholderText()) + 16
        self.seats[3].setMinimumWidth(max(room, metrics.horizontalAdvance("M" * 11)))
        self.seats[3].setToolTip(self.tr("A fourth player: the dealer sits out each deal."))
        self.dealer_label.setText(self.tr("First dealer:"))
        self.remove_button.setText(self.tr("Remove this table"))
        self._names_changed()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)


class NewEveningDialog(FitsScreen, QDialog):
    """Start a club evening: one series per table. ``series_ids`` after it was accepted.

    Its fields and tables are a :class:`PageScroll` that scrolls on a screen too low for
    them (784 x 460), its line and buttons below it in sight; where the screen has the room
    it grows for another table or a table's reason instead."""

    def __init__(
        self, store: Store | None, writer: StoreWriter, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._store = store
        self.writer = writer
        self.series_ids: list[int] = []
        self._pending: int | None = None
        self._failure: str | None = None
        self.profiles: list[RuleProfile] = list(BUILTIN.values())
        self.players = QStringListModel(self)

        form = QFormLayout()
        self.title_edit = QLineEdit(self)
        self.title_edit.setMaxLength(80)
        self.title_label = QLabel(self)
        self.title_label.setBuddy(self.title_edit)
        form.addRow(self.title_label, self.title_edit)
        self.date = QDateEdit(QDate.currentDate(), self)
        self.date.setCalendarPopup(True)
        self.date_label = QLabel(self)
        self.date_label.setBuddy(self.date)
        form.addRow(self.date_label, self.date)
        self.place = QLineEdit(self)
        self.place.setMaxLength(80)
        self.place_label = QLabel(self)
        self.place_label.setBuddy(self.place)
        form.addRow(self.place_label, self.place)
        self.profile_box = LetterCombo(self)
        self.profile_label = QLabel(self)
        self.profile_label.setBuddy(self.profile_box)
        form.addRow(self.profile_label, self.profile_box)
        self.planned = QSpinBox(self)
        self.planned.setRange(0, 999)
        self.planned.setSingleStep(PLANNED_STEP)
        self.planned.setValue(36)
        self.planned_label = QLabel(self)
        self.planned_label.setBuddy(self.planned)
        form.addRow(self.planned_label, self.planned)
        self.stake = QDoubleSpinBox(self)
        self.stake.setRange(0, 10_000)
        self.stake.setDecimals(2)
        self.stake_label = QLabel(self)
        self.stake_label.setBuddy(self.stake)
        form.addRow(self.stake_label, self.stake)

        self.tables: list[TableBox] = []
        self.tables_row = QHBoxLayout()
        self.tables_row.setContentsMargins(0, 0, 0, 0)
        self.add_button = QPushButton(self)
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(lambda: self.add_table(focus=True))
        inner = QWidget(self)
        row = QHBoxLayout(inner)
        row.setContentsMargins(0, 0, 0, 0)
        row.addLayout(self.tables_row)
        add_column = QVBoxLayout()
        add_column.addWidget(self.add_button)
        add_column.addStretch(1)
        row.addLayout(add_column)
        row.addStretch(1)
        self.scroll = QScrollArea(self)
        self.scroll.setWidget(inner)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._inner = inner

        self.problem = QLabel(self)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        body = QWidget(self)
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addLayout(form)
        body_layout.addWidget(self.scroll)
        body_layout.addStretch(1)
        # on a low screen the evening and its tables scroll; its line and buttons stay
        self.page = PageScroll(body, self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.page, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        self._fill_profiles()
        self.add_table()
        for w in (self.title_edit, self.place):
            w.textChanged.connect(self._check)
        self.profile_box.currentIndexChanged.connect(self._check)
        self.writer.done.connect(self._written)
        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._club_read)
        keep_text_whole(self.profile_box)
        self._retranslate()
        self.title_edit.setText(self.tr("Club evening"))
        self.title_edit.selectAll()
        _load(self._loader, store, writer.path, _club_of)

    def event(self, event: QEvent) -> bool:
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            show_more_of(self, self.page)  # a reason came: taller where the screen has room
        return done

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not event.spontaneous():  # grown for a table or a reason: back inside the screen
            keep_on_screen(self)  # (not the user's or the window manager's resizing)

    # ------------------------------------------------------------------ the club

    def _club_read(self, club: tuple[list[str], list[RuleProfile]]) -> None:
        names, profiles = club
        self.players.setStringList(names)
        self.profiles = profiles
        self._fill_profiles()

    def _fill_profiles(self) -> None:
        chosen = self.profile_box.currentData() or "isko"
        self.profile_box.blockSignals(True)
        self.profile_box.clear()
        for p in self.profiles:
            self.profile_box.addItem(profile_title(p), p.name)
        self.profile_box.setCurrentIndex(max(0, self.profile_box.findData(chosen)))
        self.profile_box.blockSignals(False)

    @property
    def profile(self) -> RuleProfile:
        return self.profiles[max(0, self.profile_box.currentIndex())]

    # ------------------------------------------------------------------ tables

    def add_table(self, focus: bool = False) -> TableBox:
        box = TableBox(self.players, self._inner)
        box.changed.connect(self._check)
        box.remove_requested.connect(self.remove_table)
        self.tables.append(box)
        self.tables_row.addWidget(box, 0, Qt.AlignmentFlag.AlignTop)
        box.show()  # now, not when the layout gets round to it: Tab may go there at once
        self._renumber()
        if focus:
            box.seats[0].setFocus(Qt.FocusReason.OtherFocusReason)
        return box

    def remove_table(self, box: TableBox) -> None:
        if len(self.tables) <= 1 or box not in self.tables:
            return
        self.tables.remove(box)
        self.tables_row.removeWidget(box)
        box.deleteLater()
        self._renumber()

    def _renumber(self) -> None:
        for i, box in enumerate(self.tables, 1):
            box.set_number(i)
            box.remove_button.setVisible(len(self.tables) > 1)
        # Tab goes down the evening, then through the tables from left to right, then to
        # "Add a table" and the dialog's buttons (not in the order they were made)
        order: list[QWidget] = [
            self.title_edit,
            self.date,
            self.place,
            self.profile_box,
            self.planned,
            self.stake,
        ]
        for box in self.tables:
            order += [*box.seats, box.dealer, box.remove_button]
        order += [self.add_button, *self.buttons.buttons()]
        for a, b in itertools.pairwise(order):
            QWidget.setTabOrder(a, b)
        self._fit_scroll()
        self._check()

    def _fit_scroll(self) -> None:
        """The tables' whole height, so only their row scrolls (sideways), never a name;
        two tables side by side in sight where the screen has the room, else as much of
        them as it has (one at least)."""
        for box in self.tables:
            box.layout().invalidate()  # a reason shown just now counts at once
        need = max(w.sizeHint().height() for w in [*self.tables, self.add_button])
        bar = self.scroll.horizontalScrollBar().sizeHint().height()
        spacing = self.tables_row.spacing() if self.tables_row.spacing() >= 0 else 6
        beside = self.add_button.sizeHint().width() + 2 * spacing
        widths = [box.sizeHint().width() + spacing for box in self.tables[:2]]
        width = min(sum(widths) + beside, self._row_room())
        self.scroll.setMinimumSize(max(widths[0] + beside, width), need + bar)

    def _row_room(self) -> int:
        """The widest the tables' row can be on this screen: its room less the window's
        frame, the dialog's margins and the page's scroll bar."""
        room = available_geometry(self.parentWidget() or self).width() - FRAME_ROOM[0]
        margins = self.layout().contentsMargins()
        page = self.page.verticalScrollBar().sizeHint().width() + 2 * self.page.frameWidth()
        return room - margins.left() - margins.right() - page

    # ------------------------------------------------------------------ checks

    def titles(self) -> list[str]:
        """Each table's series title: the evening's, with " – table N" at several tables."""
        title = " ".join(self.title_edit.text().split())
        if len(self.tables) == 1:
            return [title]
        return [
            self.tr("%1 – table %2").replace("%1", title).replace("%2", str(i))
            for i in range(1, len(self.tables) + 1)
        ]

    def _problem(self) -> str | None:
        """Why the evening cannot start yet (each table shows its own reason too)."""
        first: str | None = None
        seen: dict[str, int] = {}
        profile = self.profile
        for number, box in enumerate(self.tables, 1):
            why = None
            names = box.names()
            for name in names:
                key = name_key(name)
                if not key:
                    continue
                if key in seen:
                    why = (
                        self.tr("“%1” is at this table twice.").replace("%1", name)
                        if seen[key] == number
                        else self.tr("“%1” already plays at table %2.")
                        .replace("%1", name)
                        .replace("%2", str(seen[key]))
                    )
                    break
                seen[key] = number
            if why is None and not all(names):
                why = self.tr("Enter three or four players.")
                box.show_problem(why, refused=False)  # not a refusal: just not done yet
                first = first or why
                continue
            if why is None and len(names) not in profile.table_sizes:
                why = self.tr("These rules are not played at a table of %1.").replace(
                    "%1", str(len(names))
                )
            box.show_problem(why)
            first = first or why
        if not self.title_edit.text().strip():
            first = first or self.tr("Please enter a title.")
        return first

    def _check(self, *_: object) -> None:
        self._failure = None
        self._say()

    def _say(self) -> None:
        """The evening's own line (a table's reason stands in its box): the title, a
        refused write, or that it is being created."""
        problem = self._problem()
        line = self._failure
        if self._pending is not None:
            line = self.tr("Creating the evening…")
        elif line is None and not self.title_edit.text().strip():
            line = problem
        self.problem.setText(line or "")
        self.problem.setVisible(bool(line))
        _warn(self.problem, self._failure is not None or self._pending is None)
        self.ok_button.setEnabled(self._pending is None and problem is None)
        self._fit_scroll()  # a table's reason came or went

    # ------------------------------------------------------------------ creating

    def _accept(self) -> None:
        if self._pending is not None or self._problem() is not None:
            self._say()
            return
        titles = self.titles()
        date = self.date.date().toString("yyyy-MM-dd")
        place = " ".join(self.place.text().split())
        profile = self.profile
        tables = [box.table() for box in self.tables]
        planned = self.planned.value() or None
        stake = float(self.stake.value())
        self._failure = None
        self._pending = self.writer.submit(
            lambda store: create_evening(
                store, titles, date, place, profile, tables, planned, stake
            )
        )
        self._say()

    def _written(self, ticket: int, ok: bool, answer: object) -> None:
        if ticket != self._pending:
            return
        self._pending = None
        if ok:
            self.series_ids = list(answer)
            self.accept()
            return
        self._failure = _why_not_written(answer)
        self._say()

    # ------------------------------------------------------------------ words

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("New club evening"))
        self.title_label.setText(self.tr("&Title:"))
        self.date_label.setText(self.tr("&Date:"))
        self.date.setDisplayFormat(date_pattern())
        self.place_label.setText(self.tr("&Place:"))
        self.profile_label.setText(self.tr("&Rules:"))
        self.planned_label.setText(self.tr("Pla&nned deals:"))
        self.planned.setSpecialValueText(self.tr("no fixed end"))
        self.stake_label.setText(self.tr("&Stake:"))
        self.stake.setSuffix(self.tr(" cents per point"))
        self.stake.setSpecialValueText(self.tr("no money"))
        self.add_button.setText(self.tr("&Add a table"))
        self.ok_button.setText(self.tr("&Create"))
        for i in range(self.profile_box.count()):
            self.profile_box.setItemText(i, profile_title(self.profiles[i]))
        self._fit_scroll()
        self._check()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)


def _club_of(store: Store, cancel: threading.Event) -> tuple[list[str], list[RuleProfile]]:
    """The club's players (people, not the computer) and the rule profiles to offer."""
    names = [p["name"] for p in store.players() if p["kind"] == "human"]
    return names, offered_profiles(store)
