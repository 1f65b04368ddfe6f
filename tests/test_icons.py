"""The application icon: the files scripts/make_icons.py draws from resources/icons/*.svg are
committed, current, in the names and sizes each platform looks for, and ``--check`` tells
a missing, stale or stray icon."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import shutil
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QColor, QImage, QImageReader, QPainter

from skat_desktop import identity

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_icons.py"
PACKAGE_ICONS = ROOT / "skat_desktop" / "resources" / "icons"


@pytest.fixture
def make_icons(qapp):
    """The script as a module (a QApplication exists first, so it draws with that one)."""
    spec = importlib.util.spec_from_file_location("make_icons", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_icons"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("make_icons", None)


@pytest.fixture
def tree(tmp_path, make_icons):
    """A copy of the drawings with every icon drawn from them, below ``tmp_path``."""
    sources = tmp_path / "resources" / "icons"
    sources.mkdir(parents=True)
    for name in (make_icons.FULL_SVG, make_icons.SMALL_SVG):
        shutil.copy(ROOT / "resources" / "icons" / name, sources / name)
    make_icons.write(make_icons.Layout(tmp_path))
    return tmp_path


def run(module, *args: str) -> tuple[int, str, str]:
    """The script's exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = module.main(list(args))
    return status, out.getvalue(), err.getvalue()


def images_in(path: Path) -> list[int]:
    """The width of every image Qt reads from a multi-image file (.ico, .icns)."""
    reader = QImageReader(str(path))
    widths = []
    for i in range(reader.imageCount()):
        reader.jumpToImage(i)
        image = reader.read()
        assert not image.isNull(), f"{path.name} image {i}: {reader.errorString()}"
        assert image.width() == image.height()
        widths.append(image.width())
    return widths


# --- the committed icons --------------------------------------------------------------------


def test_the_committed_icons_are_what_the_script_draws(make_icons):
    assert make_icons.stale(make_icons.Layout(ROOT)) == []


def test_the_package_ships_every_size_identity_loads(qapp):
    assert [size for size, _ in identity.icon_files()] == list(identity.ICON_SIZES)
    for size, path in identity.icon_files():
        image = QImage(path)
        assert (image.width(), image.height()) == (size, size), path
        assert image.hasAlphaChannel()
    assert not identity.app_icon().isNull()


def test_the_package_has_one_scalable_icon_the_full_drawing():
    # the Linux installer puts the first SVG it finds into hicolor/scalable
    assert sorted(p.name for p in PACKAGE_ICONS.glob("*.svg")) == ["skat-desktop.svg"]
    assert (PACKAGE_ICONS / "skat-desktop.svg").read_bytes() == (
        ROOT / "resources" / "icons" / "skat-desktop.svg"
    ).read_bytes()


def test_hicolor_holds_every_size_from_16_to_512_named_by_the_app_id(qapp):
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        folder = ROOT / "resources/icons/hicolor" / f"{size}x{size}" / "apps"
        image = QImage(str(folder / f"{identity.APP_ID}.png"))
        assert (image.width(), image.height()) == (size, size), size


def test_the_windows_icon_holds_every_size_from_16_to_256(qapp):
    assert images_in(ROOT / "resources/icons/skat-desktop.ico") == [16, 24, 32, 48, 64, 128, 256]


def test_the_macos_icon_holds_the_retina_entries_up_to_1024(qapp, make_icons):
    path = ROOT / "resources/icons/skat-desktop.icns"
    kinds = [kind for kind, _ in make_icons.icns_entries(path.read_bytes())]
    assert kinds == [b"ic11", b"ic12", b"ic07", b"ic13", b"ic08", b"ic14", b"ic09", b"ic10"]
    assert images_in(path) == [32, 64, 128, 256, 256, 512, 512, 1024]


def test_small_sizes_come_from_the_simplified_drawing(make_icons):
    painter = make_icons.Painter(make_icons.Layout(ROOT))
    full = painter.renderers[make_icons.FULL_SVG]
    for size in (16, 24):
        drawn = QImage.fromData(painter.png(size), "PNG")
        from_full = QImage(size, size, QImage.Format.Format_ARGB32)
        from_full.fill(0)
        p = QPainter(from_full)
        full.render(p)
        p.end()
        assert drawn.convertToFormat(QImage.Format.Format_ARGB32) != from_full
    assert make_icons.SMALL_UP_TO == 24


