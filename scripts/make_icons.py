"""Render the application icon from its SVG drawings into every file a platform wants.

    python scripts/make_icons.py            # (re)write the icons that differ, report them
    python scripts/make_icons.py --check    # exit 1 if an icon is missing or stale

Sources (hand-written SVG, in ``resources/icons/``): ``skat-desktop.svg``, the full drawing
for 32 px and up, and ``skat-desktop-small.svg``, a simplified one on a 16 px grid for 16
and 24 px, where the fan of three cards would blur into a grey blot. Qt renders them
offscreen (QSvgRenderer) into:

- ``resources/icons/hicolor/<n>x<n>/apps/io.github.skat_desktop.SkatDesktop.png``, n = 16
  to 512: the layout a Linux desktop or Flatpak installs;
- ``resources/icons/skat-desktop.ico`` (Windows, 16 to 256 px) and ``skat-desktop.icns``
  (macOS, ic07 to ic14, 16@2x to 512@2x): both containers hold PNG images and are written
  here byte for byte, so they do not depend on which Qt image plugins are installed;
- ``skat_desktop/resources/icons/``: the run-time set the package ships (identity.app_icon,
  the Linux installer): ``skat-desktop-<n>.png`` for n = 16 to 256 and ``skat-desktop.svg``.

Every PNG carries a ``Source`` text field, a hash of both drawings and of ``DRAWING``, so
``--check`` can tell an icon made from an older drawing even where the pixels barely moved;
pixels are then compared with a small tolerance, because Qt versions rasterise edges a
little differently and CI need not have the same one. File dates are not compared: a git
checkout sets them arbitrarily. Bump ``DRAWING`` when the rendering below changes.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.skat_desktop.SkatDesktop"  # skat_desktop/identity.py's APP_ID
DRAWING = "1"  # the version of the rendering code: part of every PNG's Source field

FULL_SVG = "skat-desktop.svg"
SMALL_SVG = "skat-desktop-small.svg"
SMALL_UP_TO = 24  # sizes up to this one are drawn from SMALL_SVG
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
RUNTIME_SIZES = (16, 24, 32, 48, 64, 128, 256)  # identity.ICON_SIZES
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry type -> pixel size; ic11..ic14 are the Retina (@2x) images of 16..256
ICNS_ENTRIES = (
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic13", 256),
    (b"ic08", 256),
    (b"ic14", 512),
    (b"ic09", 512),
    (b"ic10", 1024),
)
SOURCE_KEY = "Source"
TOLERANCE = 24  # largest difference of one colour channel (0..255) still counted as equal
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
DOTS_PER_METRE = 3780  # 96 dpi, written into each PNG so the bytes do not vary by machine


class IconError(Exception):
    """A drawing is missing or unreadable, or a container cannot be read (one sentence)."""


@dataclass(frozen=True)
class Layout:
    """Where the drawings are read from and the icons written to, below one tree."""

    root: Path

    @property
    def sources(self) -> Path:
        return self.root / "resources" / "icons"

    @property
    def package(self) -> Path:
        return self.root / "skat_desktop" / "resources" / "icons"

    def hicolor(self, size: int) -> Path:
        return self.sources / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"

    def shown(self, path: Path) -> str:
        """``path`` relative to the tree, for messages."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)


# --- drawing --------------------------------------------------------------------------------


def _qt_ready() -> None:
    """A QGuiApplication for QSvgRenderer, offscreen unless a platform was chosen."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        _qt_ready.app = QGuiApplication([])  # type: ignore[attr-defined]  # kept alive


def _svg_text(path: Path) -> bytes:
    """The drawing's bytes with line ends made LF, so a Windows checkout hashes the same."""
    return path.read_bytes().replace(b"\r\n", b"\n")


