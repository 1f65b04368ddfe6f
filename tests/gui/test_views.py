"""The score sheet, statistics and history views show what the store and the app compute.

Issue 5, item 5. A small club database is built the way the program builds it: deals played
by computer players and stored through ``SeriesService.record_played``, a correction, one
evening entered from a paper sheet. Each view is compared with the Qt-free function it shows
(``SeriesService.sheet``, ``player_statistics``, ``season_ranking``, ``deal_from_record``,
``analyze_deal``); no test looks at the clock.
"""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QFrame, QScrollArea

from skat_desktop.ai.hints import analyze_deal
from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import deal_seeds, play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.statistics import StatsFilter, player_statistics, season_ranking
from skat_desktop.app.table import DealsStored
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.engine.record import deal_from_record
from skat_desktop.gui import history_view
from skat_desktop.gui.game_words import local_date, number
from skat_desktop.gui.history_view import DealListing, DealListModel, HistoryBrowser, Replay
from skat_desktop.gui.sheet_view import (
    MUTED_ROLE,
    NEGATIVE_ROLE,
    SCORE_ROLE,
    VALUE_ROLE,
    ColumnFit,
    ScoreSheetView,
)
from skat_desktop.gui.stats_view import StatisticsView
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import DealRow, Store

from .fit_walk import widget_problems

WAIT = 20_000  # ms; a generous ceiling for a worker's answer, not a timing goal


def play_into(svc: SeriesService, deals: int, seed: int) -> None:
    size = svc.info.table_size
    rng = random.Random(seed)
    players = [RandomPlayer(random.Random(rng.random())) for _ in range(size)]
    seeds = deal_seeds(seed)
    for _ in range(deals):
        s = next(seeds)
        dealer, bock, ramsch = svc.next_context()
        profile = svc.info.profile
        deal = Deal(DealSetup(profile, deal_from_seed(s), s, size, dealer, bock, ramsch))
        svc.record_played(play_deal(deal, players))


@pytest.fixture
def club(tmp_path):
    """Three evenings of Anna, Bernd, Cem and Dora, and a paper sheet.

    S1 ISkO at a table of three, 9 played deals, deal 2 corrected; S2 house rules (Ramsch,
    Kontra, Bock) at a table of four, 12 played deals, with a stake; S3 entered by hand.
    """
    store = Store.open(tmp_path / "club.sqlite3")
    a, b, c, d = (store.add_player(n) for n in ("Anna", "Bernd", "Cem", "Dora"))
    s1 = store.create_series("Evening 1", "2026-01-09", [a, b, c], ISKO, planned_deals=36)
    play_into(SeriesService(store, s1), 9, seed=7)
    SeriesService(store, s1).correct(
        2,
        "Cem",
        "three jacks, not two",
        {
            "kind": "game",
            "declarer": 0,
            "contract": {"game": "clubs"},
            "bid": 24,
            "won": True,
            "matadors": 3,
        },
    )
    s2 = store.create_series(
        "Evening 2", "2026-02-13", [a, b, c, d], HOUSE, planned_deals=48, stake_cents=0.5
    )
    play_into(SeriesService(store, s2), 12, seed=11)
    s3 = store.create_series("Paper", "2026-03-13", [b, c, d], ISKO, planned_deals=36)
    svc = SeriesService(store, s3)
    svc.add_entry(
        {
            "kind": "game",
            "declarer": 0,
            "contract": {"game": "grand"},
            "bid": 48,
            "won": True,
            "matadors": 2,
        }
    )
    svc.add_entry({"kind": "passed_in"})
    svc.add_entry(
        {
            "kind": "game",
            "declarer": 2,
            "contract": {"game": "hearts"},
            "bid": 20,
            "won": False,
            "matadors": 2,
            "with_matadors": False,
        }
    )
    yield store, {"a": a, "b": b, "c": c, "d": d}, (s1, s2, s3)
    wait_for_jobs()
    store.close()


def corrupt_series(store: Store, players: dict[str, int], record: dict) -> tuple[int, int]:
    """A series whose only deal carries ``record`` as its move log; (series id, deal id)."""
    sid = store.create_series(
        "Damaged", "2026-04-01", [players["a"], players["b"], players["c"]], ISKO
    )
    row = DealRow(
        number=1,
        dealer=0,
        kind="passed_in",
        scores=(0, 0, 0),
        outcome=(0, 0, 0),
        roles=("passed", "passed", "passed"),
        record=record,
    )
    return sid, store.add_deal(sid, row)


