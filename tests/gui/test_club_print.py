"""A score sheet and a season ranking on paper and as PDF (issue 25, item 5).

The club's database is written through the store's services (a 36-game evening at a table
of three with a stake, a correction and a signature; a table of four; a long series), the
sheet is saved as a PDF by the menu's function, and the PDF is read back with Qt's own PDF
module: its pages, and its text -- the totals and the Seeger-Fabian line as ``skat-desktop
db sheet`` prints them, the ranking's lines as ``db ranking`` does.
"""

from __future__ import annotations

import io
import re

import pytest
from PySide6.QtGui import QPageSize
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QDialog

from skat_desktop.app.sheets import SeriesService
from skat_desktop.cli import main
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui import club_files, club_print
from skat_desktop.gui.club_admin import SeasonView
from skat_desktop.gui.club_desk import SeriesPage
from skat_desktop.gui.club_print import SeasonPrint, SeriesPrint
from skat_desktop.gui.game_words import number
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

WAIT = 20_000  # ms; a generous ceiling for a worker's answer, not a goal
GAMES = ("clubs", "spades", "hearts", "diamonds", "grand", "null")


def db(path, *argv: str) -> str:
    out = io.StringIO()
    code = main(["db", "--db", str(path), *argv], out=out, inp=io.StringIO())
    assert code == 0, (argv, out.getvalue())
    return out.getvalue()


def play(svc: SeriesService, deals: int, table: int = 3) -> None:
    """Games as entered from paper: every suit, Grand and Null, won and lost, some passed."""
    for i in range(deals):
        if i % 7 == 6:
            svc.add_entry({"kind": "passed_in"})
            continue
        dealer, _, _ = svc.next_context()
        seats = active_seats(table, dealer)
        game = GAMES[i % 6]
        svc.add_entry(
            {
                "kind": "game",
                "declarer": seats[i % 3],
                "contract": {"game": game, "hand": i % 5 == 0},
                "bid": 24 if game == "grand" else 18,
                "won": i % 4 != 3,
                "matadors": 1 + i % 3,
            }
        )


@pytest.fixture
def club(tmp_path):
    """Series 1: a Friday's 36 games at three, 1 ct a point, deal 5 corrected, signed.
    Series 2: the same evening at four (10 games). Series 3: 70 games (two pages)."""
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem", "Dora")]
    sid = store.create_series(
        "Friday table 1", "2026-03-06", ids[:3], ISKO, 36, "Gasthaus", stake_cents=1
    )
    svc = SeriesService(store, sid)
    play(svc, 36)
    svc.correct(
        5,
        "Dora",
        "the bid was 22",
        {
            "kind": "game",
            "declarer": 1,
            "contract": {"game": "spades"},
            "bid": 22,
            "won": True,
            "matadors": 1,
        },
    )
    svc.close("Anna", "signed")
    four = store.create_series("Friday table 2", "2026-03-06", ids, ISKO, 32, "Gasthaus")
    play(SeriesService(store, four), 10, table=4)
    long = store.create_series("Long night", "2026-04-03", ids[:3], ISKO, None, "Gasthaus")
    play(SeriesService(store, long), 70)
    store.close()
    return path


@pytest.fixture(autouse=True)
def jobs_done_afterwards():
    """The store's background jobs end before the next test (English again after it:
    conftest)."""
    yield
    wait_for_jobs()


def finished(qtbot, task) -> None:
    """Wait until ``task`` has answered (at once if it already has)."""
    if task.running:
        qtbot.waitSignal(task.finished, timeout=WAIT).wait()
    assert not task.running


def pdf_pages(path) -> list[str]:
    """The text of each page of a PDF file, its whitespace made single spaces."""
    pdf = QPdfDocument()
    pdf.load(str(path))
    assert pdf.status() == QPdfDocument.Status.Ready, pdf.error()
    return [" ".join(pdf.getAllText(p).text().split()) for p in range(pdf.pageCount())]


def cli_line(sheet: str, label: str) -> list[str]:
    """The numbers of a footer line of ``db sheet`` (one per player)."""
    for line in sheet.splitlines():
        if line.strip().startswith(label):
            return line.strip()[len(label) :].split()
    raise AssertionError(f"{label!r} not in {sheet}")


