"""Files the program loads at run time: the application icon in ``icons/``.

scripts/make_icons.py draws them from the SVG sources in ``resources/icons/`` of the source
tree; edit those and run the script, never the files here. skat_desktop.identity loads them.
"""
