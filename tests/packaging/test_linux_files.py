"""The Linux desktop files and the Flatpak manifest (issue 26 item 2): valid for the
freedesktop validators, agreeing with each other, the program and the repository."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path
from types import ModuleType

import pytest
from packaging_support import ROOT, need_tool

import skat_desktop

LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.skat_desktop.SkatDesktop"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
MANIFEST = ROOT / "packaging" / "flatpak" / f"{APP_ID}.json"
INSTALLER = LINUX / "install_desktop_files.py"
IMAGES = ROOT / "docs" / "images"
SCREENSHOT_URL = "https://raw.githubusercontent.com/skat-desktop/skat-desktop/main/docs/images/"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def desktop_entry() -> dict[str, str]:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line)


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def manifest() -> dict:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def test_app_id_is_the_programs():
    try:
        from skat_desktop.identity import APP_ID as program_id
    except ImportError:
        pytest.skip("skat_desktop/identity.py is not there yet")
    assert program_id == APP_ID


# ------------------------------------------------------------------ validators


def test_desktop_file_passes_desktop_file_validate():
    validator = need_tool("desktop-file-validate")
    result = subprocess.run([validator, str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_metainfo_passes_appstreamcli_validate():
    """No error and no warning (``--no-net``: CI has no internet to check the URLs)."""
    appstreamcli = need_tool("appstreamcli")
    result = subprocess.run(
        [appstreamcli, "validate", "--no-net", "--explain", str(METAINFO)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    problems = [line for line in result.stdout.splitlines() if re.match(r"[EW]: ", line)]
    assert not problems, result.stdout


# ------------------------------------------------------------------ agreement


def test_desktop_file_starts_the_gui_script_and_names_the_icon_and_window_class():
    from skat_desktop.gui.app import APPLICATION

    entry = desktop_entry()
    assert entry["Exec"] == "skat-desktop-gui"  # no file argument: it opens none
    assert "skat-desktop-gui" in pyproject()["project"]["gui-scripts"]
    assert entry["Icon"] == APP_ID
    assert entry["Categories"] == "Game;CardGame;"
    assert "Kartenspiel" in entry["Keywords[de]"] and entry["GenericName[de]"] == "Kartenspiel"
    # on X11 Qt's WM_CLASS class is the application name (the frozen GUI test reads it)
    assert entry["StartupWMClass"] == APPLICATION


def test_metainfo_names_the_desktop_file_binaries_and_this_version():
    root = metainfo()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == DESKTOP.name
    assert root.findtext("project_license") == pyproject()["project"]["license"]
    scripts = {**pyproject()["project"]["scripts"], **pyproject()["project"]["gui-scripts"]}
    assert {b.text for b in root.iter("binary")} <= set(scripts)
    homepage = pyproject()["project"]["urls"]["Homepage"]
    assert root.find("url[@type='homepage']").text == homepage
    assert root.find("url[@type='bugtracker']").text == pyproject()["project"]["urls"]["Issues"]
    assert skat_desktop.__version__ in [r.get("version") for r in root.iter("release")]
    assert root.find("developer").get("id")
    assert root.find("content_rating").get("type") == "oars-1.1"
    assert {c.text for c in root.find("supports").iter("control")} == {"keyboard", "pointing"}


def test_metainfo_describes_itself_in_english_and_german():
    root = metainfo()
    summaries = {s.get(XML_LANG): s.text for s in root.findall("summary")}
    assert set(summaries) == {None, "de"}
    description = root.find("description")
    for tag in ("p", "ul"):
        assert {e.get(XML_LANG) for e in description.findall(tag)} == {None, "de"}


def test_every_screenshot_is_an_image_the_screenshot_script_makes():
    urls = [image.text for image in metainfo().iter("image")]
    names = [url.removeprefix(SCREENSHOT_URL) for url in urls]
    assert all(url.startswith(SCREENSHOT_URL) for url in urls)
    assert names == ["table.png", "sheet.png", "club-desk.png", "lan-lobby.png"]
    if not IMAGES.is_dir():
        pytest.skip("docs/images/ is not there yet (the screenshot script writes it)")
    assert not [name for name in names if not (IMAGES / name).is_file()]


# ------------------------------------------------------------------ Flatpak


def test_flatpak_manifest_builds_this_app_on_the_pyside_base_app():
    m = manifest()
    assert m["id"] == APP_ID
    assert m["command"] in pyproject()["project"]["gui-scripts"]
    assert m["base"] == "io.qt.PySide.BaseApp" and m["runtime"] == "org.kde.Platform"
    # the base app is built for one runtime version: the two go together
    assert m["base-version"] == m["runtime-version"]


def test_flatpak_asks_only_for_what_the_program_uses():
    """The network (LAN play, mDNS), a display, the GPU, printing; no files: the data
    folder is the app's own, and export/import/backup go through the portal's dialogs."""
    args = manifest()["finish-args"]
    assert not [a for a in args if a.startswith(("--filesystem", "--device=all"))]
    assert set(args) == {
        "--share=ipc",
        "--socket=wayland",
        "--socket=fallback-x11",
        "--device=dri",
        "--share=network",
        "--socket=cups",
    }


def test_flatpak_dependencies_are_pinned_wheels_for_every_runtime_dependency():
    modules = {m["name"]: m for m in manifest()["modules"]}
    deps = modules["python3-dependencies"]
    wheels: dict[str, set[str]] = {}
    for source in deps["sources"]:
        assert source["type"] == "file"
        assert source["url"].startswith("https://files.pythonhosted.org/packages/")
        assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"])
        name = source["url"].rsplit("/", 1)[1].split("-")[0].lower().replace("_", "-")
        arches = source.get("only-arches", ["x86_64", "aarch64"])
        wheels.setdefault(name, set()).update(arches)
    (command,) = deps["build-commands"]
    installed = command.split("--prefix=${FLATPAK_DEST}", 1)[1].split()
    assert sorted(installed) == sorted(wheels)
    assert all(arches == {"x86_64", "aarch64"} for arches in wheels.values()), wheels
    for requirement in pyproject()["project"]["dependencies"]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower()
        assert name == "pyside6" or name in wheels, name


def test_flatpak_installs_files_that_exist_in_the_repository():
    app = next(m for m in manifest()["modules"] if m["name"] == "skat-desktop")
    (source,) = app["sources"]
    assert source["type"] == "dir"
    assert (MANIFEST.parent / source["path"]).resolve() == ROOT
    for command in app["build-commands"]:
        for word in command.split():
            if "/" in word and not word.startswith(("$", "-")):
                assert (ROOT / word).is_file(), word
    assert "install_desktop_files.py ${FLATPAK_DEST}" in " ".join(app["build-commands"])


def test_flatpak_builds_from_the_tree_without_what_a_checkout_gathers():
    """The README's first command (``pip install .``) leaves setuptools' ``build/`` in the
    tree: the documented flatpak-builder command must not take it for its app folder
    (flatpak-builder refuses one that is not empty), and the program's source leaves it,
    the venv and the git history out (a stale ``build/lib`` would be installed)."""
    app = next(m for m in manifest()["modules"] if m["name"] == "skat-desktop")
    (source,) = app["sources"]
    assert {".git", ".venv", "build", "dist"} <= set(source.get("skip", []))
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for doc in (ROOT / "README.md", ROOT / "packaging" / "README.md"):
        text = " ".join(doc.read_text(encoding="utf-8").split())
        commands = re.findall(r"flatpak-builder((?: --[\w-]+)*) (\S+) packaging/flatpak/", text)
        assert commands, f"{doc.name} shows no flatpak-builder command"
        for options, folder in commands:
            assert folder not in {"build", "dist", "."}, f"{doc.name}: app folder {folder}"
            assert "--force-clean" in options.split(), f"{doc.name}: a second build fails"
            assert f"{folder}/" in ignored, f"{folder}/ is not in .gitignore"


# ------------------------------------------------------------------ the installer


def png(size: int) -> bytes:
    """A blank square PNG of ``size`` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x00\x00\x00\x00" * size for _ in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def installer() -> ModuleType:
    """packaging/linux/install_desktop_files.py as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("install_desktop_files", INSTALLER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_installer(prefix: Path, icons: Path | None = None) -> tuple[int, str]:
    """The script's exit status and what it printed on stderr."""
    module = installer()
    if icons is not None:
        module.ICONS = icons
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = module.main([str(prefix)])
    return status, err.getvalue()


