"""Qt widgets and the card table; knows Qt, never holds rules."""
