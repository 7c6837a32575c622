#!/usr/bin/env python3
"""check_layering.py: checks the includes of core/, ui/, app/ and python/ against the
stage order in core/stages.txt and the public headers in core/public_headers.txt.

Usage: check_layering.py [PROJECT_SOURCE_DIR]  (default: the folder above tools/)

Every `#include "..."` (and `#include <core/...>`, `<ui/...>`, `<app/...>`,
`<python/...>`) of the C++ sources and headers in those four folders is resolved the
way the compiler does: against the including file's folder first (so "../suite/distill.h"
and "sibling.h" count), then against the top of the tree. Reports, with file:line,
  (a) every include from a folder of core to a folder of equal or higher rank,
  (b) every cycle between folders of core,
  (c) every core folder missing from the order, every listed folder that does not
      exist, and every include of a core folder that is not listed,
  (d) every #include <Q...> in core (core never includes Qt),
  (e) every include against the direction app -> ui -> core: core including ui/, app/
      or python/; ui/ including app/ or python/; python/ including ui/ or app/,
  (f) every include from app/, ui/ or python/ of a core header that is not in its
      stage's public list, and every problem of that list (a stage missing from it,
      a stage it names that core/stages.txt does not, a listed header that does not
      exist; version.h counts when version.h.in does).
tests/ and benchmarks may include anything and are not read. Exits 1 on any finding,
2 when the order or the public list cannot be read, 0 otherwise, and always ends with
one summary line. Standard library only: it runs as the ctest `layering` wherever the
project builds.
"""

import os
import re
import sys
from pathlib import Path, PurePosixPath

INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<((?:core|ui|app|python)/[^>]+)>)')
QT_INCLUDE = re.compile(r'^\s*#\s*include\s*<(Q[^>]*)>')
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cxx", ".inl"}
AREAS = ("core", "ui", "app", "python")
FRONT_ENDS = ("app", "ui", "python")
# Which top-level folders each area may include (besides itself): app -> ui -> core, and
# python is a binding over core alone.
ALLOWED = {"core": set(), "ui": {"core"}, "app": {"ui", "core"}, "python": {"core"}}


def read_stages(path):
    """Folder -> rank, from one rank per line (comments after '#')."""
    ranks = {}
    rank = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        folders = line.split("#", 1)[0].split()
        if not folders:
            continue
        for folder in folders:
            if folder in ranks:
                raise ValueError(f"{path}: '{folder}' is listed twice")
            ranks[folder] = rank
        rank += 1
    return ranks


def read_public(path):
    """Stage -> (set of public headers, line number), from `stage: a.h b.h` lines."""
    public = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        stage, colon, headers = text.partition(":")
        stage = stage.strip()
        if not colon or not stage or " " in stage:
            raise ValueError(f"{path}:{number}: expected 'stage: header.h ...'")
        if stage in public:
            raise ValueError(f"{path}:{number}: '{stage}' is listed twice")
        public[stage] = (set(headers.split()), number)
    return public


def resolve(root, source, spelled, quoted):
    """The included file as a path from the top of the tree, or None when it lies outside.

    Like the compiler: a quoted include is looked up beside the including file first,
    then from the top of the tree (the one include root). An include spelled with ./ or
    ../ is always taken beside the file, whether or not the target exists."""
    beside = Path(os.path.normpath(source.parent / spelled))
    explicit = spelled.startswith("./") or spelled.startswith("../")
    if quoted and (explicit or beside.is_file()):
        target = beside
    else:
        target = Path(os.path.normpath(root / spelled))
    try:
        return PurePosixPath(target.relative_to(root).as_posix())
    except ValueError:
        return None


def scan_includes(root):
    """(area, file, line number, spelled, target) of each project include, and Qt in core."""
    includes, qt = [], []
    for area in AREAS:
        top = root / area
        if not top.is_dir():
            continue
        for path in sorted(top.rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            relative = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), start=1):
                where = f"{relative}:{number}"
                if match := INCLUDE.match(line):
                    spelled = match.group(1) or match.group(2)
                    target = resolve(root, path, spelled, match.group(1) is not None)
                    if target is not None:
                        includes.append((PurePosixPath(relative), where, spelled, target))
                elif area == "core" and (match := QT_INCLUDE.match(line)):
                    qt.append((where, match.group(1)))
    return includes, qt


def folder_cycles(edges):
    """Strongly connected components of more than one folder (Tarjan), each sorted."""
    graph = {}
    for source, target, *_ in edges:
        if source != target:
            graph.setdefault(source, set()).add(target)
            graph.setdefault(target, set())
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def spelled_as(spelled, target):
    """How an include is named in a message: its target, and its spelling when relative."""
    return str(target) if spelled == str(target) else f'{target} (spelled "{spelled}")'


