"""A score sheet and a season ranking on paper and as PDF (issue 25, item 5).

The printed sheet looks like the club's paper score sheet: a header (title, date, place,
rule profile, the table's players, planned deals, stake, open or signed), one line per
deal (number, dealer, declarer, game, bid, value, won or lost, each player's running total
with the deal's score in small in front of it, the Bock/Ramsch/Kontra/overbid/correction
marks of the screen's sheet), a thicker line after each round, then the totals, games won
and lost, the Seeger-Fabian evaluation with its bonuses, the profile's own method, money
and places, and a line for the players' signatures. The ranking prints the season's
table as the Season tab shows it.

Nothing here computes a rule: the lines and the footer are what
:class:`~skat_desktop.gui.sheet_view.SheetModel` makes of :func:`read_sheet
<skat_desktop.gui.sheet_view.read_sheet>` (so paper and screen agree), the ranking is
:func:`~skat_desktop.gui.club_admin.read_season` shown through the Season tab's
:class:`~skat_desktop.gui.stats_view.RankingModel`; the Seeger-Fabian bonuses use the
engine's own constants and are printed only where they add up to the engine's total.

Reading happens off the GUI thread (:class:`~skat_desktop.gui.club_files.ClubTask`); the
document is built and painted on the GUI thread. :func:`paint_pages` lays the document
out for the device (a printer, a PDF writer) at its own resolution -- so the PDF keeps
real text -- as A4 portrait pages with margins by default; long sheets continue on more
pages with the column headings repeated and "Page 1 of 2" at the foot of each. A PDF is
written whole or not at all and never over the database (:mod:`skat_desktop.store.files`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QIODevice,
    QMarginsF,
    QObject,
    QRectF,
    Qt,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QKeySequence,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrameFormat,
    QTextLength,
    QTextTable,
    QTextTableCellFormat,
    QTextTableFormat,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from skat_desktop.app.statistics import StatsFilter
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.engine.tournament import SEEGER_FABIAN_BONUS, WON_LOST_POINTS
from skat_desktop.gui.club_admin import SeasonData, SeasonView, read_season
from skat_desktop.gui.club_desk import SeriesHeader, SeriesPage, local_time, read_series_header
from skat_desktop.gui.club_files import (
    ClubTask,
    StoreSource,
    ask_save_path,
    database_of,
    export_ranking_csv,
    export_sheet_csv,
    file_name,
)
from skat_desktop.gui.game_words import deals_of_text, deals_text, fill, local_date, number, signed
from skat_desktop.gui.i18n import OnLanguageChange
from skat_desktop.gui.profile_editor import profile_title
from skat_desktop.gui.series_list import rules_title
from skat_desktop.gui.sheet_view import (
    KIND_ROLE,
    MUTED_ROLE,
    SCORE_ROLE,
    SheetData,
    SheetModel,
    read_sheet,
)
from skat_desktop.gui.stats_view import RankingModel, method_name
from skat_desktop.store import files
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

_CONTEXT = "ClubPrint"

BODY_PT = 8.5
SMALL_PT = 6.5
TITLE_PT = 16.0
FOOTER_PT = 7.0
MARGIN_MM = 15.0  # A4's margins on every side
FOOTER_MM = 7.0  # the band at the foot of each page: title and "Page 1 of 2"
PDF_DPI = 300
INK = QColor(0, 0, 0)
GRID = QColor(150, 150, 150)
SHADE = QColor(232, 232, 232)  # the headings' row
SITTING_OUT = QColor(242, 242, 242)  # the dealer's cell at a table of four
MUTED_INK = QColor(90, 90, 90)
THIN = 0.5  # document pixels (1/96 inch): the grid
THICK = 1.3  # after each round, under the headings, above the totals


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class PrintedSheet:
    """What the printed sheet shows: the screen's sheet, its header, and the bids."""

    sheet: SheetData
    header: SeriesHeader
    bids: dict[int, int]  # deal number -> the bid of a declared game


def read_printed_sheet(
    store: Store, series_id: int, cancel: threading.Event | None = None
) -> PrintedSheet:
    """Everything the printed sheet needs (Qt-free: runs on a worker with its own store)."""
    sheet = read_sheet(store, series_id, cancel)
    header = read_series_header(store, series_id, cancel)
    bids = {
        r["number"]: r["bid"]
        for r in store.deal_rows(series_id)
        if r["kind"] == "game" and r["bid"]
    }
    return PrintedSheet(sheet, header, bids)


# ----------------------------------------------------------------- building a document


