"""LAN discovery: a host announced here is found by a Browser here, over real multicast
on loopback; hostile TXT records are refused with a reason and never crash the browser."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import shutil
import socket
import subprocess
import threading
import time

import pytest

from skat_desktop.net import discovery
from skat_desktop.net.discovery import (
    MAX_NAME,
    SERVICE_TYPE,
    Announcer,
    Browser,
    DiscoveryError,
    FoundHost,
    build_txt,
    found_host,
    instance_label,
    parse_txt,
)
from skat_desktop.net.protocol import VERSION

LOOPBACK = ["127.0.0.1"]  # tests never announce on the machine's real network


def _loopback_multicast_echo() -> str | None:
    """None if a datagram sent to the mDNS group on 127.0.0.1 comes back; else why not."""
    group = "224.0.0.251"
    try:
        with (
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as rx,
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as tx,
        ):
            rx.bind(("0.0.0.0", 0))
            port = rx.getsockname()[1]
            membership = socket.inet_aton(group) + socket.inet_aton("127.0.0.1")
            rx.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, membership)
            rx.settimeout(1.0)
            tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
            tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
            token = secrets.token_bytes(8)
            tx.sendto(token, (group, port))
            while True:  # a stray datagram on that port is skipped; the timeout bounds it
                if rx.recv(64) == token:
                    return None
    except OSError as exc:
        return f"{type(exc).__name__}: {exc}"


def require_loopback_multicast() -> None:
    """Make multicast on lo work if this machine lets us, else skip saying why."""
    reason = _loopback_multicast_echo()
    if reason is None:
        return
    ip = shutil.which("ip")
    if ip and hasattr(os, "geteuid") and os.geteuid() == 0:
        subprocess.run(
            [ip, "link", "set", "lo", "up", "multicast", "on"],
            timeout=5,
            check=False,
            capture_output=True,
        )
        reason = _loopback_multicast_echo()
        if reason is None:
            return
    pytest.skip(
        f"this machine cannot multicast on 127.0.0.1 ({reason}), "
        "even after `ip link set lo up multicast on` (needs root)"
    )


async def _until(predicate, deadline: float, what: str):
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _named(browser: Browser, name: str) -> FoundHost | None:
    return next((h for h in browser.snapshot() if h.name == name), None)


def test_host_announced_here_is_found_updated_and_gone(caplog) -> None:
    require_loopback_multicast()
    caplog.set_level(logging.WARNING, logger="skat_desktop.net.discovery")
    tag = secrets.token_hex(3)  # parallel runs on one machine must not see each other's hosts
    good = f"Club evening {tag}"
    hostile = f"Hostile {tag}"
    changes = threading.Event()

    async def scenario() -> None:
        deadline = time.monotonic() + 9.0  # the whole test stays under 10 s
        announcer = Announcer(
            good,
            4711,
            host_name="Anna's laptop",
            tables=2,
            open_seats=5,
            addresses=["127.0.0.1"],
            interfaces=LOOPBACK,
        )
        # A host on the LAN whose TXT is non-UTF-8 and absurdly long: must be ignored.
        evil_zc = discovery.AsyncZeroconf(
            interfaces=LOOPBACK, ip_version=discovery.IPVersion.V4Only
        )
        evil = discovery.AsyncServiceInfo(
            SERVICE_TYPE,
            f"{hostile}.{SERVICE_TYPE}",
            port=4712,
            properties={b"proto": b"1", b"tables": b"9" * 200, b"open": b"1", b"host": b"\xff\xfe"},
            server=f"evil-{tag}.local.",
            parsed_addresses=["127.0.0.1"],
        )
        browser = Browser(on_change=changes.set, interfaces=LOOPBACK)
        try:
            started, _ = await asyncio.gather(
                announcer.start(), evil_zc.async_register_service(evil)
            )
            assert started, announcer.error
            browser.start()  # after the announcement: found by query and answer
            host = await _until(lambda: _named(browser, good), deadline, "the announced host")
            assert host == FoundHost(
                name=good,
                addresses=("127.0.0.1",),
                port=4711,
                version=VERSION,
                tables=2,
                open_seats=5,
                host_name="Anna's laptop",
                app_version=discovery.__version__,
            )
            assert host.compatible
            # on_change is called on the browser's thread just after the list changed
            await _until(changes.is_set, deadline, "the browser to say the list changed")
            await _until(
                lambda: any(hostile in r.getMessage() for r in caplog.records),
                deadline,
                "the hostile service to be refused",
            )
            assert _named(browser, hostile) is None

            await announcer.update(open_seats=4)  # a seat was taken
            await _until(
                lambda: (h := _named(browser, good)) is not None and h.open_seats == 4,
                deadline,
                "the updated open seats",
            )
            await announcer.close()  # goodbye: the host leaves the list
            await _until(lambda: _named(browser, good) is None, deadline, "the host to vanish")
        finally:
            await announcer.close()
            await evil_zc.async_close()
            browser.close()
        assert browser.error is None and announcer.error is None

    asyncio.run(scenario())


# --- TXT records: built bounded, parsed with suspicion --------------------------------------

GOOD = {b"proto": b"1", b"tables": b"3", b"open": b"7", b"host": "Jörg".encode(), b"app": b"0.1"}


def test_parse_txt_reads_a_good_record() -> None:
    fields = parse_txt(GOOD)
    assert (fields.version, fields.tables, fields.open_seats) == (1, 3, 7)
    assert (fields.host_name, fields.app_version) == ("Jörg", "0.1")
    assert parse_txt({k.decode(): v for k, v in GOOD.items()}) == fields  # str keys too


@pytest.mark.parametrize(
    ("hostile", "reason"),
    [
        ({**GOOD, b"host": b"\xff\xfe\xfd"}, "not UTF-8"),
        ({**GOOD, b"host": b"x" * 5000}, "larger than"),
        ({**GOOD, b"host": "é".encode() * 65}, "longer than"),
        ({**GOOD, b"open": b"9" * 900}, "not a number"),  # no int() of a huge digit string
        ({**GOOD, b"tables": b"-1"}, "not a number"),
        ({**GOOD, b"tables": b"+1"}, "not a number"),
        ({**GOOD, b"tables": b" 1"}, "not a number"),
        ({**GOOD, b"tables": b"1_0"}, "not a number"),
        ({**GOOD, b"tables": "٣".encode()}, "not a number"),  # a digit, but not ASCII
        ({**GOOD, b"tables": b""}, "not a number"),
        ({**GOOD, b"proto": None}, "lacks 'proto'"),
        ({k: v for k, v in GOOD.items() if k != b"host"}, "lacks 'host'"),
        ({**GOOD, b"host": "\u202e\u200b".encode()}, "empty"),
        ({**GOOD, b"open": 5}, "not text"),
        ({**GOOD, 7: b"1"}, "not text"),
        ({**GOOD, **{f"k{i}".encode(): b"" for i in range(40)}}, "keys"),
        ([(b"proto", b"1")], "not a mapping"),
        (None, "not a mapping"),
    ],
)
def test_parse_txt_refuses_hostile_records(hostile, reason) -> None:
    with pytest.raises(DiscoveryError, match=reason) as caught:
        parse_txt(hostile)
    assert "\n" not in str(caught.value)


def test_parse_txt_cleans_spoofing_characters_from_names() -> None:
    fields = parse_txt({**GOOD, b"host": "Anna\u202e\x00\n  laptop".encode()})
    assert fields.host_name == "Anna laptop"


def test_build_txt_is_bounded_and_parses_back() -> None:
    txt = build_txt(
        version=VERSION,
        tables=10**9,
        open_seats=-3,
        host_name="Tisch\x07 " + "ß" * 500,
        app_version="1" * 100,
    )
    wire = {k.encode(): v.encode() for k, v in txt.items()}
    assert all(len(k) + 1 + len(v) <= 255 for k, v in wire.items())  # one TXT string each
    fields = parse_txt(wire)
    assert (fields.tables, fields.open_seats) == (9999, 0)
    assert fields.host_name.startswith("Tisch ß") and len(fields.host_name) == MAX_NAME


def test_instance_label_is_one_short_dns_label() -> None:
    label = instance_label("Dr. Müller's table " + "ü" * 80)
    assert "." not in label and len(label.encode()) <= 63
    assert instance_label("\x00\u200b") == "Skat table"


def test_found_host_refuses_services_without_address_or_port() -> None:
    def info(**kw):
        return discovery.AsyncServiceInfo(
            SERVICE_TYPE, f"Tisch.{SERVICE_TYPE}", properties=GOOD, server="t.local.", **kw
        )

    assert found_host(info(port=4711, parsed_addresses=["10.0.0.7"])).addresses == ("10.0.0.7",)
    with pytest.raises(DiscoveryError, match="IPv4 address"):
        found_host(info(port=4711))
    with pytest.raises(DiscoveryError, match="port"):
        found_host(info(port=0, parsed_addresses=["10.0.0.7"]))


# --- failure to use the network is logged, never raised -------------------------------------


def _no_network(*args, **kwargs):
    raise OSError(19, "No such device")


def test_announcer_without_network_logs_and_host_goes_on(monkeypatch, caplog) -> None:
    monkeypatch.setattr(discovery, "AsyncZeroconf", _no_network)

    async def scenario() -> None:
        announcer = Announcer("Tisch", 4711, host_name="h", tables=1, interfaces=LOOPBACK)
        assert await announcer.start() is False
        await announcer.update(open_seats=2)  # still callable, does nothing harmful
        await announcer.close()
        assert announcer.error is not None and "No such device" in announcer.error

    asyncio.run(scenario())
    assert any("host:port" in r.getMessage() for r in caplog.records)


def test_browser_without_network_stays_empty_with_a_reason(monkeypatch) -> None:
    monkeypatch.setattr(discovery, "AsyncZeroconf", _no_network)
    browser = Browser(interfaces=LOOPBACK)
    browser.start()
    deadline = time.monotonic() + 5
    while browser.error is None and time.monotonic() < deadline:
        time.sleep(0.01)
    browser.close()
    assert browser.snapshot() == [] and "No such device" in (browser.error or "")
    with contextlib.suppress(Exception):
        browser.close()  # idempotent