class Painter:
    """Renders the two drawings at any size; the PNGs it makes carry the sources' hash."""

    def __init__(self, layout: Layout) -> None:
        from PySide6.QtSvg import QSvgRenderer

        _qt_ready()
        self.layout = layout
        digest = hashlib.sha256(DRAWING.encode())
        self.renderers: dict[str, QSvgRenderer] = {}
        for name in (FULL_SVG, SMALL_SVG):
            path = layout.sources / name
            if not path.is_file():
                raise IconError(f"{layout.shown(path)} is missing")
            data = _svg_text(path)
            renderer = QSvgRenderer(data)
            if not renderer.isValid():
                raise IconError(f"{layout.shown(path)} is not an SVG drawing Qt can read")
            digest.update(name.encode() + b"\0" + data)
            self.renderers[name] = renderer
        self.source = digest.hexdigest()
        self._cache: dict[int, bytes] = {}

    def png(self, size: int) -> bytes:
        """The icon at ``size`` px square as PNG bytes."""
        if size not in self._cache:
            self._cache[size] = _png_bytes(self.image(size))
        return self._cache[size]

    def image(self, size: int):  # -> QImage (Qt stays out of the module's import)
        from PySide6.QtCore import QRectF
        from PySide6.QtGui import QImage, QPainter

        renderer = self.renderers[SMALL_SVG if size <= SMALL_UP_TO else FULL_SVG]
        canvas = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        canvas.fill(0)
        painter = QPainter(canvas)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        image = canvas.convertToFormat(QImage.Format.Format_ARGB32)
        image.setDotsPerMeterX(DOTS_PER_METRE)
        image.setDotsPerMeterY(DOTS_PER_METRE)
        image.setText(SOURCE_KEY, self.source)
        return image


def _png_bytes(image) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise IconError("Qt could not write a PNG image")
    buffer.close()
    return bytes(data.data())


# --- containers -----------------------------------------------------------------------------


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding each (size, PNG) image (PNG entries: Windows Vista and later)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = [], []
    for size, png in images:
        side = 0 if size >= 256 else size  # 0 stands for 256 in the one-byte fields
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset))
        blobs.append(png)
        offset += len(png)
    return header + b"".join(entries) + b"".join(blobs)


def ico_images(data: bytes) -> list[tuple[int, bytes]]:
    """The (size, PNG) images of a .ico; an image that is not a square PNG is an error."""
    if len(data) < 6 or struct.unpack("<HH", data[:4]) != (0, 1):
        raise IconError("not an ICO file")
    (count,) = struct.unpack("<H", data[4:6])
    found = []
    for i in range(count):
        entry = data[6 + 16 * i : 22 + 16 * i]
        if len(entry) < 16:
            raise IconError("ICO directory is cut short")
        width, height, _c, _r, _p, _b, length, offset = struct.unpack("<BBBBHHII", entry)
        blob = data[offset : offset + length]
        if width != height or len(blob) != length or not blob.startswith(PNG_MAGIC):
            raise IconError(f"ICO image {i + 1} is not a square PNG")
        found.append((width or 256, blob))
    return found


def icns_bytes(entries: list[tuple[bytes, bytes]]) -> bytes:
    """A macOS .icns: 'icns' and the total length, then each (type, PNG) entry."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icns_entries(data: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) entries of a .icns file."""
    if len(data) < 8 or data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise IconError("not an ICNS file")
    found, at = [], 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        if length < 8 or at + length > len(data):
            raise IconError("ICNS entry is cut short")
        found.append((kind, data[at + 8 : at + length]))
        at += length
    return found


# --- what the script makes ------------------------------------------------------------------


def planned(layout: Layout) -> dict[Path, bytes]:
    """Every generated file and its content, drawn in memory (nothing is written here)."""
    painter = Painter(layout)
    plan: dict[Path, bytes] = {}
    for size in HICOLOR_SIZES:
        plan[layout.hicolor(size)] = painter.png(size)
    plan[layout.sources / "skat-desktop.ico"] = ico_bytes(
        [(size, painter.png(size)) for size in ICO_SIZES]
    )
    plan[layout.sources / "skat-desktop.icns"] = icns_bytes(
        [(kind, painter.png(size)) for kind, size in ICNS_ENTRIES]
    )
    for size in RUNTIME_SIZES:
        plan[layout.package / f"skat-desktop-{size}.png"] = painter.png(size)
    plan[layout.package / FULL_SVG] = (layout.sources / FULL_SVG).read_bytes()
    return plan


