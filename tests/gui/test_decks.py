"""Card decks: our drawn decks, decks of other card games found on disk, the deck picker."""

from __future__ import annotations

import colorsys
import gzip
import hashlib
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox

from skat_desktop.engine.cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, SEVEN, SPADES
from skat_desktop.gui.deck_picker import DeckPicker
from skat_desktop.gui.decks import (
    DrawnDeck,
    available_decks,
    builtin_decks,
    card_image,
    card_pixmap,
    card_size,
    deck_by_id,
    french_deck,
)

BUILTIN_IDS = ("french", "tournament", "colour-blind-safe", "german")
TRANSPARENT = 0x00000000


def pixels(image: QImage) -> Counter[int]:
    """How often each ARGB colour occurs in ``image``."""
    argb = image.convertToFormat(QImage.Format.Format_ARGB32)
    return Counter(memoryview(argb.constBits()).cast("I"))


def fingerprint(image: QImage) -> str:
    argb = image.convertToFormat(QImage.Format.Format_ARGB32)
    return hashlib.sha1(bytes(argb.constBits())).hexdigest()


def ink_colour(image: QImage) -> QColor:
    """The commonest colour that is neither paper, nor transparent, nor a grey edge."""
    for argb, _n in pixels(image).most_common():
        colour = QColor.fromRgba(argb)
        if colour.alpha() < 255:
            continue
        r, g, b = colour.redF(), colour.greenF(), colour.blueF()
        if min(r, g, b) > 0.85:  # paper
            continue
        if max(r, g, b) - min(r, g, b) < 0.05 and 0.3 < r < 0.85:  # grey card edge
            continue
        return colour
    raise AssertionError("no ink on the card")


def distance(a: QColor, b: QColor) -> float:
    return sum((x - y) ** 2 for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True)) ** 0.5


# --- the built-in decks -----------------------------------------------------------------------


def test_the_builtin_decks_come_first(qapp):
    assert [d.id for d in available_decks()[: len(BUILTIN_IDS)]] == list(BUILTIN_IDS)
    for deck in builtin_decks():
        assert deck.title
        assert deck.aspect == pytest.approx(1.5)


@pytest.mark.parametrize("deck_id", BUILTIN_IDS)
@pytest.mark.parametrize("width", [60, 120])
@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_every_card_renders_sharp_and_not_blank(qapp, deck_id, width, dpr):
    deck = deck_by_id(deck_id)
    w, h = card_size(deck, width)
    for card in [*range(32), None]:
        pixmap = card_pixmap(deck, card, width, dpr)
        assert pixmap.devicePixelRatio() == dpr
        assert (pixmap.width(), pixmap.height()) == (round(w * dpr), round(h * dpr))
        image = pixmap.toImage()
        counts = pixels(image)
        total = image.width() * image.height()
        paper, _ = counts.most_common(1)[0]
        drawn = total - counts[paper] - counts[TRANSPARENT]
        assert drawn > 0.03 * total, f"card {card} of {deck_id} is nearly blank"
        # rounded corners leave the very corner pixels see-through
        assert image.pixelColor(0, 0).alpha() == 0


@pytest.mark.parametrize("deck_id", BUILTIN_IDS)
def test_all_32_faces_and_the_back_are_different_pictures(qapp, deck_id):
    deck = deck_by_id(deck_id)
    prints = [fingerprint(card_image(deck, card, 80)) for card in range(32)]
    assert len(set(prints)) == 32
    assert fingerprint(card_image(deck, None, 80)) not in prints


def suit_inks(deck: DrawnDeck) -> list[QColor]:
    return [ink_colour(card_image(deck, suit * 8 + SEVEN, 120)) for suit in range(4)]


