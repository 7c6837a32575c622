#!/usr/bin/env python3
"""Tests of tools/check_layering.py (ctest `layering_check`): the real tree passes, and
a copy of it with one planted include fails with the finding at the planted file:line.

Usage: test_check_layering.py [PROJECT_SOURCE_DIR]  (default: two folders above this file)

Each case copies core/, ui/, app/ and python/ (sources, headers and core's two lists)
into a temporary folder, so a case never touches the tree and always sees the layout
as it is today. Standard library only.
"""

import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
AREAS = ("core", "ui", "app", "python")
KEPT_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cxx", ".inl", ".in"}
KEPT_NAMES = {"stages.txt", "public_headers.txt"}


def run_check(root):
    """(exit code, output) of check_layering.py on `root`."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "check_layering.py"), str(root)],
                          capture_output=True, text=True, check=False)
    return done.returncode, done.stdout + done.stderr


def ignore_others(folder, names):
    """copytree filter: keep folders, C++ sources and headers, and core's two lists."""
    base = Path(folder)
    return [name for name in names
            if not (base / name).is_dir() and Path(name).suffix not in KEPT_SUFFIXES and name not in KEPT_NAMES]


class CheckLayeringTest(unittest.TestCase):
    def setUp(self):
        self.temp = tempfile.TemporaryDirectory(prefix="layering-")
        self.tree = Path(self.temp.name)
        for area in AREAS:
            shutil.copytree(ROOT / area, self.tree / area, ignore=ignore_others)

    def tearDown(self):
        self.temp.cleanup()

    def plant(self, relative, include):
        """A new source at `relative` whose line 2 is `include`."""
        path = self.tree / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"// planted by test_check_layering.py\n{include}\n", encoding="utf-8")

    def assertFails(self, *expected):
        code, output = run_check(self.tree)
        self.assertEqual(code, 1, output)
        for line in expected:
            self.assertIn(line, output)
        return output

    def assertPasses(self):
        code, output = run_check(self.tree)
        self.assertEqual(code, 0, output)
        return output

    def test_real_tree_passes(self):
        code, output = run_check(ROOT)
        self.assertEqual(code, 0, output)
        self.assertIn("0 front-end includes of non-public core headers", output)

    def test_copy_passes(self):
        # Every case below fails because of what it plants, not because of the copy.
        self.assertPasses()

    def test_relative_include_into_higher_stage(self):
        self.plant("core/sql/planted.cpp", '#include "../suite/distill.h"')
        output = self.assertFails(
            "core/sql/planted.cpp:2: upward include: core/sql (rank 1) includes core/suite (rank ",
            ': core/suite/distill.h (spelled "../suite/distill.h")')
        # suite already includes sql, so the planted edge also closes a cycle.
        self.assertRegex(output, r"cycle between folders: .*sql.*suite")

    def test_relative_include_into_same_rank(self):
        self.plant("core/search/planted.cpp", '#include "../minimize/minimize.h"')
        self.assertFails("core/search/planted.cpp:2: same-rank include: core/search (rank ",
                         ': core/minimize/minimize.h (spelled "../minimize/minimize.h")')

    def test_relative_includes_within_and_below_pass(self):
        self.plant("core/suite/planted_sibling.cpp", '#include "distill.h"')
        self.plant("core/suite/planted_lower.cpp", '#include "../sql/sql.h"')
        self.assertPasses()

    def test_front_end_includes_private_header(self):
        self.plant("ui/widgets/planted.cpp", '#include "core/suite/distiller.h"')
        self.assertFails("ui/widgets/planted.cpp:2: ui/ includes core/suite/distiller.h, which is not a public "
                         "header of core/suite (public: suite.h;")

    def test_front_end_relative_include_into_core_internals(self):
        self.plant("app/cli/planted.cpp", '#include "../../core/exec/statement.h"')
        self.plant("python/planted.h", '#include "../core/sql/parser.h"')
        self.assertFails(
            'app/cli/planted.cpp:2: app/ includes core/exec/statement.h (spelled "../../core/exec/statement.h"), '
            "which is not a public header of core/exec",
            'python/planted.h:2: python/ includes core/sql/parser.h (spelled "../core/sql/parser.h"), '
            "which is not a public header of core/sql")

    def test_angle_bracket_include_of_core_internals(self):
        self.plant("ui/planted.cpp", "#include <core/fuzz/sampler.h>")
        self.assertFails("ui/planted.cpp:2: ui/ includes core/fuzz/sampler.h, which is not a public header")

    def test_front_end_includes_public_header(self):
        self.plant("ui/widgets/planted.cpp", '#include "core/suite/suite.h"')
        self.plant("python/planted.cpp", '#include "../core/inspect/inspect.h"')
        self.assertPasses()

    def test_direction_app_ui_core(self):
        self.plant("ui/planted.cpp", '#include "app/cli/error_report.h"')
        self.plant("core/base/planted.cpp", '#include "../../ui/main_window.h"')
        self.plant("python/planted.cpp", '#include "ui/main_window.h"')
        self.plant("app/cli/planted.cpp", '#include "ui/main_window.h"')  # app -> ui is the direction
        output = self.assertFails(
            "ui/planted.cpp:2: ui/ includes app/cli/error_report.h: dependencies point app -> ui -> core",
            'core/base/planted.cpp:2: core/ includes ui/main_window.h (spelled "../../ui/main_window.h")',
            "python/planted.cpp:2: python/ includes ui/main_window.h")
        self.assertNotIn("app/cli/planted.cpp", output)
        self.assertIn("3 against app -> ui -> core", output)

    def test_qt_in_core(self):
        self.plant("core/compare/planted.cpp", "#include <QString>")
        self.assertFails("core/compare/planted.cpp:2: Qt include <QString> in core")

    def test_public_list_problems(self):
        listed = self.tree / "core" / "public_headers.txt"
        lines = listed.read_text(encoding="utf-8").splitlines()
        kept = [line for line in lines if not line.startswith("targeted:")]
        kept = [line.replace("search: search.h", "search: search.h gone.h") for line in kept]
        kept.append("nowhere: nothing.h")
        listed.write_text("\n".join(kept) + "\n", encoding="utf-8")
        self.assertFails("core/public_headers.txt: no public headers listed for core/targeted",
                         "core/search/gone.h does not exist",
                         "'nowhere' is not a folder of core/stages.txt")

    def test_unreadable_public_list(self):
        (self.tree / "core" / "public_headers.txt").unlink()
        code, output = run_check(self.tree)
        self.assertEqual(code, 2, output)
        self.assertIn("cannot read the public headers", output)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        ROOT = Path(sys.argv.pop(1)).resolve()
    unittest.main(verbosity=2)
