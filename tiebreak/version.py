"""The program's version, written once: ``pyproject.toml`` reads it from here when the package is built (setuptools'
``dynamic`` version, read from this file's text without importing the package), and the outputs that name the
program (a Chess-JSON file's origin, the API's description) import it.  It imports nothing, so any module may."""

__version__ = "0.1.0"