def played_deal_ids(store: Store, series_id: int) -> list[tuple[int, dict]]:
    return [
        (r["deal_id"], json.loads(r["record"]))
        for r in store.deal_rows(series_id)
        if r["record"] is not None
    ]


# ---------------------------------------------------------------------------- score sheet


def shown_sheet(qtbot, view: ScoreSheetView) -> None:
    if view.summary is None or view.busy:
        with qtbot.waitSignal(view.loaded, timeout=WAIT):
            pass


@pytest.mark.parametrize("which", [0, 1, 2])
def test_the_sheet_shows_the_totals_of_the_series(qtbot, club, which):
    store, _, series = club
    sid = series[which]
    view = ScoreSheetView(store, sid)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    expected = SeriesService(store, sid).sheet()
    assert view.summary == expected
    model = view.model
    seats = len(expected.info.players)
    for row, line in enumerate(expected.lines):
        assert model.index(row, 0).data() == str(line.number)
        assert model.index(row, 1).data() == line.dealer
        for seat in range(seats):
            cell = model.index(row, model.player_column(seat))
            assert cell.data(VALUE_ROLE) == line.totals[seat]
            assert cell.data(SCORE_ROLE) == line.scores[seat]
    total = model.footer_row("total")
    assert [model.index(total, model.player_column(s)).data(VALUE_ROLE) for s in range(seats)] == [
        *expected.totals
    ]
    won_lost = model.footer_row("won_lost")
    assert [model.index(won_lost, model.player_column(s)).data() for s in range(seats)] == [
        f"{number(w)} / {number(lo)}" for w, lo in zip(expected.won, expected.lost, strict=True)
    ]
    sf = model.footer_row("seeger_fabian")
    assert [model.index(sf, model.player_column(s)).data(VALUE_ROLE) for s in range(seats)] == [
        *expected.seeger_fabian
    ]
    places = model.footer_row("places")
    shown = {s: model.index(places, model.player_column(s)).data(VALUE_ROLE) for s in range(seats)}
    assert shown == {seat: place for place, seat in expected.ranking}


def test_numbers_are_right_aligned_and_negatives_are_marked(qtbot, club):
    store, _, (s1, _, _) = club
    view = ScoreSheetView(store, s1)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    model = view.model
    cell = model.index(0, model.player_column(0))
    assert cell.data(Qt.ItemDataRole.TextAlignmentRole) & Qt.AlignmentFlag.AlignRight
    negatives = [
        model.index(r, model.player_column(s))
        for r in range(model.rowCount())
        for s in range(3)
        if (model.index(r, model.player_column(s)).data(VALUE_ROLE) or 0) < 0
    ]
    assert negatives, "the random players lose games: some total is negative"
    assert all(i.data(NEGATIVE_ROLE) for i in negatives)
    assert cell.data(Qt.ItemDataRole.DisplayRole) == number(cell.data(VALUE_ROLE))


def test_a_correction_is_marked_with_who_and_why(qtbot, club):
    store, _, (s1, _, _) = club
    view = ScoreSheetView(store, s1)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    notes = view.model.index(1, view.model.notes_column)
    assert "✎" in notes.data()
    assert "Cem" in notes.data(Qt.ItemDataRole.ToolTipRole)
    assert "three jacks" in notes.data(Qt.ItemDataRole.ToolTipRole)
    assert "✎" not in (view.model.index(0, view.model.notes_column).data() or "")


def test_at_a_table_of_four_the_dealer_sits_out_visibly(qtbot, club):
    store, _, (_, s2, _) = club
    view = ScoreSheetView(store, s2)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    model = view.model
    names = model.players
    for row, line in enumerate(view.summary.lines):
        muted = [s for s in range(4) if model.index(row, model.player_column(s)).data(MUTED_ROLE)]
        assert muted == [names.index(line.dealer)]


def test_the_sheet_follows_the_series_during_play(qtbot, club):
    store, _, (s1, _, _) = club
    view = ScoreSheetView(store, s1)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    before = len(view.summary.lines)
    play_into(SeriesService(store, s1), 2, seed=99)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.refresh()
    assert len(view.summary.lines) == before + 2
    assert view.summary == SeriesService(store, s1).sheet()


