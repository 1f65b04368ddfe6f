"""GUI tests draw offscreen: no display is needed, on a desktop or in CI."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
