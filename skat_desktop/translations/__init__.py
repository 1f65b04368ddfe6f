"""Compiled translations (skat_desktop_<lang>.qm), package data; see skat_desktop.gui.i18n."""