def _char(size: float | None = None, bold: bool = False, muted: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    if size is not None:
        fmt.setFontPointSize(size)
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    if muted:
        fmt.setForeground(QBrush(MUTED_INK))
    return fmt


_LEFT = Qt.AlignmentFlag.AlignLeft
_RIGHT = Qt.AlignmentFlag.AlignRight
_CENTER = Qt.AlignmentFlag.AlignHCenter
KEEP_TOGETHER = QTextFormat.Property.UserProperty + 1
"""A table with this property is moved to the next page rather than split (if it fits)."""
DOC_DPI = 96  # document pixels per inch: the unit of paddings, borders and widths here
LINE_PX = (210 - 2 * MARGIN_MM) / 25.4 * DOC_DPI  # the width of A4's line in document pixels
TEXT_SLACK = 1.05
PADDING = (1.5, 3.0)  # a cell's padding above/below and left/right, document pixels

Parts = list[tuple[str, QTextCharFormat]]


def _fonts() -> tuple[QFont, QFont, QFont]:
    """The body font, its bold and the small one, at the document's size."""
    body = QFont(QApplication.font())
    body.setPointSizeF(BODY_PT)
    bold = QFont(body)
    bold.setBold(True)
    small = QFont(body)
    small.setPointSizeF(SMALL_PT)
    return body, bold, small


class _Measure:
    """Text widths in document pixels, for sharing the line among a table's columns."""

    def __init__(self) -> None:
        self._device = QImage(1, 1, QImage.Format.Format_RGB32)
        dots = round(DOC_DPI / 0.0254)
        self._device.setDotsPerMeterX(dots)
        self._device.setDotsPerMeterY(dots)
        body, bold, small = _fonts()
        self.body = QFontMetricsF(body, self._device)
        self.bold = QFontMetricsF(bold, self._device)
        self.small = QFontMetricsF(small, self._device)

    def cell(self, text: str, font: str = "body", wrap: bool = False) -> tuple[float, float]:
        """A cell's width on one line and its least width (its longest word where it
        may ``wrap``, else the whole text), in document pixels."""
        metrics: QFontMetricsF = getattr(self, font)
        wide = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0.0)
        if not wrap:
            return wide, wide
        least = max((metrics.horizontalAdvance(w) for w in text.split()), default=0.0)
        return wide, least

    def widths(
        self,
        columns: list[list[tuple[float, float]]],
        stages: list[set[int]],
        grow: set[int],
    ) -> tuple[list[float], bool]:
        """Per cent of the line for each column: each as wide as its widest cell (``(wide,
        least)`` pairs, :meth:`cell`); when the line is too short, the columns of the first
        of ``stages`` are narrowed towards their least width, then those of the next; the
        room left over goes to the ``grow`` columns. And whether every column got at least
        its least width (else all were narrowed alike, and a word may break)."""
        pad = 2 * PADDING[1] + 4  # the padding, the rules, and a little air
        # the printer's resolution sets some text a few per cent wider than here
        natural = [max((w for w, _ in c), default=0.0) * TEXT_SLACK + pad for c in columns]
        least = [max((lo for _, lo in c), default=0.0) * TEXT_SLACK + pad for c in columns]
        out = list(natural)
        for stage in stages:
            over = sum(out) - LINE_PX
            if over <= 0:
                break
            slack = sum(out[c] - least[c] for c in stage)
            if slack <= 0:
                continue  # nothing to take from these: the next stage's columns give way
            cut = min(over, slack)
            out = [w - cut * (w - least[c]) / slack if c in stage else w for c, w in enumerate(out)]
        over = sum(out) - LINE_PX
        if over < 0:
            for c in grow:
                out[c] -= over / max(1, len(grow))
        total = sum(out)
        return [100 * w / total for w in out], over <= 0.5


class _Paper:
    """Writes a document the way a club's form is laid out: paragraphs and ruled tables.

    Sizes are in document pixels (:data:`DOC_DPI`) and points; :func:`paint_pages` lays
    the document out again for the printer's resolution."""

    def __init__(self, footer: str) -> None:
        self.doc = QTextDocument()
        self.doc.setDocumentMargin(0)
        self.doc.setUseDesignMetrics(True)  # the same line breaks at every resolution
        self.doc.setDefaultFont(_fonts()[0])
        self.doc.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, footer)
        self.cursor = QTextCursor(self.doc)
        self._empty_block = True  # the block at the cursor is still empty: use it

    def paragraph(
        self,
        parts: Parts | str,
        align: Qt.AlignmentFlag = _LEFT,
        top: float = 0.0,
        bottom: float = 0.0,
    ) -> None:
        fmt = QTextBlockFormat()
        fmt.setAlignment(align)
        fmt.setTopMargin(top)
        fmt.setBottomMargin(bottom)
        if self._empty_block:
            self.cursor.setBlockFormat(fmt)
            self._empty_block = False
        else:
            self.cursor.insertBlock(fmt)
        if isinstance(parts, str):
            parts = [(parts, QTextCharFormat())]
        for text, char in parts:
            self.cursor.insertText(text, char)

    def table(
        self,
        rows: int,
        widths: list[float],
        header_rows: int = 0,
        top: float = 0.0,
        keep_together: bool = False,
    ) -> QTextTable:
        """A table of ``rows`` rows whose columns take ``widths`` per cent of the line;
        its first ``header_rows`` are repeated at the top of every page."""
        fmt = QTextTableFormat()
        fmt.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
        fmt.setColumnWidthConstraints(
            [QTextLength(QTextLength.Type.PercentageLength, w) for w in widths]
        )
        fmt.setHeaderRowCount(header_rows)
        fmt.setBorder(0)
        fmt.setBorderCollapse(True)
        fmt.setCellSpacing(0)
        fmt.setCellPadding(0)
        fmt.setTopMargin(top)
        fmt.setAlignment(_LEFT)
        fmt.setProperty(KEEP_TOGETHER, keep_together)
        table = self.cursor.insertTable(rows, len(widths), fmt)
        self.cursor.movePosition(QTextCursor.MoveOperation.End)
        self._empty_block = True
        return table

    @staticmethod
    def cell(
        table: QTextTable,
        row: int,
        column: int,
        parts: Parts | str,
        align: Qt.AlignmentFlag = _LEFT,
        grid: bool = True,
        top: float | None = None,
        bottom: float | None = None,
        background: QColor | None = None,
        padding: tuple[float, float] = PADDING,
    ) -> None:
        """Fill a cell; ``grid`` rules it thin on every side (``top``/``bottom``: a black
        rule of that width there)."""
        cell = table.cellAt(row, column)
        fmt = QTextTableCellFormat()
        fmt.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
        fmt.setTopPadding(padding[0])
        fmt.setBottomPadding(padding[0])
        fmt.setLeftPadding(padding[1])
        fmt.setRightPadding(padding[1])
        if grid:
            fmt.setBorder(THIN)
            fmt.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
            fmt.setBorderBrush(QBrush(GRID))
        if top is not None:
            fmt.setTopBorder(top)
            fmt.setTopBorderBrush(QBrush(INK))
            fmt.setTopBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        if bottom is not None:
            fmt.setBottomBorder(bottom)
            fmt.setBottomBorderBrush(QBrush(INK))
            fmt.setBottomBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        if background is not None:
            fmt.setBackground(QBrush(background))
        cell.setFormat(fmt)
        cursor = cell.firstCursorPosition()
        block = QTextBlockFormat()
        block.setAlignment(align)
        cursor.setBlockFormat(block)
        if isinstance(parts, str):
            parts = [(parts, QTextCharFormat())]
        for text, char in parts:
            cursor.insertText(text, char)