def test_the_sheet_follows_the_tables_events(qtbot, club):
    store, _, (_, s2, _) = club
    view = ScoreSheetView(store)
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.follow_table(SimpleNamespace(series_id=s2))  # MainWindow.controllerChanged
    assert view.series_id == s2
    play_into(SeriesService(store, s2), 1, seed=3)
    view.table_event(DealsStored((1,)))  # hidden (another tab): read when shown
    assert not view.busy
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.show()
    assert view.summary == SeriesService(store, s2).sheet()
    play_into(SeriesService(store, s2), 1, seed=4)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.table_event(DealsStored((1,)))
    assert view.summary == SeriesService(store, s2).sheet()


def test_the_sheet_shows_the_stake_and_a_summary_given_directly(qtbot, club):
    store, _, (_, s2, _) = club
    summary = SeriesService(store, s2).sheet()
    view = ScoreSheetView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_sheet(summary)
    money = view.model.footer_row("money")
    assert money is not None
    cents = [
        view.model.index(money, view.model.player_column(s)).data(VALUE_ROLE) for s in range(4)
    ]
    assert cents == list(summary.money_cents)
    assert "Evening 2" in view.title.text()


def test_a_deal_that_cannot_be_scored_is_a_line_that_says_why(qtbot, club):
    """A broken move log no longer makes the whole sheet unreadable (issue 22.4)."""
    store, players, _ = club
    sid, _ = corrupt_series(store, players, {"format": "something else"})
    view = ScoreSheetView(store, sid)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    assert "the move log cannot be scored" in view.model.as_text()


def test_a_sheet_that_cannot_be_rebuilt_is_one_line_in_the_view(qtbot, club):
    store, players, _ = club
    sid, _ = corrupt_series(store, players, {"format": "something else"})
    store.conn.execute(  # the series' rule profile is unreadable: nothing can be scored
        "UPDATE profiles SET options = 'not JSON' WHERE id ="
        " (SELECT profile_id FROM series WHERE id = ?)",
        (sid,),
    )
    view = ScoreSheetView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.failed, timeout=WAIT) as blocker:
        view.set_series(store, sid)
    assert "\n" not in view.status.text()
    assert blocker.args[0] in view.status.text()
    assert not view.status.isHidden()


def test_an_in_memory_store_is_read_on_the_gui_thread(qtbot):
    store = Store.open(":memory:")
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Kitchen", "2026-05-01", ids, ISKO)
    play_into(SeriesService(store, sid), 3, seed=5)
    view = ScoreSheetView(store, sid)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    assert view.summary == SeriesService(store, sid).sheet()


def test_the_sheet_can_be_copied_and_zoomed(qtbot, club):
    store, _, (s1, _, _) = club
    view = ScoreSheetView(store, s1)
    qtbot.addWidget(view)
    shown_sheet(qtbot, view)
    text = view.model.as_text()
    assert text.splitlines()[0].split("\t")[6:9] == ["Anna", "Bernd", "Cem"]
    size = view.table.font().pointSizeF()
    view.set_zoom(1.5)
    assert view.table.font().pointSizeF() > size


def test_a_narrow_sheet_still_counts_the_deals_passed_in(qtbot, club):
    """The number of deals passed in stands in the value column; a narrow sheet (a side
    panel beside a 1024 px window) leaves that column out, and the line said only "Passed
    in". The count then goes into the line's label."""
    store, _, (_, _, s3) = club  # the paper sheet: one deal passed in
    view = ScoreSheetView(store, s3)
    qtbot.addWidget(view)
    view.show()
    shown_sheet(qtbot, view)
    row = view.model.footer_row("passed_in")
    view.resize(1100, 640)
    qtbot.waitUntil(lambda: not view.table.isColumnHidden(5))
    assert view.model.index(row, 0).data() == "Passed in"
    assert view.model.index(row, 5).data() == "1"
    view.resize(300, 640)
    qtbot.waitUntil(lambda: view.table.isColumnHidden(5))
    assert view.model.index(row, 0).data() == "Passed in: 1"
    assert not widget_problems(view), widget_problems(view)


def test_columns_give_way_in_the_order_asked_and_only_as_far_as_needed():
    fit = ColumnFit([100, 80, 60, 40], room=200)  # 80 px too wide
    fit.shrink(0, 70)  # 30 px: down to its floor
    fit.hide(3)  # 40 px more
    fit.shrink(1, 10)  # the last 10 px, not down to the floor
    fit.hide(2)  # nothing left to do
    assert fit.widths == [70, 70, 60, 40] and fit.hidden == {3}
    assert fit.over() == 0
    roomy = ColumnFit([100, 80], room=300)
    roomy.shrink(0, 10)
    roomy.hide(1)
    assert roomy.widths == [100, 80] and not roomy.hidden


