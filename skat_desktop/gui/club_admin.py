"""The club desk's administration: signing and reopening a series, its audit trail, the
season ranking and the club's players (issue 25, items 3 and 4).

Everything here shows or calls what ``app/`` and ``store/`` already do, exactly as
``skat-desktop db`` does it: ``SeriesService.close`` and ``reopen`` of
:mod:`skat_desktop.app.sheets` (``db close [--reopen]``),
:func:`~skat_desktop.app.statistics.season_ranking` (``db ranking``),
:func:`~skat_desktop.app.statistics.player_statistics` through the side panel's
:class:`~skat_desktop.gui.stats_view.StatisticsView` (``db stats``), and the store's
corrections and series events for the audit trail.

Reading goes through a :class:`~skat_desktop.gui.store_worker.StoreLoader` (its own
read-only connection on a worker thread), writing through the window's
:class:`~skat_desktop.gui.store_worker.StoreWriter`. A write that another program's lock or a
read-only file stops changes nothing and says why in one line; pressing the button again
tries again. Each widget is given its store (or the database file) and the writer from
outside, so it can be built alone.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QDateTime,
    QEvent,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSettings,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QBrush, QFontMetrics, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.app import club
from skat_desktop.app.sheets import UNREADABLE, SeriesService, entry_to_result
from skat_desktop.app.statistics import RankingRow, StatsFilter, season_ranking
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.engine.tournament import METHODS
from skat_desktop.gui.combo_width import keep_text_whole
from skat_desktop.gui.game_words import (
    date_pattern,
    deals_of_text,
    entry_refusal,
    fill,
    game_label,
    local_date,
    muted_color,
    negative_color,
    number,
    signed,
)
from skat_desktop.gui.i18n import OnLanguageChange
from skat_desktop.gui.plain import plain_label, tip
from skat_desktop.gui.profile_editor import profile_title
from skat_desktop.gui.screen_room import FitsScreen, grow_for_lines
from skat_desktop.gui.stats_view import RankingModel, StatisticsView, method_name
from skat_desktop.gui.store_worker import (
    Failure,
    StoreLoader,
    StoreWriter,
    never_wait,
    open_reader,
    refresh_after_deal,
    refresh_if_stale,
    worded,
)
from skat_desktop.store.database import READ_ONLY, StoreError
from skat_desktop.store.repository import Store

_IndexLike = QModelIndex | QPersistentModelIndex
StoreSource = Store | str | os.PathLike
"""A view reads a store the window gave it, or the database file it opens for reading."""

AUTHOR_KEY = "club/author"
"""QSettings key of the name who signed or corrected last (the next dialog's default)."""
MAX_AUTHOR = 80
_NO_DATE = QDate(1900, 1, 1)  # the date fields' "no limit" (shown as a dash): old sheets too
_CONTEXT = "ClubAdmin"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


# ------------------------------------------------------------------------- plumbing


def reading_store(source: StoreSource | None) -> Store | None:
    """The store a view reads: the one given, or the database file opened read-only
    (it never takes a lock and never waits for one). ``None`` stays ``None``."""
    if source is None or isinstance(source, Store):
        return source
    return never_wait(open_reader(Path(source)))


def _open(source: StoreSource | None) -> tuple[Store | None, str]:
    """:func:`reading_store`, and why the file cannot be read ("" if it can): a view
    says so in its status line instead of failing to open."""
    try:
        return reading_store(source), ""
    except (StoreError, OSError) as e:
        return None, fill(
            QCoreApplication.translate("ClubAdmin", "The database cannot be read: %1"), _one_line(e)
        )


def _qsettings(settings: Any) -> QSettings:
    """The QSettings behind ``settings`` (a :class:`~skat_desktop.gui.settings.Settings`,
    a QSettings, or ``None`` for the application's)."""
    if settings is None:
        return QSettings()
    return getattr(settings, "qsettings", settings)


def last_author(settings: Any = None) -> str:
    """The name who signed or corrected last on this computer ("" if none, or if the
    settings file holds something that is no name)."""
    value = _qsettings(settings).value(AUTHOR_KEY, "")
    if not isinstance(value, str) or len(value) > MAX_AUTHOR or not value.isprintable():
        return ""
    return value.strip()


def remember_author(name: str, settings: Any = None) -> None:
    """Keep ``name`` as the next dialog's default author."""
    name = name.strip()
    if name and len(name) <= MAX_AUTHOR:
        _qsettings(settings).setValue(AUTHOR_KEY, name)


def failure_text(answer: object) -> str:
    """One line for a write the database refused: another program's lock (try again), a
    file that cannot be written, or the store's own reason (which names what is wrong)."""
    if getattr(answer, "busy", False):
        return QCoreApplication.translate(
            "ClubAdmin",
            "The database is busy (another program is writing to it): nothing was changed;"
            " try again in a moment.",
        )
    if getattr(answer, "read_only", False):
        return QCoreApplication.translate(
            "ClubAdmin", "The database can only be viewed: nothing was changed."
        )
    return fill(QCoreApplication.translate("ClubAdmin", "Not changed: %1"), _one_line(answer))


def viewing_only_text() -> str:
    """Why a view offers no changes: its database cannot be written."""
    return QCoreApplication.translate("ClubAdmin", "The database is open for viewing only.")


def _one_line(text: object) -> str:
    """The first line of a stored or already worded text; an error in the player's words."""
    if isinstance(text, BaseException):
        return worded(text)
    lines = str(text).strip().splitlines()
    return lines[0] if lines else ""


class WriteRequest(QObject):
    """One write at a time through the window's :class:`StoreWriter`; ``finished(ok,
    answer)`` carries the answer to this request only (the writer serves the whole
    window)."""

    finished = Signal(bool, object)

    def __init__(self, writer: StoreWriter | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.writer = writer
        self._ticket: int | None = None
        if writer is not None:
            writer.done.connect(self._done)

    @property
    def busy(self) -> bool:
        """A write is out at the writer."""
        return self._ticket is not None

    def submit(self, job: Any) -> bool:
        """Queue ``job(store)``; False when there is no writer (the file is for viewing)."""
        if self.writer is None or self._ticket is not None:
            return False
        self._ticket = self.writer.submit(job)
        return True

    @Slot(int, bool, object)
    def _done(self, ticket: int, ok: bool, answer: object) -> None:
        if ticket != self._ticket:
            return
        self._ticket = None
        self.finished.emit(ok, answer)


def _say(label: QLabel, text: str, bad: bool) -> None:
    """A one-line message under a form: red when something was refused, muted else."""
    palette = label.palette()
    color = negative_color(palette) if bad else muted_color(palette)
    label.setStyleSheet(f"color: {color.name()}")
    label.setText(text)
    label.setVisible(bool(text))


# --------------------------------------------------------------------- signing


def _sign_job(series_id: int, author: str, reason: str, reopen: bool) -> Any:
    """The write of ``db close [--reopen]``, through the series' service; answers whether
    the series is closed now."""

    def job(store: Store) -> bool:
        svc = SeriesService(store, series_id)
        if reopen:
            svc.reopen(author, reason)
        else:
            svc.close(author, reason)
        return svc.info.closed

    return job


class SignDialog(FitsScreen, QDialog):
    """Close (sign) a series, or reopen a closed one, with who and why.

    Signing needs a name and keeps the reason "signed" unless another is given; reopening
    needs both. The write goes through the writer; a refusal (busy, read-only, already
    closed) is one line in the dialog, which stays open to try again. ``signed(series_id,
    closed)`` once the database has it; the name is kept as the next default author.
    ``deals`` (played, planned): a sheet signed short of its planned deals says so.
    Its lines wrap: it is as tall as they need, and wider where the screen is too low.
    """

    signed = Signal(int, bool)
    wraps = True  # the title, the note and the store's reason are wrapped labels

    def __init__(
        self,
        writer: StoreWriter | None,
        series_id: int,
        *,
        reopen: bool = False,
        title: str = "",
        author: str | None = None,
        settings: Any = None,
        deals: tuple[int, int | None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.series_id = series_id
        self.reopen = reopen
        self.deals = deals
        self.series_title = title
        self._settings = settings
        self._author = ""  # who the write out at the writer names
        self._write = WriteRequest(writer, self)
        self._write.finished.connect(self._answered)

        self.heading = plain_label(QLabel(self))  # the series' title, as written
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)
        self.heading.setText(title)
        self.heading.setVisible(bool(title))
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.intro.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)
        self.short_note = QLabel(self)  # fewer deals played than planned
        self.short_note.setWordWrap(True)
        self.short_note.setTextFormat(Qt.TextFormat.PlainText)
        self.short_note.hide()
        self.author_edit = QLineEdit(self)
        self.author_edit.setMaxLength(MAX_AUTHOR)
        self.author_edit.setText(author if author is not None else last_author(settings))
        self.reason_edit = QLineEdit(self)
        self.reason_edit.setMaxLength(200)
        if not reopen:  # the CLI's default word, in the player's language
            self.reason_edit.setText(self.tr("signed"))
        self.author_label = QLabel(self)
        self.reason_label = QLabel(self)
        self.author_label.setBuddy(self.author_edit)
        self.reason_label.setBuddy(self.reason_edit)
        form = QFormLayout()
        form.addRow(self.author_label, self.author_edit)
        form.addRow(self.reason_label, self.reason_edit)
        self.status = plain_label(QLabel(self))  # the store's reason may quote a name
        self.status.setWordWrap(True)
        self.status.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        if writer is None:
            self.ok_button.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.intro)
        layout.addWidget(self.short_note)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self._retranslate()
        if writer is None:
            self._tell(viewing_only_text(), True)
        (self.reason_edit if reopen and self.author_edit.text() else self.author_edit).setFocus()

    def _retranslate(self) -> None:
        if self.reopen:
            self.setWindowTitle(self.tr("Reopen the score sheet"))
            self.intro.setText(
                self.tr(
                    "The sheet is signed. Reopen it to correct a game; who reopens it and"
                    " why is kept in its audit trail."
                )
            )
            self.author_label.setText(self.tr("Reopened &by:"))
            self.reason_label.setText(self.tr("&Reason:"))
            self.ok_button.setText(self.tr("&Reopen"))
        else:
            self.setWindowTitle(self.tr("Sign the score sheet"))
            self.intro.setText(
                self.tr(
                    "Signing closes the sheet: no game can be entered or corrected until"
                    " it is reopened with a reason."
                )
            )
            self.author_label.setText(self.tr("Signed &by:"))
            self.reason_label.setText(self.tr("&Remark:"))
            self.ok_button.setText(self.tr("&Sign and close"))
        played, planned = self.deals if self.deals is not None else (0, None)
        short = not self.reopen and planned is not None and played < planned
        if short:
            _say(
                self.short_note,
                fill(self.tr("Only %1 played."), deals_of_text(played, planned)),
                True,
            )
        self.short_note.setVisible(short)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "ok_button"):
            self._retranslate()
        super().changeEvent(event)

    def _tell(self, text: str, bad: bool) -> None:
        _say(self.status, text, bad)
        grow_for_lines(self)  # the line may wrap; shown later, it is sized as it is shown

    @Slot()
    def submit(self) -> None:
        """Check the form, then write; the dialog closes once the database has it."""
        author = self.author_edit.text().strip()
        reason = self.reason_edit.text().strip()
        if not author:
            if self.reopen:
                self._tell(self.tr("Say who reopens the sheet."), True)
            else:
                self._tell(self.tr("Say who signs the sheet."), True)
            self.author_edit.setFocus()
            return
        if self.reopen and not reason:
            self._tell(self.tr("Reopening a signed sheet needs a reason."), True)
            self.reason_edit.setFocus()
            return
        reason = reason or self.tr("signed")
        if not self._write.submit(_sign_job(self.series_id, author, reason, self.reopen)):
            if self._write.writer is None:
                self._tell(failure_text(_viewing_only()), True)
            return
        self._author = author
        self.ok_button.setEnabled(False)
        self._tell(self.tr("Saving…"), False)

    @Slot(bool, object)
    def _answered(self, ok: bool, answer: object) -> None:
        self.ok_button.setEnabled(True)
        if not ok:
            self._tell(failure_text(answer), True)
            return
        remember_author(self._author, self._settings)
        self.status.hide()
        self.signed.emit(self.series_id, bool(answer))
        self.accept()