def _facts(paper: _Paper, facts: list[tuple[str, str]]) -> None:
    """The header's facts as on a form: label and value, two pairs a line."""
    measure = _Measure()
    label = max(measure.bold.horizontalAdvance(k) for k, _ in facts) + 2 * PADDING[1] + 4
    label_share = min(20.0, 100 * label / LINE_PX)
    table = paper.table((len(facts) + 1) // 2, [label_share, 50 - label_share] * 2, top=4)
    for i, (key, value) in enumerate(facts):
        row, pair = divmod(i, 2)
        pad = (1.0, PADDING[1])
        paper.cell(table, row, 2 * pair, [(key, _char(bold=True))], grid=False, padding=pad)
        paper.cell(table, row, 2 * pair + 1, value, grid=False, padding=pad)


def _title(paper: _Paper, kind: str, title: str) -> None:
    paper.paragraph([(kind.upper(), _char(SMALL_PT, bold=True, muted=True))])
    paper.paragraph([(title, _char(TITLE_PT, bold=True))], bottom=2)


def _heading_row(
    paper: _Paper, table: QTextTable, cells: list[tuple[str, Qt.AlignmentFlag]]
) -> None:
    for column, (text, align) in enumerate(cells):
        paper.cell(
            table, 0, column, [(text, _char(bold=True))], align, bottom=THICK, background=SHADE
        )


# ------------------------------------------------------------------------ score sheet

# the printed columns as the screen's SheetModel numbers them (4 is its "Result", 5 its
# "Value"); the bid is the printed sheet's own
_NUMBER, _DEALER, _DECLARER, _GAME, _RESULT, _VALUE = range(6)
_BID = -1
_PRINTED = (_NUMBER, _DEALER, _DECLARER, _GAME, _BID, _VALUE, _RESULT)
_NUMERIC = (_NUMBER, _BID, _VALUE)
_FIXED_ON_SCREEN = range(6)  # the screen's columns before the players'


def _stake_text(cents: float) -> str:
    decimals = 0 if float(cents).is_integer() else 1
    return fill(QCoreApplication.translate("ClubPrint", "%1 ct a point"), number(cents, decimals))


def _state_text(header: SeriesHeader) -> str:
    if not header.listing.closed:
        return QCoreApplication.translate("ClubPrint", "open (not signed yet)")
    if not header.signed_by:
        return QCoreApplication.translate("ClubPrint", "closed")
    day, clock = local_time(header.signed_at or "")
    text = fill(
        QCoreApplication.translate("ClubPrint", "closed, signed by %1 on %2 at %3"),
        header.signed_by,
        day,
        clock,
    )
    if header.signed_why and header.signed_why != "signed":
        text += f" ({header.signed_why})"
    return text


def _seeger_fabian_parts(data: PrintedSheet) -> list[tuple[str, tuple[int, ...]]]:
    """The bonuses of the Seeger-Fabian evaluation as a paper sheet adds them up: 50 per
    game won, −50 per game lost, 40 (30 at four) per game another player lost -- the
    engine's constants, printed only if they give the engine's total."""
    s = data.sheet.summary
    bonus = SEEGER_FABIAN_BONUS.get(s.info.table_size)
    if bonus is None:
        return []
    lost_by_all = sum(s.lost)
    won = tuple(WON_LOST_POINTS * w for w in s.won)
    lost = tuple(-WON_LOST_POINTS * lo for lo in s.lost)
    others = tuple(bonus * (lost_by_all - lo) for lo in s.lost)
    sums = tuple(t + a + b + c for t, a, b, c in zip(s.totals, won, lost, others, strict=True))
    if sums != tuple(s.seeger_fabian):
        return []
    return [
        (
            fill(QCoreApplication.translate("ClubPrint", "Games won × %1"), WON_LOST_POINTS),
            won,
        ),
        (
            fill(QCoreApplication.translate("ClubPrint", "Games lost × %1"), WON_LOST_POINTS),
            lost,
        ),
        (
            fill(QCoreApplication.translate("ClubPrint", "Games the others lost × %1"), bonus),
            others,
        ),
    ]


@dataclass
class _SheetCells:
    """The texts of the printed sheet, read from the screen's model."""

    headings: list[str]
    deals: list[list[Parts | str]]  # one list of cells per deal
    sitting_out: list[set[int]]  # per deal: the player columns of a dealer sitting out
    evaluation: list[tuple[str, list[str], bool]]  # label, value per player, bold


def _sheet_cells(data: PrintedSheet, model: SheetModel, two_lines: bool) -> _SheetCells:
    """``two_lines``: the headings as the narrow screen sheet breaks them (names and
    long words on two lines)."""
    summary = data.sheet.summary
    names = model.players
    heads = ["\n".join(line.strip() for line in h.split("\n")) for h in model.headings(two_lines)]
    headings = [
        QCoreApplication.translate("ClubPrint", "Bid") if c == _BID else heads[c] for c in _PRINTED
    ]
    headings += heads[len(_FIXED_ON_SCREEN) :]
    small = _char(SMALL_PT, muted=True)
    rows = range(model.rowCount())

    def text(row: int, column: int) -> str:
        return str(model.index(row, column).data() or "").strip()

    deals: list[list[Parts | str]] = []
    sitting_out: list[set[int]] = []
    evaluation: list[tuple[str, list[str], bool]] = []
    bonuses = _seeger_fabian_parts(data)
    bold_kinds = ("total", "seeger_fabian", "evaluation", "places")
    for r in rows:
        kind = model.index(r, 0).data(KIND_ROLE)
        players = [text(r, model.player_column(seat)) for seat in range(len(names))]
        if kind != "deal":
            label = text(r, 0)
            if kind == "passed_in":
                label = f"{label}: {text(r, _VALUE)}"
            if kind == "seeger_fabian":
                evaluation += [(b, [signed(v) for v in values], False) for b, values in bonuses]
            evaluation.append((label, players, kind in bold_kinds))
            continue
        line = summary.lines[len(deals)]
        cells: list[Parts | str] = []
        for source in _PRINTED:
            if source == _BID:
                bid = data.bids.get(line.number) if text(r, _RESULT) else None
                cells.append(number(bid) if bid else "")
            else:
                cells.append(text(r, source))
        out = set()
        for seat in range(len(names)):
            index = model.index(r, model.player_column(seat))
            score = index.data(SCORE_ROLE)
            parts: Parts = [(signed(score) + "  ", small)] if score else []
            cells.append([*parts, (players[seat], QTextCharFormat())])
            if index.data(MUTED_ROLE):
                out.add(seat)
        cells.append(text(r, model.notes_column))
        deals.append(cells)
        sitting_out.append(out)
    return _SheetCells(headings, deals, sitting_out, evaluation)


def _sheet_widths(cells: _SheetCells, players: int) -> tuple[list[float], bool]:
    """Each column as wide as its widest text; when the line is too short the players'
    names wrap first, then the games, then the dealers' and declarers' names."""
    m = _Measure()
    columns = [[m.cell(h, "bold", wrap=True)] for h in cells.headings]
    for deal in cells.deals:
        for column, cell in enumerate(deal):
            if isinstance(cell, str):
                columns[column].append(m.cell(cell, wrap=column in (1, 2, 3)))
            else:  # a player's total with the deal's score in small in front
                fonts = ("small" if f.fontPointSize() == SMALL_PT else "body" for _, f in cell)
                wide = sum(m.cell(t, font)[0] for (t, _), font in zip(cell, fonts, strict=True))
                columns[column].append((wide, wide))
    first = len(_PRINTED)
    for _label, values, _bold in cells.evaluation:
        for seat, value in enumerate(values):
            columns[first + seat].append(m.cell(value, "bold"))
    names = set(range(first, first + players))
    return m.widths(columns, [names, {3}, {1, 2}], names)


def sheet_document(data: PrintedSheet) -> QTextDocument:
    """The score sheet of one series as a printable document (see the module's text)."""
    summary = data.sheet.summary
    header = data.header
    listing = header.listing
    model = SheetModel()
    model.set_sheet(data.sheet)
    names = model.players
    cells = _sheet_cells(data, model, two_lines=False)
    widths, fits = _sheet_widths(cells, len(names))
    if not fits:  # a table of four with long names, or German's long words
        cells = _sheet_cells(data, model, two_lines=True)
        widths, _ = _sheet_widths(cells, len(names))
    paper = _Paper(f"{listing.title} · {local_date(listing.date)}")

    _title(paper, QCoreApplication.translate("ClubPrint", "Score sheet"), listing.title)
    deals = (
        deals_of_text(listing.deals, listing.planned)
        if listing.planned
        else deals_text(listing.deals)
    )
    table_text = ", ".join(names)
    if len(names) == 4:
        table_text += " " + QCoreApplication.translate("ClubPrint", "(the dealer sits out)")
    stake = summary.info.stake_cents
    _facts(
        paper,
        [
            (QCoreApplication.translate("ClubPrint", "Date"), local_date(listing.date)),
            (QCoreApplication.translate("ClubPrint", "Place"), listing.place or "–"),
            (QCoreApplication.translate("ClubPrint", "Rules"), rules_title(listing)),
            (QCoreApplication.translate("ClubPrint", "Deals"), deals),
            (QCoreApplication.translate("ClubPrint", "Table"), table_text),
            (
                QCoreApplication.translate("ClubPrint", "Stake"),
                _stake_text(stake) if stake else "–",
            ),
            (QCoreApplication.translate("ClubPrint", "Status"), _state_text(header)),
        ],
    )

    # the lines of the sheet: a thicker rule after each round
    first = len(_PRINTED)
    aligns = [_RIGHT if c in _NUMERIC else _LEFT for c in _PRINTED]
    aligns += [_RIGHT] * len(names) + [_LEFT]
    if cells.deals:
        table = paper.table(1 + len(cells.deals), widths, header_rows=1, top=8)
        _heading_row(paper, table, list(zip(cells.headings, aligns, strict=True)))
        size = summary.info.table_size
        for i, deal in enumerate(cells.deals):
            last = i + 1 == len(cells.deals)
            bottom = THICK if (i + 1) % size == 0 or last else None
            for column, cell in enumerate(deal):
                seat = column - first
                shade = SITTING_OUT if seat in cells.sitting_out[i] else None
                paper.cell(
                    table, 1 + i, column, cell, aligns[column], bottom=bottom, background=shade
                )
        marks = " · ".join(
            [
                QCoreApplication.translate("ClubPrint", "B Bock round"),
                QCoreApplication.translate("ClubPrint", "R Ramsch round"),
                QCoreApplication.translate("ClubPrint", "K Kontra, Re Re"),
                QCoreApplication.translate("ClubPrint", "Ü overbid"),
                QCoreApplication.translate("ClubPrint", "✎ corrected"),
            ]
        )
        paper.paragraph([(marks, _char(SMALL_PT, muted=True))], top=3)
    else:
        paper.paragraph(
            QCoreApplication.translate("ClubPrint", "No deal has been entered yet."), top=8
        )

    # the evaluation: its own block under the players' columns, never split over pages
    label_width = sum(widths[:first])
    table = paper.table(
        1 + len(cells.evaluation),
        [label_width, *widths[first:]],
        top=10,
        keep_together=True,
    )
    _heading_row(
        paper,
        table,
        [
            (QCoreApplication.translate("ClubPrint", "Evaluation"), _LEFT),
            *((n, _RIGHT) for n in cells.headings[first:-1]),
            ("", _LEFT),
        ],
    )
    for i, (label, values, bold) in enumerate(cells.evaluation):
        char = _char(bold=bold)
        top = THICK if bold and i else None  # the results stand out from the bonuses
        paper.cell(table, 1 + i, 0, [(label, char)], top=top)
        for seat, value in enumerate(values):
            paper.cell(table, 1 + i, 1 + seat, [(value, char)], _RIGHT, top=top)
        paper.cell(table, 1 + i, 1 + len(names), "", top=top)

    for number_, why in summary.unreadable:
        text = fill(
            QCoreApplication.translate(
                "ClubPrint",
                "Deal %1 cannot be scored (%2): it counts 0, and the totals, the"
                " evaluation and the places are provisional.",
            ),
            number_,
            why,
        )
        paper.paragraph([(text, _char(bold=True))], top=4)
    _signatures(paper, names, header)
    return paper.doc


def _signatures(paper: _Paper, names: list[str], header: SeriesHeader) -> None:
    """The signatures' line: a line over each player's name, as on the club's paper
    sheet, and who signed it in the program; kept together on one page."""
    gap = 4.0
    line = (100 - gap * (len(names) - 1)) / max(1, len(names))
    widths: list[float] = []
    for i in range(len(names)):
        widths += [line] + ([gap] if i < len(names) - 1 else [])
    closed = header.listing.closed
    table = paper.table(3 if closed else 2, widths, top=14, keep_together=True)
    table.mergeCells(0, 0, 1, len(widths))
    paper.cell(
        table,
        0,
        0,
        [(QCoreApplication.translate("ClubPrint", "Signed:"), _char(bold=True))],
        grid=False,
        padding=(0, 0),
    )
    spacer = table.cellAt(0, 0).format().toTableCellFormat()
    spacer.setBottomPadding(24)  # room to sign above the lines
    table.cellAt(0, 0).setFormat(spacer)
    for i, name in enumerate(names):
        paper.cell(
            table,
            1,
            2 * i,
            [(name, _char(SMALL_PT, muted=True))],
            _CENTER,
            grid=False,
            top=THIN * 1.5,
        )
        if i < len(names) - 1:
            paper.cell(table, 1, 2 * i + 1, "", grid=False)
    if closed:
        table.mergeCells(2, 0, 1, len(widths))
        state = _state_text(header)
        paper.cell(table, 2, 0, state[:1].upper() + state[1:] + ".", grid=False, padding=(6, 0))


# ---------------------------------------------------------------------------- ranking


def _profile_text(data: SeasonData) -> str:
    name = data.filter.profile
    if not name:
        return QCoreApplication.translate("ClubPrint", "all rule profiles")
    builtin = BUILTIN.get(name)
    if builtin is not None:
        return profile_title(builtin)
    return next((title for n, title in data.profiles if n == name), name)


def _period_text(date_from: str | None, date_to: str | None) -> str:
    if date_from and date_to:
        return fill(
            QCoreApplication.translate("ClubPrint", "%1 to %2"),
            local_date(date_from),
            local_date(date_to),
        )
    if date_from:
        return fill(QCoreApplication.translate("ClubPrint", "from %1"), local_date(date_from))
    if date_to:
        return fill(QCoreApplication.translate("ClubPrint", "until %1"), local_date(date_to))
    return QCoreApplication.translate("ClubPrint", "all dates")


def ranking_document(data: SeasonData) -> QTextDocument:
    """The season ranking as a printable document: the period, the rules and the method,
    then one line per player as the Season tab shows it."""
    flt = data.filter
    period = _period_text(flt.date_from, flt.date_to)
    paper = _Paper(f"{QCoreApplication.translate('ClubPrint', 'Season ranking')} · {period}")
    _title(paper, QCoreApplication.translate("ClubPrint", "Season ranking"), period)
    _facts(
        paper,
        [
            (QCoreApplication.translate("ClubPrint", "Rules"), _profile_text(data)),
            (QCoreApplication.translate("ClubPrint", "Ranked by"), method_name(data.method)),
            (
                QCoreApplication.translate("ClubPrint", "Printed"),
                local_date(date.today().isoformat()),
            ),
        ],
    )
    model = RankingModel()
    model.set_ranking(data.ranking, data.method)
    if not data.ranking:
        paper.paragraph(
            QCoreApplication.translate("ClubPrint", "No series with deals in this season."), top=10
        )
        return paper.doc
    count = model.columnCount()
    headings = [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(count)]
    rows = [
        [str(model.index(r, c).data() or "") for c in range(count)]
        for r in range(len(data.ranking))
    ]
    m = _Measure()
    columns = [
        [m.cell(h, "bold", wrap=True)] + [m.cell(row[c], "bold", wrap=c == 1) for row in rows]
        for c, h in enumerate(headings)
    ]
    widths, _ = m.widths(columns, [set(range(count))], {1})
    aligns = [_LEFT if c == 1 else _RIGHT for c in range(count)]
    table = paper.table(1 + len(rows), widths, header_rows=1, top=8)
    _heading_row(paper, table, list(zip(headings, aligns, strict=True)))
    for r, row in enumerate(rows):
        for column, value in enumerate(row):
            char = _char(bold=column in (0, 1, 7))
            paper.cell(table, 1 + r, column, [(value, char)], aligns[column])
    paper.paragraph(
        [
            (
                fill(
                    QCoreApplication.translate(
                        "ClubPrint",
                        "Each table is rated on its own by %1; the ratings are summed per"
                        " player. Equal totals: more games won first, then fewer lost.",
                    ),
                    method_name(data.method),
                ),
                _char(SMALL_PT, muted=True),
            )
        ],
        top=4,
    )
    return paper.doc


# --------------------------------------------------------------------------- painting


class PrintFailed(StoreError):
    """The printer or the PDF could not be written; one line."""


def a4_layout() -> QPageLayout:
    """A4 portrait with :data:`MARGIN_MM` on every side."""
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return QPageLayout(
        QPageSize(QPageSize.PageSizeId.A4),
        QPageLayout.Orientation.Portrait,
        margins,
        QPageLayout.Unit.Millimeter,
    )


def page_text(page: int, pages: int) -> str:
    return fill(QCoreApplication.translate("ClubPrint", "Page %1 of %2"), page, pages)


def paint_pages(document: QTextDocument, device: QPagedPaintDevice) -> int:
    """Paint ``document`` on ``device`` page by page; returns the number of pages.

    A copy of the document is laid out for the device itself (its resolution, its page's
    printable area less a band for the page's foot), as ``QTextDocument.print`` does, so
    the PDF keeps selectable text; each page gets the document's title and "Page i of n"
    at its foot. Table headings repeat on every page."""
    doc = document.clone()
    doc.documentLayout().setPaintDevice(device)
    band = FOOTER_MM / 25.4 * device.logicalDpiY()
    width, height = float(device.width()), float(device.height()) - band
    if width <= 0 or height <= 0:
        raise PrintFailed(
            QCoreApplication.translate("ClubPrint", "The page is too small to print on.")
        )
    doc.setPageSize(QRectF(0, 0, width, height).size())
    _keep_together(doc, height)
    pages = doc.pageCount()
    painter = QPainter()
    if not painter.begin(device):
        raise PrintFailed(
            QCoreApplication.translate("ClubPrint", "The printer could not be started.")
        )
    try:
        font = QFont(doc.defaultFont())
        font.setPointSizeF(FOOTER_PT)
        footer = doc.metaInformation(QTextDocument.MetaInformation.DocumentTitle)
        for page in range(pages):
            if page and not device.newPage():
                raise PrintFailed(
                    QCoreApplication.translate(
                        "ClubPrint", "The printer could not start a new page."
                    )
                )
            painter.save()
            painter.translate(0, -page * height)
            doc.drawContents(painter, QRectF(0, page * height, width, height))
            painter.restore()
            painter.save()
            painter.setFont(font)
            painter.setPen(QPen(MUTED_INK))
            foot = QRectF(0, height, width, band)
            flags = Qt.AlignmentFlag.AlignBottom
            painter.drawText(foot, flags | Qt.AlignmentFlag.AlignLeft, footer)
            painter.drawText(foot, flags | _RIGHT, page_text(page + 1, pages))
            painter.restore()
    finally:
        painter.end()
    return pages


def _keep_together(doc: QTextDocument, height: float) -> None:
    """Move each table marked :data:`KEEP_TOGETHER` that the page's end would split to
    the next page, if it fits on one (the evaluation, the signatures)."""
    layout = doc.documentLayout()
    for frame in doc.rootFrame().childFrames():
        fmt = frame.frameFormat()
        if not fmt.boolProperty(KEEP_TOGETHER):
            continue
        doc.pageCount()  # lays the document out as far as it has changed
        rect = layout.frameBoundingRect(frame)
        if rect.height() >= height:
            continue
        if int(rect.top() // height) != int((rect.bottom() - 1) // height):
            fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            if isinstance(frame, QTextTable):
                frame.setFormat(fmt.toTableFormat())
            else:
                frame.setFrameFormat(fmt)


def pdf_bytes(document: QTextDocument, title: str = "") -> tuple[bytes, int]:
    """The document as a PDF (A4, :data:`PDF_DPI`) in memory, and its number of pages."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    writer.setPageLayout(a4_layout())
    writer.setTitle(title)
    writer.setCreator("skat-desktop")
    pages = paint_pages(document, writer)
    del writer
    buffer.close()
    return bytes(data.data()), pages


def new_printer() -> QPrinter:
    """A printer at its own high resolution, A4 portrait with margins to begin with."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageLayout(a4_layout())
    printer.setFullPage(False)
    return printer


# ------------------------------------------------------------------ menu functions


class PrintTask(ClubTask):
    """Printing or saving one document: ``document`` once it has been read and built,
    ``pages`` once it has been painted (0 for a preview)."""

    def __init__(self, parent: QWidget | None, title: str, refuse: Callable[[str], str]) -> None:
        super().__init__(
            parent,
            title,
            refuse,
            QCoreApplication.translate("ClubPrint", "Cancelled: nothing was printed or saved."),
        )
        self.document: QTextDocument | None = None
        self.pages = 0


def _pdf_name(name: str) -> str:
    return file_name(name) + ".pdf"


def _output(
    task: PrintTask,
    parent: QWidget | None,
    how: str,
    document: QTextDocument,
    title: str,
    database: Path | None,
    path: str | Path | None,
) -> None:
    """The document has been built: print it, preview it or save it as a PDF."""
    task.document = document
    task.hide_progress()  # the reading is done; the dialogs below wait for the player
    if how == "pdf":
        if path is None:
            path = ask_save_path(
                parent,
                QCoreApplication.translate("ClubPrint", "Save as PDF"),
                _pdf_name(title),
                QCoreApplication.translate("ClubPrint", "PDF (*.pdf)"),
                "pdf",
            )
            if path is None:
                task.cancel()
                return
        path = Path(path)
        files.refuse_database_target(path, [database])  # before the work of painting
        data, pages = pdf_bytes(document, title)
        files.write_private_atomic(path, data, [database], point="pdf")
        task.pages = pages
        task.succeed(fill(QCoreApplication.translate("ClubPrint", "Saved %1."), path.name))
        return
    printer = new_printer()
    printer.setDocName(title)
    if how == "preview":
        preview = QPrintPreviewDialog(printer, parent)
        preview.setWindowTitle(
            fill(QCoreApplication.translate("ClubPrint", "Print preview: %1"), title)
        )
        preview.paintRequested.connect(lambda device: paint_pages(document, device))
        preview.exec()
        task.succeed("")
        return
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(fill(QCoreApplication.translate("ClubPrint", "Print %1"), title))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        task.cancel()
        return
    task.pages = paint_pages(document, printer)
    task.succeed(fill(QCoreApplication.translate("ClubPrint", "%1 sent to the printer."), title))


def _sheet_task(
    parent: QWidget | None,
    store_path: StoreSource,
    series_id: int,
    how: str,
    path: str | Path | None = None,
) -> PrintTask:
    task = PrintTask(
        parent,
        QCoreApplication.translate("ClubPrint", "Print the score sheet"),
        lambda reason: fill(
            QCoreApplication.translate("ClubPrint", "The score sheet was not printed: %1"), reason
        ),
    )
    database = database_of(store_path)

    def read(store: Store, cancel: threading.Event) -> PrintedSheet:
        return read_printed_sheet(store, series_id, cancel)

    def then(data: PrintedSheet) -> None:
        title = f"{data.header.listing.title} {data.header.listing.date}"
        _output(task, parent, how, sheet_document(data), title, database, path)

    task.read(
        store_path, read, then, QCoreApplication.translate("ClubPrint", "Reading the score sheet…")
    )
    return task


def print_sheet(parent: QWidget | None, store_path: StoreSource, series_id: int) -> PrintTask:
    """Print a series' score sheet: read it, then Qt's print dialog."""
    return _sheet_task(parent, store_path, series_id, "print")


def preview_sheet(parent: QWidget | None, store_path: StoreSource, series_id: int) -> PrintTask:
    """Show a series' score sheet in Qt's print preview (print from there)."""
    return _sheet_task(parent, store_path, series_id, "preview")


def save_sheet_pdf(
    parent: QWidget | None,
    store_path: StoreSource,
    series_id: int,
    path: str | Path | None = None,
) -> PrintTask:
    """Save a series' score sheet as a PDF (``path`` ``None``: ask for the file)."""
    return _sheet_task(parent, store_path, series_id, "pdf", path)


def _ranking_task(
    parent: QWidget | None,
    store_path: StoreSource,
    date_from: str | None,
    date_to: str | None,
    profile: str | None,
    method: str,
    how: str,
    path: str | Path | None = None,
) -> PrintTask:
    task = PrintTask(
        parent,
        QCoreApplication.translate("ClubPrint", "Print the ranking"),
        lambda reason: fill(
            QCoreApplication.translate("ClubPrint", "The ranking was not printed: %1"), reason
        ),
    )
    database = database_of(store_path)
    flt = StatsFilter(profile, date_from, date_to)

    def read(store: Store, cancel: threading.Event) -> SeasonData:
        return read_season(store, flt, method, cancel)

    def then(data: SeasonData) -> None:
        title = file_name(
            QCoreApplication.translate("ClubPrint", "Season ranking"),
            date_from or "",
            date_to or "",
        )
        _output(task, parent, how, ranking_document(data), title, database, path)

    task.read(
        store_path, read, then, QCoreApplication.translate("ClubPrint", "Reading the ranking…")
    )
    return task


def print_ranking(
    parent: QWidget | None,
    store_path: StoreSource,
    date_from: str | None = None,
    date_to: str | None = None,
    profile: str | None = None,
    method: str = "seeger_fabian",
) -> PrintTask:
    """Print the season ranking (as ``db ranking`` computes it) with Qt's print dialog."""
    return _ranking_task(parent, store_path, date_from, date_to, profile, method, "print")


def preview_ranking(
    parent: QWidget | None,
    store_path: StoreSource,
    date_from: str | None = None,
    date_to: str | None = None,
    profile: str | None = None,
    method: str = "seeger_fabian",
) -> PrintTask:
    """Show the season ranking in Qt's print preview."""
    return _ranking_task(parent, store_path, date_from, date_to, profile, method, "preview")


def save_ranking_pdf(
    parent: QWidget | None,
    store_path: StoreSource,
    date_from: str | None = None,
    date_to: str | None = None,
    profile: str | None = None,
    method: str = "seeger_fabian",
    path: str | Path | None = None,
) -> PrintTask:
    """Save the season ranking as a PDF (``path`` ``None``: ask for the file)."""
    return _ranking_task(parent, store_path, date_from, date_to, profile, method, "pdf", path)


# ------------------------------------------------------------------- actions for the desk


class SeriesPrint(QObject):
    """The series page's Print…, Print preview…, Save as PDF… and Export as CSV…, for the
    series the page shows (:meth:`SeriesPage.add_action
    <skat_desktop.gui.club_desk.SeriesPage.add_action>`); ``task`` is the last one started."""

    def __init__(self, page: SeriesPage) -> None:
        super().__init__(page)
        self._page = page
        self.task: ClubTask | None = None
        self.print_action = QAction(self)
        self.preview_action = QAction(self)
        self.pdf_action = QAction(self)
        self.csv_action = QAction(self)
        self.print_action.setShortcut(QKeySequence.StandardKey.Print)
        self.print_action.triggered.connect(self.print_sheet)
        self.preview_action.triggered.connect(self.preview_sheet)
        self.pdf_action.triggered.connect(self.save_pdf)
        self.csv_action.triggered.connect(self.export_csv)
        for action in self.actions:
            page.add_action(action)
        page.series_changed.connect(self._enable)
        page.installEventFilter(OnLanguageChange(self, self.retranslate))  # with the page's
        self.retranslate()
        self._enable()

    @property
    def actions(self) -> tuple[QAction, ...]:
        return (self.print_action, self.preview_action, self.pdf_action, self.csv_action)

    def retranslate(self) -> None:
        self.print_action.setText(QCoreApplication.translate("ClubPrint", "&Print…"))
        self.preview_action.setText(QCoreApplication.translate("ClubPrint", "Print pre&view…"))
        self.pdf_action.setText(QCoreApplication.translate("ClubPrint", "Save as P&DF…"))
        self.csv_action.setText(QCoreApplication.translate("ClubPrint", "Export as &CSV…"))

    @Slot()
    def _enable(self, *_ignored: object) -> None:
        some = self._page.series_id is not None and self._page.store is not None
        for action in self.actions:
            action.setEnabled(some)

    def _title(self) -> str:
        h = self._page.header
        return f"{h.listing.title} {h.listing.date}" if h is not None else ""

    @Slot()
    def print_sheet(self) -> None:
        sid, store = self._page.series_id, self._page.store
        if sid is not None and store is not None:
            self.task = print_sheet(self._page.window(), store, sid)

    @Slot()
    def preview_sheet(self) -> None:
        sid, store = self._page.series_id, self._page.store
        if sid is not None and store is not None:
            self.task = preview_sheet(self._page.window(), store, sid)

    @Slot()
    def save_pdf(self) -> None:
        sid, store = self._page.series_id, self._page.store
        if sid is not None and store is not None:
            self.task = save_sheet_pdf(self._page.window(), store, sid)

    @Slot()
    def export_csv(self) -> None:
        sid, store = self._page.series_id, self._page.store
        if sid is not None and store is not None:
            self.task = export_sheet_csv(self._page.window(), store, sid, title=self._title())


class SeasonPrint(QObject):
    """Print…, Print preview…, Save as PDF… and Export as CSV… of the ranking the Season tab
    shows (its dates, rule profile and method when triggered); put ``actions`` where the
    tab has room (a toolbar or buttons)."""

    def __init__(self, view: SeasonView, source: StoreSource) -> None:
        super().__init__(view)
        self._view = view
        self._source = source
        self.task: ClubTask | None = None
        self.print_action = QAction(self)
        self.preview_action = QAction(self)
        self.pdf_action = QAction(self)
        self.csv_action = QAction(self)
        self.print_action.triggered.connect(lambda: self._run(print_ranking))
        self.preview_action.triggered.connect(lambda: self._run(preview_ranking))
        self.pdf_action.triggered.connect(lambda: self._run(save_ranking_pdf))
        self.csv_action.triggered.connect(lambda: self._run(export_ranking_csv))
        view.installEventFilter(OnLanguageChange(self, self.retranslate))  # with the tab's
        self.retranslate()

    @property
    def actions(self) -> tuple[QAction, ...]:
        return (self.print_action, self.preview_action, self.pdf_action, self.csv_action)

    def retranslate(self) -> None:
        self.print_action.setText(QCoreApplication.translate("ClubPrint", "&Print the ranking…"))
        self.preview_action.setText(QCoreApplication.translate("ClubPrint", "Print pre&view…"))
        self.pdf_action.setText(QCoreApplication.translate("ClubPrint", "Save as P&DF…"))
        self.csv_action.setText(QCoreApplication.translate("ClubPrint", "Export as &CSV…"))

    def _run(self, what: Callable[..., ClubTask | None]) -> None:
        flt = self._view.current_filter()
        self.task = what(
            self._view.window(),
            self._source,
            flt.date_from,
            flt.date_to,
            flt.profile,
            self._view.method,
        )