def generated_extras(layout: Layout, plan: dict[Path, bytes]) -> list[Path]:
    """Images in the generated folders that the script does not make (they would ship)."""
    folders = [layout.package, layout.sources / "hicolor"]
    extras = []
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file() and path.suffix in (".png", ".svg") and path not in plan:
                    extras.append(path)
    return extras


def _png_pixels(png: bytes):
    from PySide6.QtGui import QImage

    image = QImage.fromData(png, "PNG")
    if image.isNull():
        return None
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def same_png(expected: bytes, actual: bytes) -> str | None:
    """Why ``actual`` is not the PNG the script would make, or None if it is."""
    if expected == actual:
        return None
    want, have = _png_pixels(expected), _png_pixels(actual)
    if have is None:
        return "not a PNG image"
    if have.size() != want.size():
        return f"{have.width()}x{have.height()} px instead of {want.width()}x{want.height()}"
    if have.text(SOURCE_KEY) != want.text(SOURCE_KEY):
        return "drawn from an older drawing"
    a, b = bytes(want.constBits()), bytes(have.constBits())
    if max(abs(x - y) for x, y in zip(a, b, strict=True)) > TOLERANCE:
        return "its pixels differ from the drawing"
    return None


def _images(path: Path, data: bytes) -> list[tuple[str, bytes]]:
    """(label, PNG) of each image in an .ico or .icns file."""
    if path.suffix == ".ico":
        return [(f"{size} px", png) for size, png in ico_images(data)]
    return [(kind.decode("latin-1"), png) for kind, png in icns_entries(data)]


def difference(path: Path, expected: bytes, actual: bytes) -> str | None:
    """Why the file holding ``actual`` is stale, or None if it is current."""
    if expected == actual:
        return None
    if path.suffix == ".png":
        return same_png(expected, actual)
    if path.suffix not in (".ico", ".icns"):
        return "differs"
    try:
        want, have = _images(path, expected), _images(path, actual)
    except IconError as e:
        return str(e)
    if [label for label, _ in want] != [label for label, _ in have]:
        return "holds other sizes"
    for (label, want_png), (_, have_png) in zip(want, have, strict=True):
        why = same_png(want_png, have_png)
        if why:
            return f"{label}: {why}"
    return None


def stale(layout: Layout) -> list[str]:
    """One line per generated file that is missing, stale or unexpected (empty: all current)."""
    plan = planned(layout)
    problems = []
    for path, content in plan.items():
        if not path.is_file():
            problems.append(f"{layout.shown(path)}: missing")
            continue
        why = difference(path, content, path.read_bytes())
        if why:
            problems.append(f"{layout.shown(path)}: {why}")
    for path in generated_extras(layout, plan):
        problems.append(f"{layout.shown(path)}: not made by this script")
    return problems


def write(layout: Layout) -> list[Path]:
    """Write every generated file whose content changed; remove unexpected images. Returns
    the paths written or removed. Everything is drawn first, so a bad drawing writes nothing."""
    plan = planned(layout)
    extras = generated_extras(layout, plan)
    changed = []
    for path, content in plan.items():
        if path.is_file() and path.read_bytes() == content:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        changed.append(path)
    for path in extras:
        path.unlink()
        changed.append(path)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if an icon is missing or stale"
    )
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    layout = Layout(args.root.resolve())
    try:
        if args.check:
            problems = stale(layout)
            for line in problems:
                print(line)
            if problems:
                print("icons are stale: run python scripts/make_icons.py", file=sys.stderr)
                return 1
            print("icons are current")
            return 0
        changed = write(layout)
    except (IconError, OSError) as e:
        print(f"make_icons: {e}", file=sys.stderr)
        return 2
    for path in changed:
        print(f"{'wrote' if path.exists() else 'removed'} {layout.shown(path)}")
    print(f"{len(changed)} file(s) changed" if changed else "icons are current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