def ask_typed_game(parent: QWidget | None, text: str, can_enter: bool) -> str | None:
    """Ask what becomes of a game typed but not entered: "enter" (offered when
    ``can_enter``), "discard", or ``None`` (Cancel, the default). Tests replace it."""
    title = QCoreApplication.translate("SignDialog", "Sign the score sheet")
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    enter = (
        box.addButton(_tr("&Enter it"), QMessageBox.ButtonRole.AcceptRole) if can_enter else None
    )
    discard = box.addButton(_tr("&Discard it"), QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if enter is not None and clicked is enter:
        return "enter"
    return "discard" if clicked is discard else None


def _viewing_only() -> Failure:
    failure = Failure(viewing_only_text())
    failure.fault = READ_ONLY
    return failure


def sign_series(
    parent: QWidget | None,
    writer: StoreWriter | None,
    series_id: int,
    *,
    title: str = "",
    author: str | None = None,
    settings: Any = None,
    deals: tuple[int, int | None] | None = None,
) -> bool:
    """Ask who signs series ``series_id`` and close it (``db close``); True once closed.
    ``deals`` (played, planned): the dialog says when fewer were played than planned."""
    dialog = SignDialog(
        writer,
        series_id,
        title=title,
        author=author,
        settings=settings,
        deals=deals,
        parent=parent,
    )
    try:
        return dialog.exec() == QDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


def reopen_series(
    parent: QWidget | None,
    writer: StoreWriter | None,
    series_id: int,
    *,
    title: str = "",
    author: str | None = None,
    settings: Any = None,
) -> bool:
    """Ask who reopens series ``series_id`` and why, and reopen it (``db close
    --reopen``); True once open again."""
    dialog = SignDialog(
        writer,
        series_id,
        reopen=True,
        title=title,
        author=author,
        settings=settings,
        parent=parent,
    )
    try:
        return dialog.exec() == QDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


# ------------------------------------------------------------------ audit trail


@dataclass(frozen=True)
class Outcome:
    """What a deal showed before or after a correction, in the engine's words (the view
    says them in the player's language)."""

    kind: str  # "game", "ramsch", "passed_in" or "unreadable"
    declarer: int | None = None  # table seat
    label: str = ""  # the engine's English label ("Clubs Hand", "grand")
    bid: int | None = None
    won: bool | None = None
    scores: tuple[int, ...] = ()  # by table seat; () if it could not be scored
    why: str = ""  # why it cannot be scored


@dataclass(frozen=True)
class AuditLine:
    """One entry of a series' audit trail: a correction, or the series closed/reopened."""

    when: str  # as stored (ISO, UTC)
    action: str  # "correction", "close" or "reopen"
    author: str
    reason: str
    number: int | None = None  # the corrected deal
    before: Outcome | None = None
    after: Outcome | None = None


@dataclass(frozen=True)
class AuditTrail:
    series_id: int
    title: str
    date: str
    closed: bool
    names: tuple[str, ...]  # by table seat
    lines: tuple[AuditLine, ...]


def _json(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            return value
    return value


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _scores(value: Any, size: int) -> tuple[int, ...]:
    if isinstance(value, list) and len(value) == size and all(isinstance(s, int) for s in value):
        return tuple(value)
    return ()


def outcome_before(old: Any, table_size: int) -> Outcome:
    """A correction's ``old`` (see :func:`~skat_desktop.app.sheets.correction_old`)."""
    if not isinstance(old, dict):
        return Outcome("unreadable", why=_one_line(old))
    if old.get("unreadable"):
        return Outcome("unreadable", why=_one_line(old["unreadable"]))
    kind = old.get("kind")
    won = old.get("won")
    return Outcome(
        kind=kind if kind in ("game", "ramsch", "passed_in") else "unreadable",
        declarer=_int_or_none(old.get("declarer")),
        label=str(old.get("game") or ""),
        bid=_int_or_none(old.get("bid")),
        won=None if won is None else bool(won),
        scores=_scores(old.get("scores"), table_size),
    )


def outcome_after(
    store_profile: Any, table_size: int, new: Any, dealer: int | None, bock: bool
) -> Outcome:
    """A correction's ``new`` entry, scored by the engine at the deal's dealer and Bock
    mark as the sheet scores it (the scores are left out if it cannot be)."""
    if not isinstance(new, dict):
        return Outcome("unreadable", why=_one_line(new))
    kind = new.get("kind")
    scores: tuple[int, ...] = ()
    why = ""
    if dealer is not None:
        try:
            result = entry_to_result(store_profile, new, table_size, dealer, bock)
            by_seat = [0] * table_size
            for position, seat in enumerate(active_seats(table_size, dealer)):
                by_seat[seat] = result.scores[position]
            scores = tuple(by_seat)
        except UNREADABLE as e:
            why = entry_refusal(e)
    if kind == "game":
        try:
            label = Contract.from_dict(new.get("contract")).label()
        except (ValueError, TypeError):
            label = ""
        won = new.get("won")
        return Outcome(
            "game",
            declarer=_int_or_none(new.get("declarer")),
            label=label,
            bid=_int_or_none(new.get("bid")),
            won=won if isinstance(won, bool) else None,
            scores=scores,
            why=why,
        )
    if kind in ("ramsch", "passed_in"):
        return Outcome(kind, scores=scores, why=why)
    if not why:
        why = entry_refusal(
            ImpossibleEntry("an entry's kind is game, ramsch or passed_in", "unknown_kind")
        )
    return Outcome("unreadable", why=why)


def read_audit(store: Store, series_id: int, cancel: threading.Event | None = None) -> AuditTrail:
    """Every correction of the series (who, when, why, old and new) and every time it was
    closed or reopened, oldest first (Qt-free: runs on a worker thread)."""
    info = store.series(series_id)
    n = info.table_size
    deals = {r["number"]: r for r in store.deal_sources(series_id)}
    lines: list[AuditLine] = []
    for c in store.corrections(series_id=series_id):
        if cancel is not None and cancel.is_set():
            break
        deal = deals.get(c["number"])
        dealer = deal["dealer"] if deal is not None and 0 <= deal["dealer"] < n else None
        bock = bool(deal["bock"]) if deal is not None else False
        lines.append(
            AuditLine(
                when=str(c["created"]),
                action="correction",
                author=c["author"],
                reason=c["reason"],
                number=c["number"],
                before=outcome_before(_json(c["old"]), n),
                after=outcome_after(info.profile, n, _json(c["new"]), dealer, bock),
            )
        )
    for e in store.series_events(series_id):
        lines.append(AuditLine(str(e["created"]), e["action"], e["author"], e["reason"]))
    lines.sort(key=lambda line: line.when)  # stable: the order of each table within a second
    return AuditTrail(
        series_id=info.id,
        title=info.title,
        date=info.date,
        closed=info.closed,
        names=tuple(name for _, name in info.players),
        lines=tuple(lines),
    )


def local_time(iso: str) -> str:
    """A stored time (UTC) as the player's clock and language write it."""
    from skat_desktop.gui.i18n import current_language

    when = QDateTime.fromString(iso, Qt.DateFormat.ISODate)
    if not when.isValid():
        return local_date(iso)
    when = when.toLocalTime()
    locale = QLocale(current_language().replace("-", "_"))
    clock = locale.toString(when.time(), locale.timeFormat(QLocale.FormatType.ShortFormat))
    return f"{local_date(when.date().toString('yyyy-MM-dd'))} {clock}"


class AuditModel(QAbstractTableModel):
    """The audit trail, one line per correction or signature; read-only."""

    WHEN, EVENT, DEAL, AUTHOR, REASON, BEFORE, AFTER = range(7)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.trail: AuditTrail | None = None

    def set_trail(self, trail: AuditTrail | None) -> None:
        self.beginResetModel()
        self.trail = trail
        self.endResetModel()

    def retranslate(self) -> None:
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 6))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 6)

    def headings(self) -> list[str]:
        return [
            self.tr("When"),
            self.tr("What"),
            self.tr("Deal"),
            self.tr("By"),
            self.tr("Reason"),
            self.tr("Before"),
            self.tr("After"),
        ]

    def rowCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() or self.trail is None else len(self.trail.lines)

    def columnCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 7

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headings()[section]
        return None

    def event_name(self, action: str) -> str:
        return {
            "correction": self.tr("Corrected"),
            "close": self.tr("Signed and closed"),
            "reopen": self.tr("Reopened"),
        }.get(action, action)

    def outcome_text(self, outcome: Outcome | None) -> str:
        """A deal's outcome in words: ``Anna: Clubs Hand, bid 24, won, +72``."""
        if outcome is None:
            return ""
        names = self.trail.names if self.trail is not None else ()

        def name(seat: int | None) -> str:
            return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

        if outcome.kind == "unreadable":
            return fill(self.tr("cannot be scored: %1"), outcome.why or "?")
        if outcome.kind == "passed_in":
            return game_label("passed_in")
        if outcome.kind == "ramsch":
            scored = [
                f"{name(seat)} {signed(score)}"
                for seat, score in enumerate(outcome.scores)
                if score
            ]
            return ", ".join([game_label("ramsch"), *scored])
        parts = [game_label(outcome.label) or "?"]
        if outcome.bid:
            parts.append(fill(self.tr("bid %1"), outcome.bid))
        if outcome.won is not None:
            parts.append(self.tr("won") if outcome.won else self.tr("lost"))
        seat = outcome.declarer
        if outcome.scores and seat is not None and 0 <= seat < len(outcome.scores):
            parts.append(signed(outcome.scores[seat]))
        return fill(self.tr("%1: %2"), name(seat), ", ".join(parts))

    def cell(self, line: AuditLine, column: int) -> str:
        match column:
            case self.WHEN:
                return local_time(line.when)
            case self.EVENT:
                return self.event_name(line.action)
            case self.DEAL:
                return "" if line.number is None else number(line.number)
            case self.AUTHOR:
                return line.author
            case self.REASON:
                if line.action == "close" and line.reason == "signed":
                    # the word ``db close`` and the sign dialog store when none is given
                    return QCoreApplication.translate("SignDialog", "signed")
                return line.reason
            case self.BEFORE:
                return self.outcome_text(line.before)
            case _:
                return self.outcome_text(line.after)

    def data(self, index: _IndexLike, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.trail is None:
            return None
        line = self.trail.lines[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(line, index.column())
        if role == Qt.ItemDataRole.ToolTipRole and index.column() in (
            self.REASON,
            self.BEFORE,
            self.AFTER,
        ):
            return tip(self.cell(line, index.column()))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            horizontal = (
                Qt.AlignmentFlag.AlignRight
                if index.column() == self.DEAL
                else Qt.AlignmentFlag.AlignLeft
            )
            return horizontal | Qt.AlignmentFlag.AlignTop
        if role == Qt.ItemDataRole.UserRole:
            return line
        return None


def _table(parent: QWidget, model: QAbstractTableModel | QSortFilterProxyModel) -> QTableView:
    table = QTableView(parent)
    table.setModel(model)
    table.setAlternatingRowColors(True)
    table.setShowGrid(False)
    table.verticalHeader().hide()
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    head = table.horizontalHeader()
    head.setHighlightSections(False)
    head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    head.setStretchLastSection(False)
    fm = QFontMetrics(table.font())
    table.verticalHeader().setDefaultSectionSize(round(fm.height() * 1.55))
    return table


class _RoomyDelegate(QStyledItemDelegate):
    """Rows sized to their wrapped text keep a little air above and below it."""

    def sizeHint(self, option: QStyleOptionViewItem, index: _IndexLike) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + option.fontMetrics.height() // 2)


class AuditView(QWidget):
    """The audit trail of one series: its corrections (who, when, why, the deal before
    and after) and each time it was signed or reopened, oldest first.

    ``set_series(store, series_id)`` shows a series, ``refresh()`` reads it again (after
    a correction or a signature, or when another program wrote). ``loaded`` once it is on
    screen, ``failed(message)`` if it could not be read.
    """

    loaded = Signal()
    failed = Signal(str)

    def __init__(
        self,
        store: StoreSource | None = None,
        series_id: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._store, self._unreadable = _open(store)
        self._series_id = series_id
        self._stale = False
        self.heading = plain_label(QLabel(self))  # the series' title, as written
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)
        self.status = plain_label(QLabel(self))
        self.status.setWordWrap(True)
        self.status.hide()
        self.model = AuditModel(self)
        self.table = _table(self, self.model)
        self.table.setWordWrap(True)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # nothing to choose: no frame
        self.table.setItemDelegate(_RoomyDelegate(self.table))
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head = self.table.horizontalHeader()
        for column in (AuditModel.REASON, AuditModel.BEFORE, AuditModel.AFTER):
            head.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.heading)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._show)
        self._loader.failed.connect(self._fail)
        self._retranslate()
        self.refresh()

    @property
    def trail(self) -> AuditTrail | None:
        return self.model.trail

    @property
    def busy(self) -> bool:
        return self._loader.busy

    def set_series(self, store: StoreSource | None, series_id: int | None) -> None:
        self._store, self._unreadable = _open(store)
        if series_id != self._series_id:
            self.model.set_trail(None)
        self._series_id = series_id
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        if self._store is None or self._series_id is None:
            self._loader.cancel()
            self._retranslate()
            if self._unreadable:
                _say(self.status, self._unreadable, True)
            return
        sid = self._series_id
        self._loader.load(self._store, lambda store, cancel: read_audit(store, sid, cancel))

    @Slot(object)
    def table_event(self, event: object) -> None:
        """Read again once a deal has ended (connect ``MainWindow.tableEvent``); a hidden
        view waits until it is shown."""
        refresh_after_deal(self, event)

    def showEvent(self, event: QShowEvent) -> None:
        refresh_if_stale(self)
        super().showEvent(event)

    @Slot(object)
    def _show(self, trail: AuditTrail) -> None:
        self.model.set_trail(trail)
        self._retranslate()
        self.loaded.emit()

    @Slot(str)
    def _fail(self, message: str) -> None:
        _say(
            self.status,
            fill(self.tr("The audit trail cannot be read: %1"), message),
            True,
        )
        self.failed.emit(message)

    def _retranslate(self) -> None:
        trail = self.model.trail
        if trail is None:
            self.heading.setText(self.tr("Audit trail"))
            self.status.hide()
            return
        state = self.tr("closed (signed)") if trail.closed else self.tr("open")
        self.heading.setText(
            fill(self.tr("Audit trail of %1, %2 — %3"), trail.title, local_date(trail.date), state)
        )
        if trail.lines:
            self.status.hide()
        else:
            _say(self.status, self.tr("No corrections and no signatures yet."), False)
        self.model.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "model"):
            self._retranslate()
        super().changeEvent(event)


