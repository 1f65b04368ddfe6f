"""SQLite store of players, series, deals with their move logs, score sheets, statistics.

Imports only :mod:`skat_desktop.engine`.
"""
