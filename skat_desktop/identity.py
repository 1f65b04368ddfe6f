"""Who the program is to the desktop: its application id, names, icon and settings scope.

The reverse-DNS id names the Linux desktop file, the AppStream metainfo, the Flatpak and
the macOS bundle (packaging/), and scopes QSettings: organisation ``io.github.skat_desktop``
(domain ``skat_desktop.github.io``) and application ``SkatDesktop``, so the settings live in

- Linux: ``~/.config/io.github.skat_desktop/SkatDesktop.conf``
- macOS: ``~/Library/Preferences/io.github.skat_desktop.SkatDesktop.plist``
- Windows: ``HKEY_CURRENT_USER\\Software\\io.github.skat_desktop\\SkatDesktop``

The score sheets do NOT move with it: the database stays where platformdirs has always put
it (``store.database.default_path``, folder "skat-desktop"), because a club's years of data
live there. Qt is imported only inside the functions: the command line never loads it.
"""

from __future__ import annotations

from importlib import metadata, resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QIcon

APP_ID = "io.github.skat_desktop.SkatDesktop"
ORGANIZATION = "io.github.skat_desktop"
ORGANIZATION_DOMAIN = "skat_desktop.github.io"
APPLICATION = "SkatDesktop"  # also the X11 window class (the desktop file's StartupWMClass)
DISPLAY_NAME = "Skat"
HOMEPAGE = "https://github.com/skat-desktop/skat-desktop"
DISTRIBUTION = "skat-desktop"  # the name pip knows the program by (pyproject.toml)
LICENCE = "GPL-3.0-or-later"  # SPDX, as pyproject.toml declares it
LICENCE_URL = "https://www.gnu.org/licenses/gpl-3.0.html"

# The scope of the settings before the application id (version 0.1 development builds):
# their keys are carried over once (gui.app.carry_over_settings).
OLD_ORGANIZATION = "skat-desktop"
OLD_APPLICATION = "skat-desktop"

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def icon_files() -> list[tuple[int, str]]:
    """(size, path) of the packaged icon PNGs that exist (scripts/make_icons.py draws them)."""
    try:
        folder = resources.files("skat_desktop.resources") / "icons"
    except ModuleNotFoundError:  # a tree without the drawn icons
        return []
    found = []
    for size in ICON_SIZES:
        f = folder / f"skat-desktop-{size}.png"
        if f.is_file():
            found.append((size, str(f)))
    return found


def app_icon() -> QIcon:
    """The application icon in every packaged size (an empty icon if none is installed)."""
    from PySide6.QtGui import QIcon

    icon = QIcon()
    for _size, path in icon_files():
        icon.addFile(path)
    return icon


def default_database() -> Path:
    """Where the score sheets live unless a file is named on the command line: the same
    place as before the application id (``store.database.default_path``)."""
    from skat_desktop.store.database import default_path

    return default_path()


def settings_file(settings: QSettings | None = None) -> Path:
    """The file (or, on Windows, the registry key) that holds the player's settings."""
    from PySide6.QtCore import QSettings

    return Path((settings if settings is not None else QSettings()).fileName())


def _checkout_licence(top: Path | None = None) -> str | None:
    """``LICENSE`` at the top of a source checkout of ours (never a stray one beside the
    package in site-packages: the checkout is known by its pyproject naming us). ``top``:
    the checkout, by default the one this package was imported from."""
    top = top or Path(__file__).resolve().parent.parent
    try:
        project = (top / "pyproject.toml").read_text(encoding="utf-8")
        if f'name = "{DISTRIBUTION}"' not in project:
            return None
        return (top / "LICENSE").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def licence_text() -> str | None:
    """The full licence as shipped: the installed distribution's licence file (setuptools
    keeps it in ``.dist-info/licenses/``, older releases in ``.dist-info/``), else a source
    checkout's LICENSE; None if neither is there (the About dialog then links to the GNU
    page)."""
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        dist = None
    if dist is not None:
        names = list(dict.fromkeys([*(dist.metadata.get_all("License-File") or []), "LICENSE"]))
        for name in names:
            for where in (f"licenses/{name}", name):
                try:
                    text = dist.read_text(where)
                except (OSError, UnicodeDecodeError):
                    text = None
                if text and text.strip():
                    return text
    return _checkout_licence()