def shown(values: list[str]) -> str:
    """The CLI's numbers as the printed sheet writes them (the locale's separators)."""
    return " ".join(number(int(v)) for v in values)


def boxes() -> list:
    return [
        w
        for w in QApplication.topLevelWidgets()
        if w.objectName() == "ClubFilesMessage" and w.isVisible()
    ]


# ----------------------------------------------------------------------- score sheet


def test_a_36_game_sheet_as_pdf_shows_the_totals_of_db_sheet(qtbot, club, tmp_path):
    out = tmp_path / "friday.pdf"
    task = club_print.save_sheet_pdf(None, club, 1, out)
    finished(qtbot, task)
    assert task.ok, task.message
    assert out.is_file() and out.read_bytes().startswith(b"%PDF")
    pages = pdf_pages(out)
    assert len(pages) == task.pages >= 1
    text = " ".join(pages)
    sheet = db(club, "sheet", "1")
    totals = shown(cli_line(sheet, "total"))
    seeger = shown(cli_line(sheet, "Seeger-Fabian"))
    assert f"Total {totals}" in text
    assert f"Seeger-Fabian {seeger}" in text
    assert "Won / lost " + " ".join(cli_line(sheet, "won / lost")).replace("/", " / ") in text
    # the document the PDF was painted from says the same
    plain = " ".join(task.document.toPlainText().split())
    assert f"Total {totals}" in plain and f"Seeger-Fabian {seeger}" in plain
    # every deal has its line, the places and the signatures are there
    for n in (1, 18, 36):
        assert re.search(rf"(^| ){n} Anna|(^| ){n} Bernd|(^| ){n} Cem", text), n
    assert "Place 1. 2. 3." in text or re.search(r"Place [123]\. [123]\. [123]\.", text)
    assert "Signed: Anna Bernd Cem" in text
    assert "Closed, signed by Anna on" in text
    assert pages[-1].endswith(f"Page {len(pages)} of {len(pages)}")


def test_the_sheet_shows_header_bids_marks_and_the_seeger_fabian_bonuses(qtbot, club):
    task = club_print.save_sheet_pdf(None, club, 1, club.parent / "sheet.pdf")
    finished(qtbot, task)
    text = " ".join(task.document.toPlainText().split())
    for fact in (
        "Friday table 1",
        "Date 3/6/2026",
        "Place Gasthaus",
        "Rules International Skat Order",
        "Deals 36 of 36 deals",
        "Table Anna, Bernd, Cem",
        "Stake 1 ct a point",
    ):
        assert fact in text, fact
    # deal 5 as corrected: spades bid 22, value 22, won, marked as corrected
    assert re.search(r"(^| )5 Bernd Bernd Spades 22 22 won .*?✎", text)
    # the bonuses add up to the engine's Seeger-Fabian: 50 a game won or lost, 40 a game
    # the others lost at a table of three
    store = Store.open(club, read_only=True)
    s = SeriesService(store, 1).sheet()
    store.close()
    won = " ".join(f"+{number(50 * w)}" if w else "0" for w in s.won)
    lost = " ".join(f"{number(-50 * lo)}" if lo else "0" for lo in s.lost)
    assert f"Games won × 50 {won}" in text
    assert f"Games lost × 50 {lost}" in text
    assert "Games the others lost × 40" in text
    money = " ".join(("+" if c > 0 else "") + number(c / 100, 2) for c in s.money_cents)
    assert f"Money {money}" in text


def test_a_long_series_continues_on_the_next_page_under_its_headings(qtbot, club, tmp_path):
    out = tmp_path / "long.pdf"
    task = club_print.save_sheet_pdf(None, club, 3, out)
    finished(qtbot, task)
    assert task.ok, task.message
    pages = pdf_pages(out)
    assert len(pages) >= 2
    headings = "# Dealer Declarer Game Bid Value Result Anna Bernd Cem Notes"
    for i, page in enumerate(pages):
        assert page.endswith(f"Page {i + 1} of {len(pages)}")
    assert pages[0].count(headings) == 1 and pages[1].startswith(headings)
    assert re.search(r"(^| )70 (Anna|Bernd|Cem) ", " ".join(pages[1:]))