def test_tournament_deck_has_four_suit_colours(qapp):
    clubs, spades, hearts, diamonds = inks = suit_inks(deck_by_id("tournament"))
    for i, a in enumerate(inks):
        for b in inks[i + 1 :]:
            assert distance(a, b) > 80
    hue = {
        name: colorsys.rgb_to_hsv(c.redF(), c.greenF(), c.blueF())
        for name, c in (
            ("clubs", clubs),
            ("spades", spades),
            ("hearts", hearts),
            ("diamonds", diamonds),
        )
    }
    assert hue["clubs"][2] < 0.25  # black
    assert 0.25 < hue["spades"][0] < 0.45  # green
    assert hue["hearts"][0] < 0.03 or hue["hearts"][0] > 0.95  # red
    assert 0.05 < hue["diamonds"][0] < 0.15  # orange
    # the pips of the ace carry the same colours
    for suit, ink in enumerate(inks):
        ace = card_image(deck_by_id("tournament"), suit * 8 + ACE, 120)
        centre = ace.pixelColor(ace.width() // 2, ace.height() // 2)
        assert distance(centre, ink) < 60


def test_french_deck_has_two_colours(qapp):
    clubs, spades, hearts, diamonds = suit_inks(deck_by_id("french"))
    assert distance(clubs, spades) < 10 and distance(hearts, diamonds) < 10
    assert distance(clubs, hearts) > 150


def test_german_deck_suits_are_told_apart_by_colour(qapp):
    inks = suit_inks(deck_by_id("german"))
    for i, a in enumerate(inks):
        for b in inks[i + 1 :]:
            assert distance(a, b) > 60


def test_german_index_letters_differ_from_english(qapp):
    english, german = french_deck("en"), french_deck("de")
    assert english.key != german.key
    jack = CLUBS * 8 + JACK
    assert fingerprint(card_image(english, jack, 80)) != fingerprint(card_image(german, jack, 80))
    assert fingerprint(card_image(english, SEVEN, 80)) == fingerprint(card_image(german, SEVEN, 80))
    with pytest.raises(ValueError):
        french_deck("fr")


def test_back_colour_is_configurable(qapp):
    red, blue = french_deck(back_color="#a01010"), french_deck(back_color="#1030a0")
    assert red.key != blue.key
    red_back, blue_back = card_image(red, None, 100), card_image(blue, None, 100)
    assert fingerprint(red_back) != fingerprint(blue_back)
    # the field just inside the white margin shows the chosen colour
    assert red_back.pixelColor(8, 40).red() > red_back.pixelColor(8, 40).blue()
    assert blue_back.pixelColor(8, 40).blue() > blue_back.pixelColor(8, 40).red()


def test_the_german_back_shows_german_suit_signs_and_no_french_ones(qapp, monkeypatch):
    import skat_desktop.gui.decks as decks_module
    from skat_desktop.gui.pips import german_pip_layers

    def french_sign(*_args):
        raise AssertionError("a French suit sign (pip or lozenge) on the German deck's back")

    monkeypatch.setattr(decks_module, "french_pip", french_sign)
    monkeypatch.setattr(decks_module, "_lozenge", french_sign)
    back = card_image(deck_by_id("german"), None, 120)
    colours = pixels(back)
    # acorn, leaf, heart and bell each in the colour of its largest part
    for suit in range(4):
        layers = [layer for layer in german_pip_layers(suit) if layer.fill]
        body = max(layers, key=lambda layer: layer.path.boundingRect().height())
        fill = QColor(body.fill)
        seen = sum(n for argb, n in colours.items() if distance(QColor.fromRgba(argb), fill) < 12)
        assert seen >= 10, f"suit {suit}: no {body.fill} on the back"


def test_pixmaps_are_cached_per_size_and_pixel_ratio(qapp):
    deck = deck_by_id("french")
    first = card_pixmap(deck, HEARTS * 8 + ACE, 90)
    assert card_pixmap(deck, HEARTS * 8 + ACE, 90).cacheKey() == first.cacheKey()
    sharp = card_pixmap(deck, HEARTS * 8 + ACE, 90, 2.0)
    assert sharp.cacheKey() != first.cacheKey()
    assert sharp.width() == 2 * first.width()


def test_paint_card_into_any_rectangle(qapp):
    image = QImage(300, 300, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    deck_by_id("german").paint_card(painter, QRectF(50, 10, 200, 280), SPADES * 8 + ACE)
    painter.end()
    assert image.pixelColor(10, 150).alpha() == 0  # outside the card, which keeps its shape
    assert image.pixelColor(150, 150).alpha() == 255
    with pytest.raises(ValueError):
        deck_by_id("french").paint_card(QPainter(), QRectF(0, 0, 10, 15), 32)


def test_unknown_deck_falls_back_to_french(qapp):
    assert deck_by_id("no-such-deck").id == "french"
    assert deck_by_id("kde:svg-not-installed").id == "french"
    assert deck_by_id("german").id == "german"


# --- decks of other card games ----------------------------------------------------------------

SUITS = ("club", "spade", "heart", "diamond")
RANKS = ("7", "8", "9", "10", "jack", "queen", "king", "1")


def element_colour(index: int) -> str:
    return QColor.fromHsv((index * 11) % 360, 200, 60 + (index % 3) * 80).name()


def kde_svg(skip: str | None = None, card: tuple[int, int] = (60, 90)) -> str:
    """A KDE-style deck: ids like ``1_club``, cards anywhere, inside a transformed group."""
    w, h = card
    names = [f"{r}_{s}" for s in SUITS for r in RANKS] + ["back"]
    shapes = []
    for i, name in enumerate(names):
        if name == skip:
            continue
        x, y = (i % 8) * (w + 10), (i // 8) * (h + 10)
        shapes.append(
            f'<rect id="{name}" x="{x}" y="{y}" width="{w}" height="{h}" '
            f'fill="{element_colour(i)}"/>'
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">'
        f'<g transform="translate(5,7)">{"".join(shapes)}</g></svg>'
    )


def aisleriot_svg() -> str:
    """An AisleRiot-style deck: ids like ``club_1`` on a 13 x 5 grid of 100 x 150 cells."""
    rows = {"club": 0, "diamond": 1, "heart": 2, "spade": 3}
    columns = {"1": 0, "7": 6, "8": 7, "9": 8, "10": 9, "jack": 10, "queen": 11, "king": 12}
    names = [f"{s}_{r}" for s in SUITS for r in RANKS] + ["back"]
    groups = []
    for i, name in enumerate(names):
        if name == "back":
            col, row = 2, 4
        else:
            suit, rank = name.split("_")
            col, row = columns[rank], rows[suit]
        # each card is drawn smaller than its cell, as real themes leave a margin
        groups.append(
            f'<g id="{name}"><rect x="{col * 100 + 20}" y="{row * 150 + 20}" width="60" '
            f'height="110" fill="{element_colour(i)}"/></g>'
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="1300" height="750" '
        f'viewBox="0 0 1300 750">{"".join(groups)}</svg>'
    )


def make_kde_deck(root: Path, folder: str, svg: str | bytes, name: str = "Tiny") -> Path:
    deck_dir = root / folder
    deck_dir.mkdir(parents=True)
    (deck_dir / "index.desktop").write_text(
        f"[KDE Backdeck]\nName={name}\nName[de]=Winzig\nSVG=cards.svg\nBack=Plain\n",
        encoding="utf-8",
    )
    data = svg.encode() if isinstance(svg, str) else svg
    (deck_dir / "cards.svg").write_bytes(data)
    return deck_dir


def centre(image: QImage) -> str:
    return image.pixelColor(image.width() // 2, image.height() // 2).name()


def test_kde_deck_is_found_and_each_card_drawn_from_its_element(qapp, tmp_path):
    make_kde_deck(tmp_path / "carddecks", "svg-tiny", kde_svg())
    decks = available_decks([tmp_path / "carddecks"])
    deck = next(d for d in decks if d.id == "kde:svg-tiny")
    assert decks.index(deck) >= len(BUILTIN_IDS)
    assert "Tiny" in deck.title
    assert deck.aspect == pytest.approx(1.5)
    for card in range(32):  # SUITS and RANKS list the elements in our card order
        assert centre(card_image(deck, card, 60, 2.0)) == element_colour(card)
    assert centre(card_image(deck, None, 60)) == element_colour(32)
    assert deck_by_id("kde:svg-tiny", extra_dirs=[tmp_path / "carddecks"]) is deck


def test_kde_deck_name_follows_the_users_language(qapp, tmp_path):
    make_kde_deck(tmp_path, "svg-named", kde_svg())
    previous = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
    try:
        decks = available_decks([tmp_path], rescan=True)
    finally:
        QLocale.setDefault(previous)
    assert "Winzig" in next(d for d in decks if d.id == "kde:svg-named").title


def test_aisleriot_deck_is_drawn_cell_by_cell(qapp, tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "tiny.svgz").write_bytes(gzip.compress(aisleriot_svg().encode()))
    deck = next(d for d in available_decks([cards]) if d.id == "aisleriot:tiny")
    assert deck.aspect == pytest.approx(1.5)
    ace_of_clubs = card_image(deck, CLUBS * 8 + ACE, 100)
    assert centre(ace_of_clubs) == element_colour(7)
    # the theme's margin stays empty: the grid cell, not the element, fills the card
    assert ace_of_clubs.pixelColor(5, 5).alpha() == 0
    assert centre(card_image(deck, DIAMONDS * 8 + SEVEN, 100)) == element_colour(24)
    assert centre(card_image(deck, None, 100)) == element_colour(32)


def test_broken_decks_are_left_out(qapp, tmp_path):
    root = tmp_path / "carddecks"
    make_kde_deck(root, "svg-good", kde_svg())
    make_kde_deck(root, "svg-corrupt", "<svg xmlns='http://www.w3.org/2000/svg'><g id=")
    make_kde_deck(root, "svg-binary", b"\x1f\x8b\x08\x00garbage")
    make_kde_deck(root, "svg-no-queen", kde_svg(skip="queen_heart"))
    make_kde_deck(root, "svg-no-back", kde_svg(skip="back"))
    make_kde_deck(root, "svg-landscape", kde_svg(card=(90, 60)))
    make_kde_deck(root, "svg-empty", "")
    missing = root / "svg-missing-file"
    missing.mkdir()
    (missing / "index.desktop").write_text("[KDE Backdeck]\nName=Gone\nSVG=gone.svgz\n")
    no_group = root / "svg-no-group"
    no_group.mkdir()
    (no_group / "index.desktop").write_text("[Something Else]\nSVG=cards.svg\n")
    loose = tmp_path / "aisleriot"
    loose.mkdir()
    (loose / "truncated.svg").write_text(aisleriot_svg()[:500])
    (loose / "notes.txt").write_text("not a deck")

    ids = [d.id for d in available_decks([root, loose, tmp_path / "does-not-exist"])]
    assert "kde:svg-good" in ids
    assert not any(i.startswith("aisleriot:") for i in ids)
    assert not [i for i in ids if i.startswith("kde:") and i != "kde:svg-good"]


# --- the deck picker --------------------------------------------------------------------------


def picker_ids(dialog: DeckPicker) -> list[str]:
    return [dialog.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dialog.list.count())]


def test_deck_picker_lists_every_deck_and_returns_the_choice(qtbot, tmp_path):
    make_kde_deck(tmp_path, "svg-tiny", kde_svg())
    decks = available_decks([tmp_path])
    dialog = DeckPicker(decks, current_id="french")
    qtbot.addWidget(dialog)
    dialog.show()
    assert picker_ids(dialog) == [d.id for d in decks]
    assert picker_ids(dialog)[: len(BUILTIN_IDS)] == list(BUILTIN_IDS)
    assert "kde:svg-tiny" in picker_ids(dialog)
    assert not dialog.list.item(0).icon().isNull()
    assert dialog.selected_deck_id() == "french"

    german = dialog.list.item(picker_ids(dialog).index("german"))
    dialog.list.scrollToItem(german)
    qtbot.mouseClick(
        dialog.list.viewport(),
        Qt.MouseButton.LeftButton,
        pos=dialog.list.visualItemRect(german).center(),
    )
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.selected_deck_id() == "german"


def test_deck_picker_cancelled_chooses_nothing(qtbot):
    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, DeckPicker)
        assert dialog.selected_deck_id() == "tournament"
        dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()

    QTimer.singleShot(0, answer)
    assert DeckPicker.choose(current_id="tournament") is None


def test_deck_picker_choose_returns_the_highlighted_deck(qtbot):
    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        dialog.list.setCurrentRow(picker_ids(dialog).index("german"))
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    assert DeckPicker.choose(current_id="french") == "german"


def test_another_deck_shows_the_old_pictures_until_its_own_are_rendered(qtbot):
    """Switching the deck blanked every card on the table for a second or more while the
    new deck rendered: the old deck's pictures stand in until the new ones arrive."""
    from skat_desktop.gui.card_items import CardPictures
    from skat_desktop.gui.decks import german_deck

    pictures = CardPictures(french_deck(), synchronous=False)
    for card in (0, 5, 31, None):
        pictures.pixmap(card, 80, 1.0)
    pictures.wait()
    old = {card: pictures.pixmap(card, 80, 1.0).cacheKey() for card in (0, 5, 31, None)}
    pictures.set_deck(german_deck())
    for card in (0, 5, 31, None):  # asked at once, before anything is rendered
        shown = pictures.pixmap(card, 80, 1.0)
        assert not shown.isNull() and shown.cacheKey() == old[card]
    pictures.wait()
    for card in (0, 5, 31, None):  # and then the new deck's own
        shown = pictures.pixmap(card, 80, 1.0)
        assert not shown.isNull() and shown.cacheKey() != old[card]
    pictures.shutdown()


def test_the_cards_on_the_table_are_rendered_before_the_prefetched_ones(qtbot):
    """The whole deck at every size is a second's work: a card the table asks for comes
    in the first batch, not after all of them."""
    from skat_desktop.gui.card_items import CardPictures

    pictures = CardPictures(french_deck(), synchronous=False)
    pictures.prefetch({60, 80, 100}, {60, 80}, 1.0)
    pictures.pixmap(17, 120, 1.0)  # on the table now
    batches: list[int] = []
    pictures.updated.connect(lambda: batches.append(len(pictures._ready)))
    qtbot.waitUntil(lambda: bool(batches), timeout=10_000)
    key = (pictures.deck.key, 17, 120, 1.0)
    assert key in pictures._ready and batches[0] <= CardPictures.BATCH
    pictures.wait(20_000)
    assert len(pictures._ready) == 3 * 32 + 2 + 1
    pictures.shutdown()
