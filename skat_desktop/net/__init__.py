"""LAN play: the wire protocol (sans-IO), fair deals, the host and the client.

The host wraps the one TableController and sends each seat only what that seat may
know (docs/protocol.md). Nothing here imports Qt: a headless host needs no display.
"""
