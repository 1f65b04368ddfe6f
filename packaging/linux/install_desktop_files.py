"""Install the Linux desktop integration under a prefix: the .desktop file, the AppStream
metainfo and the application icon in the hicolor theme, all named by the app id.

    python3 packaging/linux/install_desktop_files.py PREFIX      (e.g. /usr, /app)

The Flatpak manifest runs it, and so can a distribution's package. The icons come from
``skat_desktop/resources/icons`` (scripts/make_icons.py draws them): each square PNG goes
to ``hicolor/<size>x<size>/apps``, the SVG to ``hicolor/scalable/apps``. Exits 2 with a
one-line message, having installed nothing, if a file is missing.
"""

from __future__ import annotations

import shutil
import struct
import sys
from pathlib import Path

APP_ID = "io.github.skat_desktop.SkatDesktop"  # skat_desktop/identity.py's APP_ID
ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
ICONS = ROOT / "skat_desktop" / "resources" / "icons"
# the sizes the hicolor theme has folders for
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 96, 128, 256, 512)


class InstallError(Exception):
    """A file the installation needs is missing or unreadable (one sentence)."""


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk comes first)."""
    head = path.read_bytes()[:24]
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise InstallError(f"{path.name} is not a PNG image")
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def icon_files(icons: Path | None = None) -> dict[str, Path]:
    """Theme folder (``48x48``, ``scalable``) -> the icon file for it (from ``ICONS``).

    Where several files fit one folder, a name starting with ``skat-desktop`` wins, then
    the first by name."""
    icons = ICONS if icons is None else icons
    found: dict[str, Path] = {}
    if not icons.is_dir():
        return found
    candidates = sorted(icons.iterdir(), key=lambda p: (not p.name.startswith("skat-desktop"), p))
    for path in candidates:
        if path.suffix == ".svg":
            found.setdefault("scalable", path)
        elif path.suffix == ".png":
            width, height = png_size(path)
            if width == height and width in HICOLOR_SIZES:
                found.setdefault(f"{width}x{width}", path)
    return found


def planned(prefix: Path, icons: Path | None = None) -> list[tuple[Path, Path]]:
    """(source, destination) of every file to install under ``prefix``."""
    share = prefix / "share"
    plan = [
        (LINUX / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop"),
        (LINUX / f"{APP_ID}.metainfo.xml", share / "metainfo" / f"{APP_ID}.metainfo.xml"),
    ]
    found = icon_files(icons)
    if not found:
        folder = ICONS if icons is None else icons
        raise InstallError(f"no application icon in {folder} (run scripts/make_icons.py)")
    for folder, path in sorted(found.items()):
        plan.append(
            (path, share / "icons" / "hicolor" / folder / "apps" / f"{APP_ID}{path.suffix}")
        )
    for source, _ in plan:
        if not source.is_file():
            raise InstallError(f"{source} is missing")
    return plan


def install(prefix: Path, icons: Path | None = None) -> list[Path]:
    """Copy the files; every check happens before the first copy."""
    plan = planned(prefix, icons)
    for source, destination in plan:
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
        destination.chmod(0o644)
    return [destination for _, destination in plan]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: install_desktop_files.py PREFIX", file=sys.stderr)
        return 2
    try:
        for path in install(Path(argv[0])):
            print(path)
    except (InstallError, OSError) as e:
        print(f"install_desktop_files: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
