"""The native module itself: no Qt linked, docstrings and stubs present."""
import re
import subprocess
from pathlib import Path

import sqleq
from conftest import REPO, run_cli
from sqleq import _sqleq


def test_the_native_module_links_no_qt():
    linked = subprocess.run(["ldd", _sqleq.__file__], capture_output=True, text=True, check=True).stdout
    assert "libQt" not in linked and "libsqlite3" in linked


def test_one_version_from_the_build():
    # CMakeLists.txt's project(VERSION) is the only place the version is written.
    declared = re.search(r"project\(sqleq VERSION ([0-9.]+)", (REPO / "CMakeLists.txt").read_text()).group(1)
    assert sqleq.__version__ == _sqleq.__version__ == declared
    assert run_cli("--version").strip() == f"sqleq-cli {declared}"


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