def test_at_a_table_of_four_the_dealer_sits_out(qtbot, club):
    task = club_print.save_sheet_pdf(None, club, 2, club.parent / "four.pdf")
    finished(qtbot, task)
    assert task.ok, task.message
    text = " ".join(task.document.toPlainText().split())
    assert "Table Anna, Bernd, Cem, Dora (the dealer sits out)" in text
    assert "Games the others lost × 30" in text
    assert "open (not signed yet)" in text and "Closed, signed" not in text


def test_printing_goes_through_the_print_dialog(qtbot, club, tmp_path, monkeypatch):
    out = tmp_path / "printed.pdf"
    asked = []

    class Dialog:  # the player picks "print to file" and presses Print
        def __init__(self, printer, parent=None) -> None:
            self.printer = printer

        def setWindowTitle(self, title: str) -> None:
            asked.append(title)

        def exec(self) -> QDialog.DialogCode:
            self.printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            self.printer.setOutputFileName(str(out))
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(club_print, "QPrintDialog", Dialog)
    task = club_print.print_sheet(None, club, 1)
    finished(qtbot, task)
    assert task.ok, task.message
    assert asked == ["Print Friday table 1 2026-03-06"]
    pages = pdf_pages(out)
    assert len(pages) == task.pages
    totals = shown(cli_line(db(club, "sheet", "1"), "total"))
    assert f"Total {totals}" in " ".join(pages)


def test_a_cancelled_print_dialog_prints_nothing(qtbot, club, monkeypatch):
    class Dialog:
        def __init__(self, printer, parent=None) -> None:
            pass

        def setWindowTitle(self, title: str) -> None:
            pass

        def exec(self) -> QDialog.DialogCode:
            return QDialog.DialogCode.Rejected

    monkeypatch.setattr(club_print, "QPrintDialog", Dialog)
    task = club_print.print_sheet(None, club, 1)
    finished(qtbot, task)
    assert task.ok is False and task.message == "Cancelled: nothing was printed or saved."
    assert task.pages == 0 and boxes() == []


def test_a_pdf_is_never_written_over_the_database(qtbot, club):
    before = club.read_bytes()
    sheet = db(club, "sheet", "1")
    task = club_print.save_sheet_pdf(None, club, 1, club)
    finished(qtbot, task)
    assert task.ok is False
    assert "\n" not in task.message and "is the database itself" in task.message
    assert task.message.startswith("The score sheet was not printed: ")
    assert club.read_bytes() == before and db(club, "sheet", "1") == sheet
    shown_boxes = boxes()
    assert [b.text() for b in shown_boxes] == [task.message]
    for box in shown_boxes:
        box.close()


def test_an_unknown_series_is_one_line(qtbot, club, tmp_path):
    task = club_print.save_sheet_pdf(None, club, 99, tmp_path / "none.pdf")
    finished(qtbot, task)
    assert task.ok is False and "\n" not in task.message
    assert "99" in task.message and not (tmp_path / "none.pdf").exists()
    for box in boxes():
        box.close()


def test_the_page_count_follows_the_printer_page(qapp, club):
    """A document laid out for A4 at the PDF's resolution, and for a smaller page."""
    store = Store.open(club, read_only=True)
    doc = club_print.sheet_document(club_print.read_printed_sheet(store, 3))
    store.close()
    data, a4 = club_print.pdf_bytes(doc, "Long night")
    (club.parent / "a4.pdf").write_bytes(data)
    assert len(pdf_pages(club.parent / "a4.pdf")) == a4 >= 2
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(club.parent / "a5.pdf"))
    layout = club_print.a4_layout()
    layout.setPageSize(QPageSize(QPageSize.PageSizeId.A5))
    printer.setPageLayout(layout)
    a5 = club_print.paint_pages(doc, printer)
    assert a5 > a4
    assert len(pdf_pages(club.parent / "a5.pdf")) == a5