def check_public_list(core, ranks, public, folders):
    """Problems of core/public_headers.txt itself."""
    problems = []
    for stage in ranks:
        if stage not in public:
            problems.append(f"core/public_headers.txt: no public headers listed for core/{stage}")
    for stage, (headers, number) in sorted(public.items(), key=lambda item: item[1][1]):
        where = f"core/public_headers.txt:{number}"
        if stage not in ranks:
            problems.append(f"{where}: '{stage}' is not a folder of core/stages.txt")
            continue
        if not headers:
            problems.append(f"{where}: core/{stage} lists no public header")
        for header in sorted(headers):
            path = core / stage / header
            if stage in folders and not path.is_file() and not path.with_name(header + ".in").is_file():
                problems.append(f"{where}: core/{stage}/{header} does not exist")
    return problems


def main(argv):
    root = (Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent).resolve()
    core = root / "core"
    try:
        ranks = read_stages(core / "stages.txt")
    except (OSError, ValueError) as error:
        print(f"layering: cannot read the stage order: {error}")
        return 2
    try:
        public = read_public(core / "public_headers.txt")
    except (OSError, ValueError) as error:
        print(f"layering: cannot read the public headers: {error}")
        return 2

    folders = sorted(p.name for p in core.iterdir() if p.is_dir())
    includes, qt = scan_includes(root)

    # Edges between folders of core; an include of a file directly in core/ has no folder.
    edges, direction, private = [], [], []
    for source, where, spelled, target in includes:
        area, to_area = source.parts[0], target.parts[0]
        if to_area not in AREAS or to_area == area:
            if area == "core" and to_area == "core" and len(source.parts) > 2:
                to_folder = target.parts[1]  # a file directly in core/ belongs to no folder of the order
                edges.append((source.parts[1], to_folder, where, spelled_as(spelled, target)))
            continue
        if to_area not in ALLOWED[area]:
            direction.append(f"{where}: {area}/ includes {spelled_as(spelled, target)}: "
                             f"dependencies point app -> ui -> core (python -> core)")
            continue
        if to_area == "core" and area in FRONT_ENDS:
            stage = target.parts[1] if len(target.parts) > 2 else None
            header = PurePosixPath(*target.parts[2:]).as_posix() if stage else None
            listed = public.get(stage, (set(), 0))[0]
            if stage is None:
                private.append(f"{where}: {area}/ includes {spelled_as(spelled, target)}, which belongs to no "
                               f"stage of core")
            elif header not in listed:
                offer = " ".join(sorted(listed)) or "none"
                private.append(f"{where}: {area}/ includes {spelled_as(spelled, target)}, which is not a "
                               f"public header of core/{stage} (public: {offer}; core/public_headers.txt)")
    findings = 0

    upward = [e for e in edges if e[0] != e[1] and e[0] in ranks and e[1] in ranks and ranks[e[1]] >= ranks[e[0]]]
    for source, target, where, what in upward:
        kind = "same-rank" if ranks[target] == ranks[source] else "upward"
        print(f"{where}: {kind} include: core/{source} (rank {ranks[source]}) includes core/{target} "
              f"(rank {ranks[target]}): {what}")
    findings += len(upward)

    cycles = folder_cycles(edges)
    for cycle in cycles:
        print(f"cycle between folders: {' <-> '.join(cycle)}")
    findings += len(cycles)

    missing = [f for f in folders if f not in ranks]
    for folder in missing:
        print(f"core/{folder}: folder missing from core/stages.txt")
    stale = [f for f in ranks if f not in folders]
    for folder in stale:
        print(f"core/stages.txt: '{folder}' is listed but core/{folder} does not exist")
    unknown = [e for e in edges if e[0] != e[1] and e[1] not in ranks and e[1] not in missing]
    for _, target, where, what in unknown:
        print(f"{where}: includes core/{target}, which is not a folder of core/stages.txt: {what}")
    unlisted = len(missing) + len(stale) + len(unknown)
    findings += unlisted

    for where, header in qt:
        print(f"{where}: Qt include <{header}> in core (core never includes Qt)")
    findings += len(qt)

    for line in direction:
        print(line)
    findings += len(direction)

    list_problems = check_public_list(core, ranks, public, folders)
    for line in list_problems + private:
        print(line)
    findings += len(list_problems) + len(private)

    print(f"layering: {len(folders)} folders, {len(includes)} includes read, {len(upward)} upward includes, "
          f"{len(cycles)} cycles, {unlisted} unlisted folders, {len(qt)} Qt includes, "
          f"{len(direction)} against app -> ui -> core, {len(private)} front-end includes of non-public "
          f"core headers, {len(list_problems)} problems of the public list")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
