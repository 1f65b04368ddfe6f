"""Build configuration beyond pyproject.toml: the optional compiled solver.

``pip install .`` compiles ``skat_desktop/ai/_dds.c`` wherever a C compiler and the
Python headers exist; where they do not, the build goes on without it (optional=True)
and the pure-Python solver gives the same answers, only slower.
"""

import sys

from setuptools import Extension, setup

# MSVC (python.org's Windows builds) takes its own switches; _dds.c uses no GCC-only
# builtin without a fallback for it
flags = ["/O2"] if sys.platform == "win32" else ["-O3", "-std=c99"]

setup(
    ext_modules=[
        Extension(
            "skat_desktop.ai._dds",
            sources=["skat_desktop/ai/_dds.c"],
            extra_compile_args=flags,
            optional=True,
        )
    ]
)