# --------------------------------------------------------------------------- ranking


def test_the_ranking_as_pdf_lists_the_lines_of_db_ranking(qtbot, club, tmp_path):
    out = tmp_path / "season.pdf"
    task = club_print.save_ranking_pdf(None, club, "2026-01-01", "2026-12-31", None, path=out)
    finished(qtbot, task)
    assert task.ok, task.message
    text = " ".join(pdf_pages(out))
    assert "Season ranking" in text and "1/1/2026 to 12/31/2026" in text
    ranking = db(club, "ranking", "--from", "2026-01-01", "--to", "2026-12-31")
    lines = ranking.splitlines()[1:]
    assert len(lines) == 4
    where = []
    for line in lines:
        place, name, series, deals, won, lost, score, seeger = line.split()[:8]
        row = f"{place}. {name} {series} {number(int(deals))} {won} {lost} {number(int(score))}"
        row += f" {number(int(seeger))}"
        assert row in text, row
        where.append(text.index(row))
    assert where == sorted(where)


def test_a_ranking_of_one_rule_profile_and_an_empty_season(qtbot, club, tmp_path):
    task = club_print.save_ranking_pdf(
        None, club, None, "2020-12-31", "isko", "seeger_fabian", tmp_path / "empty.pdf"
    )
    finished(qtbot, task)
    assert task.ok, task.message
    text = " ".join(pdf_pages(tmp_path / "empty.pdf"))
    assert "until 12/31/2020" in text and "International Skat Order" in text
    assert "No series with deals in this season." in text


# ---------------------------------------------------------------------- on the desk


def test_the_series_page_prints_and_exports_the_series_it_shows(qtbot, club, tmp_path, monkeypatch):
    store = Store.open(club, read_only=True)
    try:
        page = SeriesPage(store, None)
        qtbot.addWidget(page)
        actions = SeriesPrint(page)
        texts = [a.text() for a in page.toolbar.actions()]
        assert texts == ["&Print…", "Print pre&view…", "Save as P&DF…", "Export as &CSV…"]
        assert not any(a.isEnabled() for a in actions.actions)
        page.set_series(1)
        assert all(a.isEnabled() for a in actions.actions)

        monkeypatch.setattr(club_print, "ask_save_path", lambda *_: tmp_path / "page.pdf")
        actions.pdf_action.trigger()
        finished(qtbot, actions.task)
        assert actions.task.ok, actions.task.message
        totals = shown(cli_line(db(club, "sheet", "1"), "total"))
        assert f"Total {totals}" in " ".join(pdf_pages(tmp_path / "page.pdf"))

        monkeypatch.setattr(club_files, "ask_save_path", lambda *_: tmp_path / "page.csv")
        actions.csv_action.trigger()
        finished(qtbot, actions.task)
        assert actions.task.ok, actions.task.message
        db(club, "sheet", "1", "--csv", str(tmp_path / "cli.csv"))
        assert (tmp_path / "page.csv").read_bytes() == (tmp_path / "cli.csv").read_bytes()
    finally:
        wait_for_jobs()
        store.close()


def test_the_season_tab_prints_the_ranking_it_shows(qtbot, club, tmp_path, monkeypatch):
    store = Store.open(club, read_only=True)
    try:
        view = SeasonView(store)
        qtbot.addWidget(view)
        view.set_range("2026-04-01", "2026-04-30")
        actions = SeasonPrint(view, club)
        monkeypatch.setattr(club_print, "ask_save_path", lambda *_: tmp_path / "april.pdf")
        actions.pdf_action.trigger()
        finished(qtbot, actions.task)
        assert actions.task.ok, actions.task.message
        text = " ".join(pdf_pages(tmp_path / "april.pdf"))
        assert "4/1/2026 to 4/30/2026" in text
        # April holds the long night alone: 70 deals each
        assert re.search(r"1\. \w+ 1 70 ", text) and "Dora" not in text
    finally:
        wait_for_jobs()
        store.close()


