"""Render every deck's 32 cards and its back into one PNG sheet per deck, for a person to look at.

Rows are the suits (clubs/Eichel, spades/Grün, hearts/Herz, diamonds/Schellen), columns the
ranks 7 .. ace, and a last row shows the back beside a few cards at small sizes. Prints how long
each deck took, as a rough figure for the pixmap cache's first fill.

    QT_QPA_PLATFORM=offscreen python benchmarks/deck_sheet.py --out deck-sheets --width 120 --dpr 2

``--deck ID`` (repeatable) draws only those decks, for instance ``--deck colour-blind-safe``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

from skat_desktop.gui.decks import available_decks, card_image, card_size

GAP = 10
FELT = QColor("#2f6b45")


def render_sheet(deck, width: int, dpr: float) -> QImage:
    """One image with the deck's 32 faces, its back, and a row of small cards."""
    w, h = card_size(deck, width)
    small = [60, 80]
    sheet_w = max(8 * w + 9 * GAP, 4 * (w + GAP) + sum(5 * (s + 4) + GAP for s in small) + GAP)
    last_row = max(h, card_size(deck, max(small))[1])  # the small cards outgrow narrow ones
    sheet_h = 4 * h + last_row + 6 * GAP + 24
    sheet = QImage(round(sheet_w * dpr), round(sheet_h * dpr), QImage.Format.Format_RGB32)
    sheet.setDevicePixelRatio(dpr)
    sheet.fill(FELT)
    painter = QPainter(sheet)
    for suit in range(4):
        for rank in range(8):
            image = card_image(deck, suit * 8 + rank, width, dpr)
            painter.drawImage(QPointF(GAP + rank * (w + GAP), GAP + suit * (h + GAP)), image)
    y = GAP + 4 * (h + GAP)
    painter.drawImage(QPointF(GAP, y), card_image(deck, None, width, dpr))
    # a hand as a player fans it: the corner indices must stay readable
    x = GAP + w + GAP
    for i, c in enumerate((3 * 8 + 4, 0 * 8 + 4, 2 * 8 + 7, 1 * 8 + 3, 3 * 8 + 6, 0 * 8 + 0)):
        painter.drawImage(QPointF(x + i * 0.3 * w, y), card_image(deck, c, width, dpr))
    x = GAP + 4 * (w + GAP)
    for s in small:
        for c in (4, 13, 23, 31):
            painter.drawImage(QPointF(x, y), card_image(deck, c, s, dpr))
            x += s + 4
        painter.drawImage(QPointF(x, y), card_image(deck, None, s, dpr))
        x += s + GAP
    painter.setPen(QColor("white"))
    painter.drawText(
        QRectF(0, sheet_h - 24, sheet_w - GAP, 22),
        Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignRight,
        f"{deck.title}  ",
    )
    painter.end()
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path, help="folder for the PNG sheets")
    parser.add_argument("--width", type=int, default=120, help="card width in logical pixels")
    parser.add_argument("--dpr", type=float, default=1.0, choices=(1.0, 2.0))
    parser.add_argument("--index-style", choices=("en", "de"), default="en")
    parser.add_argument(
        "--deck-dir", action="append", default=[], help="extra folder to look for SVG decks in"
    )
    parser.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="ID",
        help="draw only this deck (repeatable); default: every deck found",
    )
    args = parser.parse_args(argv)
    if args.width < 20:
        parser.error("--width must be at least 20 pixels")
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    start = time.perf_counter()
    decks = available_decks(args.deck_dir, index_style=args.index_style)
    print(f"found {len(decks)} decks in {time.perf_counter() - start:.2f} s")
    if args.deck:
        unknown = sorted(set(args.deck) - {d.id for d in decks})
        if unknown:
            known = ", ".join(d.id for d in decks)
            parser.error(f"no deck {', '.join(unknown)}: the decks found are {known}")
        decks = [d for d in decks if d.id in args.deck]
    args.out.mkdir(parents=True, exist_ok=True)
    for deck in decks:
        start = time.perf_counter()
        sheet = render_sheet(deck, args.width, args.dpr)
        name = deck.id.replace(":", "-").replace("/", "-")
        target = args.out / f"{name}.png"
        sheet.save(str(target))
        print(f"{deck.id:32} {time.perf_counter() - start:6.2f} s  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
