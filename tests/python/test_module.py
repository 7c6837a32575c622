"""The native module itself: no Qt linked, docstrings and stubs present."""
import subprocess
from pathlib import Path

import sqleq
from sqleq import _sqleq


def test_the_native_module_links_no_qt():
    linked = subprocess.run(["ldd", _sqleq.__file__], capture_output=True, text=True, check=True).stdout
    assert "libQt" not in linked and "libsqlite3" in linked


def test_public_api_is_documented_and_typed():
    for name in sqleq.__all__:
        assert getattr(sqleq, name).__doc__, name
    package = Path(sqleq.__file__).parent
    stubs = (package / "__init__.pyi").read_text()
    assert (package / "py.typed").exists()
    for name in ("def check", "def evaluate", "def distill", "class Schema", "class Suite", "class Evaluator",
                 "class Inspection", "class ParseError"):
        assert name in stubs
    assert issubclass(sqleq.ParseError, sqleq.Error) and issubclass(sqleq.Error, Exception)