class AuditDialog(FitsScreen, QDialog):
    """The audit trail of a series in a window of its own: 940 x 420 where the screen has
    the room, else the room (its table's long columns wrap, its lines scroll)."""

    def __init__(
        self, store: StoreSource | None, series_id: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.view = AuditView(store, series_id, self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 8)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.resize(940, 420)  # less where the screen is smaller: the table scrolls
        self._retranslate()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Audit trail"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "view"):
            self._retranslate()
        super().changeEvent(event)


def show_audit(parent: QWidget | None, store: StoreSource | None, series_id: int) -> AuditDialog:
    """Open the audit trail of ``series_id`` beside the window (not modal)."""
    dialog = AuditDialog(store, series_id, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog


class SeriesAdmin(QObject):
    """The series page's actions for one series: sign and close, reopen, audit trail.

    ``set_series(series_id, title, closed)`` follows the page; ``changed(series_id)``
    after the series was signed or reopened (the page reads its sheet again).
    """

    changed = Signal(int)

    def __init__(
        self,
        parent: QWidget,
        store: StoreSource | None,
        writer: StoreWriter | None,
        settings: Any = None,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self._store = store
        self._writer = writer
        self._settings = settings
        self.series_id: int | None = None
        self.title = ""
        self.closed = False
        self.sign_action = QAction(self)
        self.reopen_action = QAction(self)
        self.audit_action = QAction(self)
        self.sign_action.triggered.connect(self.sign)
        self.reopen_action.triggered.connect(self.reopen)
        self.audit_action.triggered.connect(self.audit)
        parent.installEventFilter(OnLanguageChange(self, self.retranslate))  # with the page's
        self.retranslate()
        self._enable()

    def retranslate(self) -> None:
        self.sign_action.setText(self.tr("&Sign and close…"))
        self.reopen_action.setText(self.tr("&Reopen…"))
        self.audit_action.setText(self.tr("&Audit trail…"))
        tip_text = viewing_only_text() if self._writer is None else ""
        for action in (self.sign_action, self.reopen_action):
            action.setToolTip(tip_text or action.text().replace("&", "").rstrip("…"))

    def set_series(self, series_id: int | None, title: str = "", closed: bool = False) -> None:
        self.series_id, self.title, self.closed = series_id, title, closed
        self._enable()

    def _enable(self) -> None:
        some = self.series_id is not None
        can_write = self._writer is not None
        self.sign_action.setEnabled(some and can_write and not self.closed)
        self.reopen_action.setEnabled(some and can_write and self.closed)
        self.audit_action.setEnabled(some)

    @Slot()
    def sign(self) -> None:
        """Sign the series; a game typed in the entry row but not stored is entered or
        discarded first, as the secretary says (Cancel signs nothing)."""
        if self.series_id is None:
            return
        form = self._typed_entry()
        if form is not None and not self._settle(form):
            return
        if sign_series(
            self._parent,
            self._writer,
            self.series_id,
            title=self.title,
            settings=self._settings,
            deals=self._deals(),
        ):
            self.set_series(self.series_id, self.title, True)
            self.changed.emit(self.series_id)

    def _typed_entry(self) -> Any:
        """The page's entry row, when a game of this series is typed there but not stored."""
        find = getattr(self._parent.window(), "typed_entry", None)  # the club desk's
        form = find() if callable(find) else None
        return form if form is not None and form.series_id == self.series_id else None

    def _settle(self, form: Any) -> bool:
        """Enter or discard the typed game, as asked; False to sign nothing (Cancel, or
        the game could not be stored: the row says why)."""
        ctx = form.context
        number = ctx.number if ctx is not None else 0
        complete = form.score()[0] is not None  # the row as it could be stored
        if complete:
            text = self.tr("Deal %1 is typed but not entered. Enter it before signing?")
        else:
            text = self.tr("Deal %1 is typed but cannot be entered as it is. Discard it and sign?")
        answer = ask_typed_game(self._parent, fill(text, number), complete)
        if answer == "discard":
            form.clear()
            return True
        if answer != "enter" or not form.submit():
            return False
        form.writer.finish()  # its answer arrives now: stored, or kept with the reason
        return not form.unsaved

    def _deals(self) -> tuple[int, int | None] | None:
        """Deals played and planned of the series: as the entry row knows them (it has
        read the series again after each game it stored), else as the page's header."""
        form = getattr(self._parent.window(), "entry_form", None)  # the club desk's
        ctx = getattr(form, "context", None)
        if ctx is not None and not form.busy and ctx.info.id == self.series_id:
            return ctx.deals, ctx.info.planned_deals
        header = getattr(self._parent, "header", None)
        listing = getattr(header, "listing", None)
        if listing is None or listing.id != self.series_id:
            return None
        return listing.deals, listing.planned

    @Slot()
    def reopen(self) -> None:
        if self.series_id is None:
            return
        if reopen_series(
            self._parent, self._writer, self.series_id, title=self.title, settings=self._settings
        ):
            self.set_series(self.series_id, self.title, False)
            self.changed.emit(self.series_id)

    @Slot()
    def audit(self) -> None:
        if self.series_id is not None:
            show_audit(self._parent, self._store, self.series_id)


# ----------------------------------------------------------------------- season


@dataclass(frozen=True)
class SeasonData:
    """One answer of the season's worker: the ranking for one filter, and the rule
    profiles the database holds (for the rules box)."""

    filter: StatsFilter
    method: str
    profiles: tuple[tuple[str, str], ...]  # (name, title as stored)
    ranking: tuple[RankingRow, ...]


def read_season(
    store: Store, flt: StatsFilter, method: str, cancel: threading.Event | None = None
) -> SeasonData:
    """The season ranking exactly as ``skat-desktop db ranking`` computes it (Qt-free)."""
    profiles = tuple((p["name"], p["title"]) for p in store.profiles())
    ranking = season_ranking(store, flt, method=method)
    return SeasonData(flt, method, profiles, tuple(ranking))


def _profile_name(name: str, title: str) -> str:
    """A built-in profile's title in the player's language, a copy's as typed."""
    builtin = BUILTIN.get(name)
    return profile_title(builtin) if builtin is not None else title


PERIODS = ("this_year", "last_year", "all", "chosen")


class SeasonView(QWidget):
    """The club's ranking over a season: every series in a date range (and under one rule
    profile, if chosen), each table rated on its own by the chosen method (Seeger-Fabian
    by default) and the ratings summed per player, as ``db ranking`` does.

    ``set_range(date_from, date_to)`` and ``set_period("this_year" | "last_year" |
    "all")`` choose the season; a double click on a player opens his statistics.
    ``loaded`` once a ranking is on screen, ``failed(message)`` if none could be made.
    """

    loaded = Signal()
    failed = Signal(str)
    player_activated = Signal(int)

    def __init__(self, store: StoreSource | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store, self._unreadable = _open(store)
        self._filling = False
        self._stale = False
        self.data: SeasonData | None = None

        self.period_box = QComboBox(self)
        for key in PERIODS:
            self.period_box.addItem("", key)
        self.date_from = self._date_edit()
        self.date_to = self._date_edit()
        self.profile_box = QComboBox(self)
        self.profile_box.addItem("", None)
        self.method_box = QComboBox(self)
        for method in METHODS:
            self.method_box.addItem(method_name(method), method)
        for box in (self.period_box, self.profile_box, self.method_box):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.profile_box.setMaximumWidth(360)
        keep_text_whole(self.period_box, self.profile_box, self.method_box)
        self._labels = [QLabel(self) for _ in range(5)]
        filters = QGridLayout()
        filters.setHorizontalSpacing(8)
        boxes = (self.period_box, self.date_from, self.date_to, self.profile_box, self.method_box)
        for i, (label, box) in enumerate(zip(self._labels, boxes, strict=True)):
            label.setBuddy(box)
            row, col = divmod(i, 3)
            filters.addWidget(label, row, 2 * col)
            filters.addWidget(box, row, 2 * col + 1, Qt.AlignmentFlag.AlignLeft)
        filters.setColumnStretch(6, 1)

        self.status = plain_label(QLabel(self))  # a message may quote the database
        self.status.setWordWrap(True)
        self.status.hide()
        self.model = RankingModel(self)
        self.table = _table(self, self.model)
        self.table.doubleClicked.connect(self._activated)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(filters)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)

        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._show)
        self._loader.failed.connect(self._fail)
        self.period_box.currentIndexChanged.connect(self._period_chosen)
        for edit in (self.date_from, self.date_to):
            edit.dateChanged.connect(self._dates_changed)
        for box in (self.profile_box, self.method_box):
            box.currentIndexChanged.connect(self._filters_changed)
        self.player_activated.connect(self._open_statistics)
        self._retranslate()
        self.set_period("this_year")

    def _date_edit(self) -> QDateEdit:
        edit = QDateEdit(self)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat("yyyy-MM-dd")
        edit.setMinimumDate(_NO_DATE)
        edit.setSpecialValueText("—")
        edit.setDate(_NO_DATE)
        return edit

    # the API ----------------------------------------------------------------------------

    @property
    def rows(self) -> tuple[RankingRow, ...]:
        """The ranking on screen, best first."""
        return self.model.rows

    @property
    def busy(self) -> bool:
        return self._loader.busy

    def set_store(self, store: StoreSource | None) -> None:
        self._store, self._unreadable = _open(store)
        self.refresh()

    def set_period(self, period: str) -> None:
        """ "this_year", "last_year", "all" (no limits) or "chosen" (the dates as they are)."""
        i = self.period_box.findData(period)
        if i < 0:
            raise ValueError(f"unknown period {period!r}")
        if i == self.period_box.currentIndex():
            self._period_chosen()
        else:
            self.period_box.setCurrentIndex(i)

    def set_range(self, date_from: str | None, date_to: str | None) -> None:
        """The season from ``date_from`` to ``date_to`` (YYYY-MM-DD, inclusive; None: no
        limit on that side)."""
        self._filling = True
        try:
            self.date_from.setDate(_qdate(date_from))
            self.date_to.setDate(_qdate(date_to))
            self.period_box.setCurrentIndex(self.period_box.findData(self._period_of_dates()))
        finally:
            self._filling = False
        self.refresh()

    def set_filter(self, profile: str | None = None, method: str | None = None) -> None:
        """The rule profile (its name, as ``db ranking --profile``; None: all) and the
        rating method (as ``--method``)."""
        self._filling = True
        try:
            i = self.profile_box.findData(profile)
            if i < 0 and profile is not None:  # not read yet: kept until the list arrives
                self.profile_box.addItem(profile, profile)
                i = self.profile_box.count() - 1
            self.profile_box.setCurrentIndex(max(i, 0))
            if method is not None:
                self.method_box.setCurrentIndex(max(self.method_box.findData(method), 0))
        finally:
            self._filling = False
        self.refresh()

    def current_filter(self) -> StatsFilter:
        return StatsFilter(
            profile=self.profile_box.currentData(),
            date_from=_date_text(self.date_from),
            date_to=_date_text(self.date_to),
        )

    @property
    def method(self) -> str:
        return self.method_box.currentData() or "seeger_fabian"

    @Slot()
    def refresh(self) -> None:
        """Compute the ranking again for the filters as they are."""
        if self._store is None:
            self._loader.cancel()
            if self._unreadable:
                _say(self.status, self._unreadable, True)
            return
        flt, method = self.current_filter(), self.method
        self._loader.load(self._store, lambda store, cancel: read_season(store, flt, method))

    @Slot(object)
    def table_event(self, event: object) -> None:
        """Read again once a deal has ended (connect ``MainWindow.tableEvent``); a hidden
        view waits until it is shown."""
        refresh_after_deal(self, event)

    def showEvent(self, event: QShowEvent) -> None:
        refresh_if_stale(self)
        super().showEvent(event)

    # filters ----------------------------------------------------------------------------

    def _period_of_dates(self) -> str:
        start, end = self.date_from.date(), self.date_to.date()
        if start == _NO_DATE and end == _NO_DATE:
            return "all"
        year = QDate.currentDate().year()
        for key, y in (("this_year", year), ("last_year", year - 1)):
            if start == QDate(y, 1, 1) and end == QDate(y, 12, 31):
                return key
        return "chosen"

    @Slot()
    def _period_chosen(self) -> None:
        if self._filling:
            return
        period = self.period_box.currentData()
        year = QDate.currentDate().year()
        dates = {
            "this_year": (QDate(year, 1, 1), QDate(year, 12, 31)),
            "last_year": (QDate(year - 1, 1, 1), QDate(year - 1, 12, 31)),
            "all": (_NO_DATE, _NO_DATE),
        }.get(period)
        if dates is not None:
            self._filling = True
            try:
                self.date_from.setDate(dates[0])
                self.date_to.setDate(dates[1])
            finally:
                self._filling = False
        self.refresh()

    @Slot()
    def _dates_changed(self) -> None:
        if self._filling:
            return
        self._filling = True
        try:  # dates typed by hand: the quick choice says which it is now
            self.period_box.setCurrentIndex(self.period_box.findData(self._period_of_dates()))
        finally:
            self._filling = False
        self.refresh()

    @Slot()
    def _filters_changed(self) -> None:
        if not self._filling:
            self.refresh()

    def _fill_profiles(self, profiles: tuple[tuple[str, str], ...]) -> None:
        chosen = self.profile_box.currentData()
        self._filling = True
        try:
            self.profile_box.clear()
            self.profile_box.addItem(self.tr("All rule profiles"), None)
            for name, title in profiles:
                self.profile_box.addItem(_profile_name(name, title), name)
            self.profile_box.setCurrentIndex(max(self.profile_box.findData(chosen), 0))
        finally:
            self._filling = False

    # showing ----------------------------------------------------------------------------

    @Slot(object)
    def _show(self, data: SeasonData) -> None:
        self.data = data
        self._fill_profiles(data.profiles)
        self.model.set_ranking(data.ranking, data.method)
        if data.ranking:
            self.status.hide()
        else:
            _say(self.status, self.tr("No series with deals in this season."), False)
        self.loaded.emit()

    @Slot(str)
    def _fail(self, message: str) -> None:
        self.model.set_ranking((), self.method)
        _say(
            self.status,
            fill(self.tr("The ranking cannot be computed: %1"), message),
            True,
        )
        self.failed.emit(message)

    @Slot(QModelIndex)
    def _activated(self, index: QModelIndex) -> None:
        if index.isValid() and index.row() < len(self.model.rows):
            self.player_activated.emit(self.model.rows[index.row()].player_id)

    @Slot(int)
    def _open_statistics(self, player_id: int) -> None:
        if self._store is not None:
            player_statistics(self, self._store, player_id)

    def _retranslate(self) -> None:
        for edit in (self.date_from, self.date_to):  # dates as the language writes them
            edit.setDisplayFormat(date_pattern())
        for label, text in zip(
            self._labels,
            (
                self.tr("&Season:"),
                self.tr("&From:"),
                self.tr("&To:"),
                self.tr("R&ules:"),
                self.tr("&Ranking by:"),
            ),
            strict=True,
        ):
            label.setText(text)
        for i, text in enumerate(
            (self.tr("This year"), self.tr("Last year"), self.tr("All"), self.tr("Chosen dates"))
        ):
            self.period_box.setItemText(i, text)
        for i, method in enumerate(METHODS):
            self.method_box.setItemText(i, method_name(method))
        if self.profile_box.count():
            self.profile_box.setItemText(0, self.tr("All rule profiles"))
        if self.data is not None:
            self._fill_profiles(self.data.profiles)
            self.model.set_ranking(self.data.ranking, self.data.method)
        if self.data is not None and not self.data.ranking:
            _say(self.status, self.tr("No series with deals in this season."), False)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "model"):
            self._retranslate()
        super().changeEvent(event)


def season_title() -> str:
    """The Season tab's name (for ``ClubWindow.add_tab``)."""
    return QCoreApplication.translate("SeasonView", "Season")


def _date_text(edit: QDateEdit) -> str | None:
    d = edit.date()
    return None if d == edit.minimumDate() else d.toString("yyyy-MM-dd")


def _qdate(text: str | None) -> QDate:
    if not text:
        return _NO_DATE
    d = QDate.fromString(text, "yyyy-MM-dd")
    return d if d.isValid() else _NO_DATE


# ---------------------------------------------------------------------- players


@dataclass(frozen=True)
class PlayerLine:
    """A player of the club as the players' list shows him."""

    id: int
    name: str
    guest: bool
    kind: str  # "human" or "computer"
    series: int  # series he sat at
    last_played: str | None  # the date of the latest of them


def read_players(store: Store, cancel: threading.Event | None = None) -> tuple[PlayerLine, ...]:
    """Every player with the number of series he sat at and the latest date (Qt-free)."""
    count: dict[int, int] = {}
    last: dict[int, str] = {}
    for row in store.list_series():
        if cancel is not None and cancel.is_set():
            break
        try:
            seats = store.series(row["id"]).players
        except StoreError:  # a damaged series: its players are counted where it reads
            continue
        for pid, _name in seats:
            count[pid] = count.get(pid, 0) + 1
            last[pid] = max(last.get(pid, ""), row["date"])
    return tuple(
        PlayerLine(
            id=p["id"],
            name=p["name"],
            guest=bool(p["guest"]),
            kind=p["kind"],
            series=count.get(p["id"], 0),
            last_played=last.get(p["id"]),
        )
        for p in store.players()
    )


class PlayersModel(QAbstractTableModel):
    """The club's players: name, member or guest, series played, last played."""

    NAME, STATUS, SERIES, LAST = range(4)
    SORT_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.players: tuple[PlayerLine, ...] = ()

    def set_players(self, players: tuple[PlayerLine, ...]) -> None:
        self.beginResetModel()
        self.players = players
        self.endResetModel()

    def retranslate(self) -> None:
        if self.players:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.players) - 1, 3))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 3)

    def headings(self) -> list[str]:
        return [self.tr("Player"), self.tr("Status"), self.tr("Series"), self.tr("Last played")]

    def status_text(self, p: PlayerLine) -> str:
        if p.kind == "computer":
            return self.tr("computer")
        return self.tr("guest") if p.guest else self.tr("member")

    def rowCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(self.players)

    def columnCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 4

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.headings()[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(section)
        return None

    def _alignment(self, column: int) -> Qt.AlignmentFlag:
        side = Qt.AlignmentFlag.AlignRight if column == self.SERIES else Qt.AlignmentFlag.AlignLeft
        return side | Qt.AlignmentFlag.AlignVCenter

    def data(self, index: _IndexLike, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        p = self.players[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                p.name,
                self.status_text(p),
                number(p.series),
                local_date(p.last_played) if p.last_played else "–",
            )[column]
        if role == self.SORT_ROLE:
            return (p.name.casefold(), self.status_text(p), p.series, p.last_played or "")[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(column)
        if role == Qt.ItemDataRole.ForegroundRole and column == self.STATUS and p.guest:
            return QBrush(muted_color(QGuiApplication.palette()))
        if role == Qt.ItemDataRole.UserRole:
            return p.id
        return None


class PlayersView(QWidget):
    """The club's players: rename one, mark a guest or a member again, open a player's
    statistics. Changes go through the writer; a refused one (a name that is empty or
    taken, a busy or read-only database) is one line under the list and changes nothing.

    ``loaded`` once the list is on screen, ``changed(player_id)`` after a player was
    renamed or marked (the sheets and the statistics name him anew).
    """

    loaded = Signal()
    failed = Signal(str)
    changed = Signal(int)

    def __init__(
        self,
        store: StoreSource | None = None,
        writer: StoreWriter | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._store, self._unreadable = _open(store)
        self._stale = False
        self._want: int | None = None  # the player to select once the list is read
        self._write = WriteRequest(writer, self)
        self._write.finished.connect(self._written)
        self._pending: tuple[str, int, object] | None = None

        self.model = PlayersModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(PlayersModel.SORT_ROLE)
        self.table = _table(self, self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(PlayersModel.NAME, Qt.SortOrder.AscendingOrder)
        self.table.horizontalHeader().setSectionResizeMode(
            PlayersModel.NAME, QHeaderView.ResizeMode.Stretch
        )
        self.table.selectionModel().currentRowChanged.connect(self._chosen)
        self.table.doubleClicked.connect(lambda _index: self.open_statistics())

        self.name_label = QLabel(self)
        self.name_edit = QLineEdit(self)
        self.name_edit.setMaxLength(MAX_AUTHOR)
        self.name_label.setBuddy(self.name_edit)
        self.name_edit.returnPressed.connect(self.rename_current)
        self.rename_button = QPushButton(self)
        self.rename_button.clicked.connect(self.rename_current)
        self.guest_button = QPushButton(self)
        self.guest_button.clicked.connect(self.toggle_guest)
        self.stats_button = QPushButton(self)
        self.stats_button.clicked.connect(self.open_statistics)
        row = QHBoxLayout()
        row.addWidget(self.name_label)
        row.addWidget(self.name_edit, 1)
        row.addWidget(self.rename_button)
        row.addWidget(self.guest_button)
        row.addWidget(self.stats_button)

        self.status = plain_label(QLabel(self))  # the store's reason quotes a name
        self.status.setWordWrap(True)
        self.status.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.status)

        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._show)
        self._loader.failed.connect(self._fail)
        self._retranslate()
        self._enable()
        if writer is None:
            _say(self.status, viewing_only_text(), False)
        self.refresh()

    # the API ----------------------------------------------------------------------------

    @property
    def players(self) -> tuple[PlayerLine, ...]:
        return self.model.players

    @property
    def busy(self) -> bool:
        return self._loader.busy or self._write.busy

    def current_player(self) -> PlayerLine | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        pid = self.proxy.index(index.row(), 0).data(Qt.ItemDataRole.UserRole)
        return next((p for p in self.model.players if p.id == pid), None)

    def select_player(self, player_id: int) -> None:
        """Make ``player_id`` the current player (once the list has him)."""
        self._want = player_id
        for row in range(self.proxy.rowCount()):
            if self.proxy.index(row, 0).data(Qt.ItemDataRole.UserRole) == player_id:
                self.table.setCurrentIndex(self.proxy.index(row, 0))
                self.table.scrollTo(self.proxy.index(row, 0))
                return

    def set_store(self, store: StoreSource | None) -> None:
        self._store, self._unreadable = _open(store)
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        if self._store is None:
            self._loader.cancel()
            if self._unreadable:
                _say(self.status, self._unreadable, True)
            return
        self._loader.load(self._store, lambda store, cancel: read_players(store, cancel))

    @Slot(object)
    def table_event(self, event: object) -> None:
        """Read again once a deal has ended (connect ``MainWindow.tableEvent``); a hidden
        view waits until it is shown."""
        refresh_after_deal(self, event)

    def showEvent(self, event: QShowEvent) -> None:
        refresh_if_stale(self)
        super().showEvent(event)

    def rename(self, player_id: int, name: str) -> bool:
        """Rename ``player_id`` to ``name`` through the writer; False if not even tried
        (the answer comes later: ``changed`` or a line under the list)."""
        new = name.strip()
        if not new:
            _say(self.status, self.tr("A player needs a name."), True)
            return False
        return self._submit(
            ("rename", player_id, new), lambda store: club.rename_player(store, player_id, new)
        )

    def set_guest(self, player_id: int, guest: bool) -> bool:
        """Mark ``player_id`` as a guest (or a member again) through the writer."""
        return self._submit(
            ("guest", player_id, guest), lambda store: club.mark_guest(store, player_id, guest)
        )

    @Slot()
    def rename_current(self) -> None:
        p = self.current_player()
        if p is not None:
            self.rename(p.id, self.name_edit.text())

    @Slot()
    def toggle_guest(self) -> None:
        p = self.current_player()
        if p is not None:
            self.set_guest(p.id, not p.guest)

    @Slot()
    def open_statistics(self) -> None:
        p = self.current_player()
        if p is not None and self._store is not None:
            player_statistics(self, self._store, p.id)

    # writing ----------------------------------------------------------------------------

    def _submit(self, what: tuple[str, int, object], job: Any) -> bool:
        if self._write.writer is None:
            _say(self.status, failure_text(_viewing_only()), True)
            return False
        if not self._write.submit(job):
            return False  # one change at a time: the buttons wait for the answer
        self._pending = what
        self._enable()
        _say(self.status, self.tr("Saving…"), False)
        return True

    @Slot(bool, object)
    def _written(self, ok: bool, answer: object) -> None:
        what, self._pending = self._pending, None
        self._enable()
        if not ok or what is None:
            _say(self.status, failure_text(answer), True)
            return
        kind, pid, value = what
        old = next((p.name for p in self.model.players if p.id == pid), "")
        if kind == "rename":
            text = fill(self.tr("%1 is now called %2."), old, value)
        elif value:
            text = fill(self.tr("%1 is marked as a guest."), old)
        else:
            text = fill(self.tr("%1 is marked as a member."), old)
        _say(self.status, text, False)
        self._want = pid
        self.refresh()
        self.changed.emit(pid)

    # showing ----------------------------------------------------------------------------

    @Slot(object)
    def _show(self, players: tuple[PlayerLine, ...]) -> None:
        keep = self._want
        current = self.current_player()
        if keep is None and current is not None:
            keep = current.id
        self.model.set_players(players)
        if keep is not None:
            self.select_player(keep)
        self._want = None
        self._chosen()
        self.loaded.emit()

    @Slot(str)
    def _fail(self, message: str) -> None:
        _say(
            self.status,
            fill(self.tr("The players cannot be read: %1"), message),
            True,
        )
        self.failed.emit(message)

    @Slot()
    def _chosen(self, *_args: object) -> None:
        p = self.current_player()
        self.name_edit.setText(p.name if p is not None else "")
        self._enable()

    def _enable(self) -> None:
        p = self.current_player()
        writable = self._write.writer is not None and not self._write.busy
        human = p is not None and p.kind != "computer"
        self.name_edit.setEnabled(p is not None and writable)
        self.rename_button.setEnabled(p is not None and writable)
        self.guest_button.setEnabled(human and writable)
        self.stats_button.setEnabled(p is not None)
        self._guest_text()

    def _guest_text(self) -> None:
        p = self.current_player()
        member = p is not None and p.guest
        self.guest_button.setText(
            self.tr("Mark as &member") if member else self.tr("Mark as &guest")
        )
        # as wide as the longer of its two words, so the row does not jump at a change
        fm = self.guest_button.fontMetrics()
        widest = max(
            fm.horizontalAdvance(t.replace("&", ""))
            for t in (self.tr("Mark as &member"), self.tr("Mark as &guest"))
        )
        self.guest_button.setMinimumWidth(widest + 2 * fm.horizontalAdvance("M") + 8)

    def _retranslate(self) -> None:
        self.name_label.setText(self.tr("&Name:"))
        self.rename_button.setText(self.tr("&Rename"))
        self.stats_button.setText(self.tr("&Statistics…"))
        self._guest_text()
        self.model.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "model"):
            self._retranslate()
        super().changeEvent(event)


def players_title() -> str:
    """The Players tab's name (for ``ClubWindow.add_tab``)."""
    return QCoreApplication.translate("PlayersView", "Players")


# -------------------------------------------------------------- a player's statistics


class PlayerStatsDialog(FitsScreen, QDialog):
    """One player's statistics: the side panel's :class:`StatisticsView` (the same
    figures as ``skat-desktop db stats NAME``, with its charts and filters), opened on
    that player. Not modal: several players can be compared side by side. 960 x 640 where
    the screen has the room, else the room, the view scrolling in it."""

    def __init__(self, store: Store, player_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player_id = player_id
        self.store = store  # kept: the view reads through it
        self.view = StatisticsView(store, self)
        self.view.set_player(player_id)
        # as in the side panel: the view scrolls where the screen is too small for it
        # (its filters and figures at their least), the Close button stays in sight
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 8)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(buttons)
        self.resize(960, 640)  # less where the screen is smaller
        self._name = next(
            (p["name"] for p in store.players() if p["id"] == player_id), str(player_id)
        )
        self._retranslate()

    def _retranslate(self) -> None:
        self.setWindowTitle(fill(self.tr("Statistics of %1"), self._name))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "view"):
            self._retranslate()
        super().changeEvent(event)


def player_statistics(
    parent: QWidget | None, store: StoreSource | None, who: int | str
) -> PlayerStatsDialog | None:
    """Open the statistics of the player ``who`` (his id or his name) beside the window;
    one dialog per player (an open one is raised). A player the database does not know
    (or a database that cannot be read) is one line in a message, and ``None``."""
    try:
        reader = reading_store(store)
        if reader is None:
            raise StoreError("there is no database")
        if isinstance(who, str):
            found = reader.find_player(who)
            if found is None:
                raise StoreError(f"there is no player called {who.strip()!r}")
            player_id = found
        else:
            reader.player_name(who)
            player_id = who
    except (StoreError, OSError) as e:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            QCoreApplication.translate("ClubAdmin", "Statistics"),
            fill(QCoreApplication.translate("ClubAdmin", "No statistics: %1"), _one_line(e)),
            QMessageBox.StandardButton.Ok,
            parent,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return None
    if parent is not None:
        for open_one in parent.findChildren(PlayerStatsDialog):
            if open_one.player_id == player_id and open_one.isVisible():
                open_one.raise_()
                open_one.activateWindow()
                return open_one
    dialog = PlayerStatsDialog(reader, player_id, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog


def follow_name_clicks(
    sheet_view: QWidget, store: StoreSource | None, parent: QWidget | None = None
) -> None:
    """A click on a player's name in the score sheet's header opens his statistics.

    ``sheet_view`` is a :class:`~skat_desktop.gui.sheet_view.ScoreSheetView`; the header
    of its table says which column was clicked, its sheet whose column that is."""
    view: Any = sheet_view

    def clicked(column: int) -> None:
        summary = view.summary
        if summary is None:
            return
        for seat, (player_id, _name) in enumerate(summary.info.players):
            if view.model.player_column(seat) == column:
                player_statistics(parent or view.window(), store, player_id)
                return

    view.table.horizontalHeader().sectionClicked.connect(clicked)
