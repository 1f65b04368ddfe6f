"""skat-desktop: a desktop Skat client (engine, store, computer players, Qt table)."""

__version__ = "0.1.0"