# --- --check --------------------------------------------------------------------------------


def test_check_passes_on_freshly_drawn_icons_and_writing_again_changes_nothing(tree, make_icons):
    assert run(make_icons, "--check", "--root", str(tree))[0] == 0
    assert make_icons.write(make_icons.Layout(tree)) == []


def test_check_reports_a_missing_icon(tree, make_icons):
    (tree / "skat_desktop/resources/icons/skat-desktop-48.png").unlink()
    status, out, err = run(make_icons, "--check", "--root", str(tree))
    assert status == 1
    assert out.splitlines() == ["skat_desktop/resources/icons/skat-desktop-48.png: missing"]
    assert "make_icons.py" in err


def test_check_reports_icons_drawn_from_an_older_drawing(tree, make_icons):
    svg = tree / "resources/icons/skat-desktop.svg"
    svg.write_text(svg.read_text().replace("#d3202a", "#d3202b"))  # one shade: pixels ~equal
    status, out, _ = run(make_icons, "--check", "--root", str(tree))
    assert status == 1
    lines = out.splitlines()
    assert "skat_desktop/resources/icons/skat-desktop-256.png: drawn from an older drawing" in lines
    assert "resources/icons/skat-desktop.ico: 16 px: drawn from an older drawing" in lines
    assert "resources/icons/skat-desktop.icns: ic11: drawn from an older drawing" in lines
    assert "skat_desktop/resources/icons/skat-desktop.svg: differs" in lines
    assert run(make_icons, "--root", str(tree))[0] == 0
    assert run(make_icons, "--check", "--root", str(tree))[0] == 0


def test_check_reports_an_icon_edited_by_hand(tree, make_icons):
    path = tree / "skat_desktop/resources/icons/skat-desktop-48.png"
    image = QImage(str(path))  # keeps its Source field: only the pixels change
    p = QPainter(image)
    p.fillRect(0, 0, 12, 12, QColor("#00ff00"))
    p.end()
    assert image.save(str(path), "PNG")
    status, out, _ = run(make_icons, "--check", "--root", str(tree))
    assert status == 1
    assert out.splitlines() == [
        "skat_desktop/resources/icons/skat-desktop-48.png: its pixels differ from the drawing"
    ]


def test_check_reports_an_image_the_script_does_not_make_and_writing_removes_it(tree, make_icons):
    stray = tree / "skat_desktop/resources/icons/skat-desktop-20.png"
    shutil.copy(tree / "skat_desktop/resources/icons/skat-desktop-16.png", stray)
    status, out, _ = run(make_icons, "--check", "--root", str(tree))
    assert status == 1
    assert out.splitlines() == [
        "skat_desktop/resources/icons/skat-desktop-20.png: not made by this script"
    ]
    run(make_icons, "--root", str(tree))
    assert not stray.exists()


def test_a_broken_drawing_is_one_line_and_writes_nothing(tmp_path, make_icons):
    sources = tmp_path / "resources" / "icons"
    sources.mkdir(parents=True)
    shutil.copy(ROOT / "resources/icons/skat-desktop.svg", sources / "skat-desktop.svg")
    (sources / "skat-desktop-small.svg").write_text("<svg")
    status, _out, err = run(make_icons, "--root", str(tmp_path))
    assert status == 2
    assert err.strip() == (
        "make_icons: resources/icons/skat-desktop-small.svg is not an SVG drawing Qt can read"
    )
    assert sorted(p.name for p in tmp_path.rglob("*")) == [
        "icons",
        "resources",
        "skat-desktop-small.svg",
        "skat-desktop.svg",
    ]


def test_the_containers_refuse_what_they_cannot_read(make_icons):
    with pytest.raises(make_icons.IconError, match="not an ICO file"):
        make_icons.ico_images(b"\x89PNG")
    with pytest.raises(make_icons.IconError, match="cut short"):
        make_icons.icns_entries(b"icns\x00\x00\x00\x10ic07\x00\x00\x00\x40")