# ----------------------------------------------------------------------------- statistics


def shown_stats(qtbot, view: StatisticsView) -> None:
    if view.stats is None or view.busy:
        with qtbot.waitSignal(view.loaded, timeout=WAIT):
            pass


def test_the_statistics_equal_the_apps_figures(qtbot, club):
    store, p, _ = club
    view = StatisticsView(store)
    qtbot.addWidget(view)
    shown_stats(qtbot, view)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_player(p["b"])
    expected = player_statistics(store, p["b"], StatsFilter())
    assert view.stats == expected
    shown = {key: item.text(1) for key, item in view.figure_items.items()}
    assert shown == view.figure_values(expected)
    assert shown["games_declared"] == str(expected.games_declared)
    assert shown["seeger_fabian"] == number(expected.seeger_fabian)
    assert list(view.ranking) == season_ranking(store, StatsFilter())
    assert [r.name for r in view.ranking_model.rows] == [r.name for r in view.ranking]


def test_the_charts_have_series_with_the_players_numbers(qtbot, club):
    store, p, _ = club
    view = StatisticsView(store)
    qtbot.addWidget(view)
    view.set_player(p["a"])
    shown_stats(qtbot, view)
    st = view.stats
    assert st.player_id == p["a"]
    bars = view.game_chart.chart().series()
    assert len(bars) == 1
    won, lost = bars[0].barSets()
    kinds = (st.suits, st.grand, st.null, st.hand, st.ouvert)
    assert [won.at(i) for i in range(5)] == [k.won for k in kinds]
    assert [lost.at(i) for i in range(5)] == [k.lost for k in kinds]
    rate = view.rate_chart.chart().series()[0].barSets()[0]
    assert rate.count() == 7
    line = view.score_chart.chart().series()[0]
    assert [pt.y() for pt in line.points()] == [total for _, _, total in st.score_over_time]


def test_a_score_of_nought_has_a_score_axis(qtbot, tmp_path):
    """A player who only defended has a total of 0 after each series: the score axis ran
    from 0 to 0 (Qt: "invalid range [nan - nan]"), the chart showed neither the point
    nor any numbers. The axis now spans the 0."""
    store = Store.open(tmp_path / "club.sqlite3")
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2026-11-30", ids, ISKO, planned_deals=36)
    declared = {"kind": "game", "declarer": 1, "contract": {"game": "grand"}, "bid": 48}
    SeriesService(store, sid).add_entry({**declared, "won": True, "matadors": 2})
    view = StatisticsView(store)
    qtbot.addWidget(view)
    try:
        shown_stats(qtbot, view)
        assert view.stats.player_id == ids[0]  # the first player is chosen
        assert [total for _, _, total in view.stats.score_over_time] == [0]
        (axis,) = view.score_chart.chart().axes(Qt.Orientation.Vertical)
        assert axis.min() < 0 < axis.max()
    finally:
        wait_for_jobs()
        store.close()


def test_the_filters_select_the_series(qtbot, club):
    store, p, _ = club
    view = StatisticsView(store)
    qtbot.addWidget(view)
    view.set_player(p["a"])
    shown_stats(qtbot, view)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_filter(profile="house")
    flt = StatsFilter(profile="house")
    assert view.stats == player_statistics(store, p["a"], flt)
    assert view.stats.series == 1
    assert list(view.ranking) == season_ranking(store, flt)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_filter(date_from="2026-01-01", date_to="2026-01-31", method="running_total")
    flt = StatsFilter(date_from="2026-01-01", date_to="2026-01-31")
    assert view.current_filter() == flt
    assert view.stats == player_statistics(store, p["a"], flt)
    assert list(view.ranking) == season_ranking(store, flt, method="running_total")


