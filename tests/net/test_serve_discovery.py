"""`skat-desktop serve` announces itself: a host started here is found by a Browser here
(over real multicast on loopback, as tests/net/test_discovery.py makes it work), its open
seats follow a player taking one, it says goodbye when stopped, and a failure to announce
never stops it serving. A user's own rule profile reaches `serve` through ``--profiles``."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time

import pytest

from skat_desktop.engine.profiles import builtin
from skat_desktop.net import discovery
from skat_desktop.net import protocol as wire
from skat_desktop.net.discovery import Browser
from skat_desktop.net.host import Host, HostError, read_profiles, table_configs

from .test_discovery import LOOPBACK, require_loopback_multicast


def _wait(predicate, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _frames(sock: socket.socket, want: str, seconds: float = 5.0) -> dict:
    """Read JSON lines until one of type ``want`` (bounded in time)."""
    sock.settimeout(seconds)
    buf = b""
    while True:
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            frame = json.loads(line)
            if frame["type"] == want:
                return frame
        chunk = sock.recv(65536)
        assert chunk, "the host closed the connection"
        buf += chunk


def test_served_host_is_found_follows_seats_and_says_goodbye(tmp_path) -> None:
    require_loopback_multicast()
    name = f"Club {secrets.token_hex(3)}"  # parallel runs must not see each other's hosts
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    args = ["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(tmp_path / "h.sqlite3")]
    args += ["--name", name, "--table", "name=Club,seats=open+open+beginner"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "skat_desktop", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    browser = Browser(interfaces=LOOPBACK)
    try:
        line = proc.stdout.readline()
        assert line.startswith("serving on 127.0.0.1:"), (line, proc.stderr.read())
        port = int(line.rsplit(":", 1)[1])
        browser.start()

        def found():
            return next((h for h in browser.snapshot() if h.name == name), None)

        host = _wait(found, 10, "the served host on the LAN")
        assert (host.port, host.addresses, host.host_name) == (port, ("127.0.0.1",), name)
        assert (host.tables, host.open_seats, host.compatible) == (1, 2, True)

        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(wire.encode(wire.hello("Anna", "test", id=1)))
            _frames(sock, "welcome")
            sock.sendall(wire.encode(wire.join("club", 0, id=2)))
            assert _frames(sock, "joined")["seat"] == 0
            _wait(lambda: (h := found()) and h.open_seats == 1, 10, "one open seat fewer")

        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0
        _wait(lambda: found() is None, 5, "the goodbye")
    finally:
        browser.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        proc.stdout.close()
        proc.stderr.close()


def test_a_failing_announcement_never_stops_the_host(monkeypatch, caplog) -> None:
    def no_network(*args, **kwargs):
        raise OSError(19, "No such device")

    monkeypatch.setattr(discovery, "AsyncZeroconf", no_network)

    async def scenario() -> None:
        host = Host(table_configs([]), announce=True, announce_interfaces=LOOPBACK)
        _, port = await host.start("127.0.0.1", 0)
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(wire.encode(wire.hello("Anna", "test", id=1)))
            assert json.loads(await asyncio.wait_for(reader.readline(), 5))["type"] == "welcome"
            writer.close()
            assert host.announcer is not None
            await asyncio.wait_for(asyncio.gather(*host._announce_tasks), 5)
            assert "No such device" in (host.announcer.error or "")
        finally:
            await asyncio.wait_for(host.close(), 10)
        assert host.announcer is None

    asyncio.run(scenario())
    assert any("host:port" in r.getMessage() for r in caplog.records)


def test_a_host_without_announce_makes_no_announcer() -> None:
    async def scenario() -> None:
        host = Host(table_configs([]))
        await host.start("127.0.0.1", 0)
        assert host.announcer is None and not host._announce_tasks
        await host.close()

    asyncio.run(scenario())


def test_own_rule_profiles_reach_the_table_specs(tmp_path) -> None:
    mine = builtin("house").copy("ours, with commas", "Our club's rules", kontra_max_level=2)
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps({"p1": mine.to_dict()}))
    profiles = read_profiles(str(path))
    [(_, config)] = table_configs(["name=Club,profile=p1"], profiles=profiles)
    assert config.profile == mine
    with pytest.raises(HostError, match="unknown rule profile 'p2'"):
        table_configs(["name=Club,profile=p2"], profiles=profiles)
    for bad in ("[1, 2]", '{"p1": {"kontra": "yes"}}', "{", '{"p1": {"nonsense": 1}}'):
        path.write_text(bad)
        with pytest.raises(HostError) as caught:
            read_profiles(str(path))
        assert "\n" not in str(caught.value) and "profiles file" in str(caught.value)