def test_a_cancelled_file_dialog_saves_no_pdf(qtbot, club, monkeypatch):
    asked = []
    monkeypatch.setattr(club_print, "ask_save_path", lambda *args: asked.append(args) or None)
    task = club_print.save_sheet_pdf(None, club, 1)
    finished(qtbot, task)
    assert task.ok is False and task.message == "Cancelled: nothing was printed or saved."
    assert asked[0][2] == "Friday table 1 2026-03-06.pdf" and boxes() == []


@pytest.fixture
def action_sets(qtbot, club):
    """The series page's print and sign actions and the Season tab's print actions, on
    ``club`` opened read-only: (series print, season print, series admin, page, tab)."""
    from skat_desktop.gui.club_admin import SeriesAdmin

    store = Store.open(club, read_only=True)
    try:
        page = SeriesPage(store, None)
        qtbot.addWidget(page)
        view = SeasonView(store)
        qtbot.addWidget(view)
        admin = SeriesAdmin(page, store, None)
        yield SeriesPrint(page), SeasonPrint(view, club), admin, page, view
    finally:
        wait_for_jobs()
        store.close()


def test_action_sets_being_collected_ignore_their_widgets_events(action_sets):
    """The print, export and sign actions retranslate on their widget's language change,
    seen through an event filter. When the garbage collector takes such a set apart, its
    Python attributes go before its C++ half, which the widget still sends events to: the
    filter used to read an attribute first and raised in the Qt event loop (a test run of
    the whole suite failed on it). Here the attributes are taken as the collector would."""
    from PySide6.QtCore import QEvent
    from shiboken6 import Shiboken

    *sets, page, view = action_sets
    for actions in sets:
        actions.__dict__.clear()
    for widget in (page, view):
        QApplication.sendEvent(widget, QEvent(QEvent.Type.User))  # raised before
    for actions in sets:
        Shiboken.delete(actions)  # and the collector deletes the C++ half


def test_action_sets_say_their_words_in_the_new_language(qapp, action_sets):
    """The print, export and sign actions are not widgets: they follow their page's (or
    tab's) language change (:class:`~skat_desktop.gui.i18n.OnLanguageChange`)."""
    from .fit_walk import set_language

    series, season, admin, _page, _view = action_sets
    actions = (series.print_action, season.print_action, admin.sign_action)
    english = [a.text() for a in actions]
    set_language(qapp, "de")
    german = [a.text() for a in actions]
    set_language(qapp, "en")
    assert german == ["&Drucken…", "Wertung &drucken…", "&Unterschreiben und abschließen…"], german
    assert [a.text() for a in actions] == english


@pytest.mark.parametrize("how", ["pdf", "print"])
def test_the_progress_dialog_does_not_come_up_over_the_file_or_printer_dialog(
    qtbot, club, tmp_path, monkeypatch, how
):
    """The sheet is read behind a progress dialog that shows after a moment; the reading
    was done in less, but the dialog's timer ran on while the player chose the file (or
    the printer) and put "Reading the score sheet…" over that dialog, which it then
    blocked: the file name could not be typed, only Cancel was left."""
    seen: list[list[str]] = []

    def player_takes_his_time() -> None:
        qtbot.wait(2 * club_files.PROGRESS_AFTER_MS)
        seen.append(
            [
                w.windowTitle()
                for w in QApplication.topLevelWidgets()
                if w.objectName() == "ClubTaskProgress" and w.isVisible()
            ]
        )

    def choose_file(*_args) -> object:
        player_takes_his_time()
        return tmp_path / "sheet.pdf"

    class PrintDialog:
        def __init__(self, *_args) -> None:
            pass

        def setWindowTitle(self, _title: str) -> None:
            pass

        def exec(self) -> QDialog.DialogCode:
            player_takes_his_time()
            return QDialog.DialogCode.Rejected

    monkeypatch.setattr(club_print, "ask_save_path", choose_file)
    monkeypatch.setattr(club_print, "QPrintDialog", PrintDialog)
    start = club_print.save_sheet_pdf if how == "pdf" else club_print.print_sheet
    task = start(None, club, 1)
    finished(qtbot, task)
    assert seen == [[]]
    if how == "pdf":
        assert task.ok and (tmp_path / "sheet.pdf").exists()
