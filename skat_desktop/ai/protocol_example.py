"""A complete engine for the JSON-lines engine protocol: it plays the first legal action.

Run it as ``python -m skat_desktop.ai.protocol_example`` (the arena does so with
``external:python -m skat_desktop.ai.protocol_example``). It uses nothing but the
standard library, so it can be copied as the skeleton of an engine in another
program; docs/engine-protocol.md describes every message.

    -> {"type": "hello", "protocol": 1, "program": "skat-desktop", "version": "..."}
    <- {"type": "hello", "protocol": 1, "name": "first-legal"}
    -> {"type": "decide", "view": {... "legal": [{"type": "pass", "player": 1}, ...]},
        "interjection": false}
    <- {"action": {"type": "pass", "player": 1}}
    -> {"type": "decide", "view": {...}, "interjection": true}
    <- {"action": null}
    -> {"type": "quit"}
"""

from __future__ import annotations

import json
import sys

PROTOCOL_VERSION = 1
NAME = "first-legal"


def answer(message: dict) -> dict | None:
    """The answer line to one message, or ``None`` when the message needs none."""
    kind = message.get("type")
    if kind == "hello":
        return {"type": "hello", "protocol": PROTOCOL_VERSION, "name": NAME}
    if kind == "decide":
        if message.get("interjection"):
            return {"action": None}  # never says Kontra/Re out of turn
        return {"action": message["view"]["legal"][0]}
    return None  # unknown message types need no answer


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "quit":
            break
        reply = answer(message)
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