def test_installer_puts_each_file_where_the_desktop_looks(tmp_path):
    icons = tmp_path / "icons"
    icons.mkdir()
    for size in (16, 48, 256):
        (icons / f"skat-desktop-{size}.png").write_bytes(png(size))
    (icons / "other-48.png").write_bytes(png(48))  # a second 48 px image: ours wins
    (icons / "odd.png").write_bytes(png(50))  # no hicolor folder for 50 px
    (icons / "skat-desktop.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    status, err = run_installer(tmp_path / "prefix", icons)
    assert status == 0, err
    share = tmp_path / "prefix" / "share"
    installed = sorted(p.relative_to(share).as_posix() for p in share.rglob("*") if p.is_file())
    assert installed == [
        f"applications/{APP_ID}.desktop",
        f"icons/hicolor/16x16/apps/{APP_ID}.png",
        f"icons/hicolor/256x256/apps/{APP_ID}.png",
        f"icons/hicolor/48x48/apps/{APP_ID}.png",
        f"icons/hicolor/scalable/apps/{APP_ID}.svg",
        f"metainfo/{APP_ID}.metainfo.xml",
    ]
    hicolor = share / "icons" / "hicolor"
    assert (hicolor / "48x48" / "apps" / f"{APP_ID}.png").read_bytes() == png(48)


def test_installer_without_icons_says_so_and_installs_nothing(tmp_path):
    status, err = run_installer(tmp_path / "prefix", tmp_path / "no-icons")
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and "icon" in err
    assert not (tmp_path / "prefix").exists()


def test_installer_finds_the_programs_own_icons(tmp_path):
    icons = ROOT / "skat_desktop" / "resources" / "icons"
    if not icons.is_dir():
        pytest.skip("skat_desktop/resources/icons is not there yet (scripts/make_icons.py)")
    status, err = run_installer(tmp_path / "prefix")
    assert status == 0, err
    apps = tmp_path / "prefix" / "share" / "icons" / "hicolor"
    assert (apps / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    assert list(apps.glob(f"*x*/apps/{APP_ID}.png"))