def test_one_series_gives_the_figures_of_its_sheet(qtbot, club):
    store, p, (s1, _, _) = club
    view = StatisticsView(store)
    qtbot.addWidget(view)
    view.set_player(p["a"])
    shown_stats(qtbot, view)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_filter(series_id=s1)
    assert not view.date_from.isEnabled() and not view.profile_box.isEnabled()
    flt = StatsFilter("isko", "2026-01-09", "2026-01-09", (p["a"], p["b"], p["c"]))
    assert view.current_filter() == flt
    assert view.stats == player_statistics(store, p["a"], flt)
    assert view.stats.series == 1
    sheet = SeriesService(store, s1).sheet()
    by_name = {r.name: r for r in view.ranking}
    for seat, (_, name) in enumerate(sheet.info.players):
        assert by_name[name].score == sheet.totals[seat]
        assert by_name[name].evaluation == sheet.seeger_fabian[seat]
    assert view.status.isHidden()


def test_the_charts_take_the_palettes_colours(qtbot, club):
    store, _, _ = club
    view = StatisticsView(store)
    qtbot.addWidget(view)
    shown_stats(qtbot, view)
    dark = QPalette(view.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#1f2124"))
    dark.setColor(QPalette.ColorRole.Text, QColor("#e6e6e6"))
    view.setPalette(dark)
    chart = view.game_chart.chart()
    assert chart.backgroundBrush().color() == QColor("#1f2124")
    assert chart.legend().labelColor() == QColor("#e6e6e6")


# -------------------------------------------------------------------------------- history


def listed(qtbot, view: HistoryBrowser) -> None:
    if view.busy or view.deal_count() == 0:
        with qtbot.waitSignal(view.list_loaded, timeout=WAIT):
            pass


def test_every_stored_deal_is_listed_and_the_filters_narrow_the_list(qtbot, club):
    store, p, (s1, s2, s3) = club
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    assert view.deal_count() == 9 + 12 + 3
    with qtbot.waitSignal(view.list_loaded, timeout=WAIT):
        view.set_filter(series_id=s1)
    assert {r.series_id for r in view.list_model.rows} == {s1}
    assert view.deal_count() == 9
    with qtbot.waitSignal(view.list_loaded, timeout=WAIT):
        view.set_filter(player_id=p["a"])
    assert {r.series_id for r in view.list_model.rows} == {s1, s2}  # Anna was not on paper
    with qtbot.waitSignal(view.list_loaded, timeout=WAIT):
        view.set_filter(date_from="2026-02-01")
    assert {r.series_id for r in view.list_model.rows} == {s2, s3}


def a_deal_with_tricks(store: Store, series_id: int) -> tuple[int, Deal, dict]:
    for deal_id, record in played_deal_ids(store, series_id):
        deal = deal_from_record(record)
        if deal.tricks and deal.contract is not None:
            return deal_id, deal, record
    raise AssertionError("the fixture has a played game")


def test_a_deal_is_replayed_to_its_end_and_shows_the_final_trick(qtbot, club):
    store, _, (s1, _, _) = club
    deal_id, deal, _ = a_deal_with_tricks(store, s1)
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    view.show_deal(deal_id)
    assert view.step == 0 and view.step_count == len(deal.actions)
    assert view.board.state.trick == []
    assert sum(len(h) for h in view.board.state.hands) == 30
    steps = []
    for _ in range(view.step_count):
        view.next()
        steps.append(view.step)
    assert steps == list(range(1, len(deal.actions) + 1))
    view.next()  # nothing beyond the end
    assert view.step == view.step_count
    leader, cards, winner = deal.tricks[-1]
    assert [c for _, c in view.board.state.trick] == list(cards)
    assert [pos for pos, _ in view.board.state.trick] == [(leader + i) % 3 for i in range(3)]
    assert view.board.state.trick_winner == winner
    assert view.board.state.to_move is None
    assert view.note_line.text()  # the result of the deal
    assert view.error_line.isHidden()


def test_the_keys_step_through_the_deal(qtbot, club):
    store, _, (s1, _, _) = club
    deal_id, deal, _ = a_deal_with_tricks(store, s1)
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    view.show_deal(deal_id)
    qtbot.keyClick(view.board, Qt.Key.Key_Right)
    qtbot.keyClick(view.board, Qt.Key.Key_Right)
    assert view.step == 2
    qtbot.keyClick(view.board, Qt.Key.Key_Left)
    assert view.step == 1
    qtbot.keyClick(view.board, Qt.Key.Key_End)
    assert view.step == len(deal.actions)
    qtbot.keyClick(view.board, Qt.Key.Key_Home)
    assert view.step == 0
    qtbot.keyClick(view.board, Qt.Key.Key_Left)
    assert view.step == 0
    # the keys step the replay from the deal list too, which keeps Up/Down for itself
    qtbot.keyClick(view.deal_list, Qt.Key.Key_End)
    assert view.step == len(deal.actions)
    qtbot.keyClick(view.moves, Qt.Key.Key_Home)
    assert view.step == 0 and view.moves.currentRow() == 0


def test_the_buttons_and_the_move_list_step_too(qtbot, club):
    store, _, (s1, _, _) = club
    deal_id, deal, _ = a_deal_with_tricks(store, s1)
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    view.show_deal(deal_id)
    qtbot.mouseClick(view.last_button, Qt.MouseButton.LeftButton)
    assert view.step == len(deal.actions)
    qtbot.mouseClick(view.prev_button, Qt.MouseButton.LeftButton)
    assert view.step == len(deal.actions) - 1
    qtbot.mouseClick(view.first_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.step == 1
    view.moves.setCurrentRow(5)
    assert view.step == 5
    assert view.moves.count() == len(deal.actions) + 1  # "cards dealt" and every move


def test_choosing_a_deal_in_the_list_opens_it(qtbot, club):
    store, _, _ = club
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    with qtbot.waitSignal(view.deal_shown, timeout=WAIT) as blocker:
        view.deal_list.selectRow(3)
    assert blocker.args == [view.list_model.rows[3].deal_id]


@pytest.mark.parametrize(
    "damage",
    ["bad card", "not a record", "actions missing"],
)
def test_a_corrupt_move_log_shows_an_error_line(qtbot, club, damage):
    store, players, (s1, _, _) = club
    _, _, record = a_deal_with_tricks(store, s1)
    record = json.loads(json.dumps(record))
    if damage == "bad card":
        plays = [i for i, a in enumerate(record["actions"]) if a["type"] == "play"]
        record["actions"][plays[4]]["card"] = "XX"
        good_moves = plays[4]
    elif damage == "not a record":
        record = {"format": "a shopping list", "items": ["milk"]}
        good_moves = 0
    else:
        record["actions"] = "gone"
        good_moves = 0
    _, deal_id = corrupt_series(store, players, record)
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    view.show_deal(deal_id)
    assert not view.error_line.isHidden()
    text = view.error_line.text()
    assert text and "\n" not in text
    assert view.step_count == good_moves
    view.last()  # stepping what survives never raises
    assert view.step == good_moves


def test_a_deal_entered_from_a_paper_sheet_has_nothing_to_replay(qtbot, club):
    store, _, (_, _, s3) = club
    deal_id = store.deal_rows(s3)[0]["deal_id"]
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    view.show_deal(deal_id)
    assert view.replay is None
    assert "score sheet" in view.board.state.empty_text
    view.next()  # nothing to step, nothing raised
    assert view.step_count == 0


def test_the_open_card_analysis_marks_the_costly_moves(qtbot, club):
    store, _, (s1, _, _) = club
    deal_id, deal, _ = a_deal_with_tricks(store, s1)
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    listed(qtbot, view)
    view.show_deal(deal_id)
    with qtbot.waitSignal(view.analysis_ready, timeout=60_000):
        view.set_analysis(True)
    expected = analyze_deal(deal)
    assert [(a.number, a.card, a.cost) for a in view.analysis] == [
        (a.number, a.card, a.cost) for a in expected
    ]
    assert any(a.cost for a in expected), "random players give points away"
    plays = {n: step for step, n in view.replay.play_numbers().items()}
    for a in expected:
        item = view.moves.item(plays[a.number])
        assert ("   " in item.text()) == bool(a.cost)  # the cost stands after the move
        assert item.toolTip()  # "optimal", or what it cost
    view.step_to(plays[next(a.number for a in expected if a.cost)])
    assert "cost" in view.note_line.text() or "trick" in view.note_line.text()


@pytest.mark.parametrize(
    "language, one, two",
    [
        (None, ("−1 point", "cost 1 card point ("), ("−2 points", "cost 2 card points (")),
        ("en", ("−1 point", "cost 1 card point ("), ("−2 points", "cost 2 card points (")),
        ("de", ("−1 Auge", "hat 1 Auge gekostet"), ("−2 Augen", "hat 2 Augen gekostet")),
    ],
)
def test_a_card_that_cost_one_point_says_one_point(
    qtbot, qapp, club, monkeypatch, language, one, two
):
    """An ace played where the ten was better costs a single card point: the move list
    said "−1 points" and its tooltip "cost 1 card points"."""
    from skat_desktop.ai.hints import CardAnalysis
    from skat_desktop.gui import i18n

    store, _, (s1, _, _) = club
    deal_id, _, _ = a_deal_with_tricks(store, s1)
    costs = {1: 1, 2: 2}
    monkeypatch.setattr(
        history_view,
        "analyze_deal",
        lambda deal, cancel=None: [
            CardAnalysis(n, 0, 0, 60, 60 - cost, (1,), cost, False) for n, cost in costs.items()
        ],
    )
    try:
        if language is not None:
            i18n.install_translations(qapp, language)
        view = HistoryBrowser(store)
        qtbot.addWidget(view)
        listed(qtbot, view)
        view.show_deal(deal_id)
        with qtbot.waitSignal(view.analysis_ready, timeout=WAIT):
            view.set_analysis(True)
        plays = {n: step for step, n in view.replay.play_numbers().items()}
        for n, (move, tip) in ((1, one), (2, two)):
            item = view.moves.item(plays[n])
            assert item.text().endswith("   " + move), item.text()
            assert tip in item.toolTip(), item.toolTip()
    finally:
        i18n.remove_translations(qapp)


@pytest.mark.parametrize("width", [1280, 900, 640, 560, 420, 300])
def test_the_history_fits_a_side_panel_without_sideways_scrolling(qtbot, club, width):
    """As in the side panel (a scroll area): at 640 px (1280 x 800) and 420 px (1024 x 700)
    and even at the panel's narrowest, 300 px, the lists and the board fit the width; the
    deal list's columns give way, the score stays whole."""
    store, _, (s1, _, _) = club
    deal_id, _, _ = a_deal_with_tricks(store, s1)
    view = HistoryBrowser(store)
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(view)
    qtbot.addWidget(area)
    area.resize(width, 700)
    area.show()
    qtbot.waitExposed(area)
    listed(qtbot, view)
    view.show_deal(deal_id)
    view.step_to(20)
    qtbot.wait(20)
    where = f"{width} px"
    assert not area.horizontalScrollBar().isVisible(), where
    assert view.width() <= area.viewport().width(), where
    deals = view.deal_list
    assert not deals.horizontalScrollBar().isVisible(), where
    assert not deals.isColumnHidden(DealListModel.SCORE), where
    right = deals.viewport().width()
    for c in range(view.list_model.columnCount()):
        if not deals.isColumnHidden(c):
            end = deals.columnViewportPosition(c) + deals.columnWidth(c)
            assert deals.columnViewportPosition(c) >= 0 and end <= right, (where, c)
    assert not view.moves.horizontalScrollBar().isVisible(), where
    board = view.board.geometry().translated(view.board.parentWidget().mapTo(view, QPoint(0, 0)))
    assert board.right() < view.width() and board.width() >= 240, where
    if width >= 900:  # a wide panel keeps the lists beside the board, the list whole
        assert view.splitter.orientation() == Qt.Orientation.Horizontal, where
        assert not any(deals.isColumnHidden(c) for c in range(view.list_model.columnCount()))


def _listing(i: int, player: str, label: str, score: int) -> DealListing:
    return DealListing(i, 1, "2026-01-09", "Evening", i % 36 + 1, player, label, True, score, True)


def test_thousands_of_deals_are_measured_by_their_few_texts_and_wrap_to_one_row_height(
    qtbot, monkeypatch
):
    """The deal list may hold thousands of deals: its columns are measured on the few
    different texts, not on every row (a wrapped layout for each row would take seconds),
    and every row gets the one height the longest game needs; a narrow list wraps
    "Clubs Hand Schneider announced" onto more lines rather than cut it short ("…")."""
    labels = ["Clubs Hand Schneider announced", "Null Hand Ouvert", "Grand", "ramsch"]
    players = ["Anna-Lena Sommer", "Bert", "beginner 3"]
    rows = tuple(
        _listing(i, players[i % 3], labels[i % 4], (-1) ** i * (i % 200)) for i in range(3000)
    )
    calls = []
    real = history_view.wrapped_lines
    monkeypatch.setattr(history_view, "wrapped_lines", lambda *a: calls.append(a[0]) or real(*a))
    view = HistoryBrowser()
    qtbot.addWidget(view)
    view.list_model.set_rows(rows)
    deals = view.deal_list
    deals.setParent(None)  # the list alone, at the widths of a side panel's list
    qtbot.addWidget(deals)
    deals.show()
    heights = {}
    for width in (700, 360, 240):
        deals.resize(width, 400)
        QCoreApplication.processEvents()
        calls.clear()
        view._fit_list_columns(measure=True)
        QCoreApplication.processEvents()
        assert len(calls) < 300, (width, len(calls))  # some dozen texts, not 3000 rows
        assert not widget_problems(deals), (width, widget_problems(deals))
        assert not deals.horizontalScrollBar().isVisible(), width
        assert deals.rowHeight(0) == deals.rowHeight(2999)
        heights[width] = deals.rowHeight(0)
    assert heights[700] < heights[360] <= heights[240]  # one line wide, wrapped narrow
    # what a narrow list leaves out the game's tooltip says
    tip = view.list_model.index(0, DealListModel.GAME).data(Qt.ItemDataRole.ToolTipRole)
    assert local_date("2026-01-09") in tip and "#1" in tip  # the date the player's way


def test_a_replay_is_qt_free_and_reports_damage_in_one_sentence():
    replay = Replay({"format": "skat-desktop game record", "version": 99})
    assert not replay.ok and replay.error and "\n" not in replay.error


def test_the_views_survive_a_language_change(qtbot, club):
    store, _, (s1, _, _) = club
    views = [ScoreSheetView(store, s1), StatisticsView(store), HistoryBrowser(store)]
    for v in views:
        qtbot.addWidget(v)
    wait_for_jobs()
    for v in views:
        QCoreApplication.sendEvent(v, QEvent(QEvent.Type.LanguageChange))
    assert views[2].analysis_button.text()


def test_the_filters_follow_a_language_switched_at_runtime(qtbot, qapp, tmp_path):
    """A computer's name, a series' date and a built-in profile's title in the filter boxes
    are said in the language chosen while the views are open, as the table and the deal list
    say them (they stayed English: "beginner 2" beside "Anfänger 2")."""
    from skat_desktop.gui import i18n

    store = Store.open(tmp_path / "club.sqlite3")
    ids = [store.add_player(n) for n in ("Anna", "beginner 2", "beginner 3")]
    sid = store.create_series("Friday", "2026-11-30", ids, HOUSE, planned_deals=36)
    play_into(SeriesService(store, sid), 1, seed=3)
    stats, history = StatisticsView(store), HistoryBrowser(store)
    for v in (stats, history):
        qtbot.addWidget(v)
    wait_for_jobs()

    def items(box) -> list[str]:
        return [box.itemText(i) for i in range(box.count())]

    try:
        i18n.install_translations(qapp, "de")
        qapp.processEvents()
        for box in (stats.player_box, history.player_box):
            assert "Anfänger 2" in items(box) and "beginner 2" not in items(box)
        for box in (stats.series_box, history.series_box):
            assert items(box)[1] == "30.11.2026 Friday"
        assert "Vereins- und Kneipenregeln" in items(stats.profile_box)
        for edit in (stats.date_from, stats.date_to, history.date_from, history.date_to):
            assert edit.displayFormat() == "dd.MM.yyyy"  # not ISO
        stats.player_box.setCurrentIndex(items(stats.player_box).index("Anna"))
        wait_for_jobs()
        qapp.processEvents()
        (axis,) = stats.score_chart.chart().axes(Qt.Orientation.Horizontal)
        assert axis.format() == "dd.MM.yyyy"
    finally:
        i18n.remove_translations(qapp)
        wait_for_jobs()
        store.close()


def test_the_ranking_marks_the_places_the_lot_decided(qtbot):
    """Two players equal on the rating, games won and lost get places 2 and 3 by lot
    (SkTO 5.1); the list says so, where the series' sheet shows them sharing place 2."""
    from skat_desktop.app.statistics import RankingRow
    from skat_desktop.gui.stats_view import RankingModel

    def row(place: int, name: str, by_lot: bool) -> RankingRow:
        return RankingRow(place, place, name, 1, 3, 0, 0, 0, 0, None, by_lot=by_lot)

    model = RankingModel()
    model.set_ranking(
        (row(1, "Anna", False), row(2, "Bernd", True), row(3, "Carla", True)), "seeger_fabian"
    )
    places = [model.data(model.index(r, 0)) for r in range(3)]
    assert places == ["1.", "2. (lot)", "3. (lot)"]
    assert model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole) is None
