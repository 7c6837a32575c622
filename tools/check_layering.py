#!/usr/bin/env python3
"""check_layering.py: checks core/'s includes against the stage order in core/stages.txt.

Usage: check_layering.py [PROJECT_SOURCE_DIR]  (default: the folder above tools/)

Reports, with file:line where there is one,
  (a) every #include "core/<folder>/..." from a folder to a folder of equal or higher rank,
  (b) every cycle between folders,
  (c) every core folder missing from the order (and every listed folder that does not exist),
  (d) every #include <Q...> in core (core never includes Qt).
Exits 1 on any finding, 2 when the order cannot be read, 0 otherwise, and always ends with
one summary line. Standard library only: it runs as the ctest `layering` wherever the
project builds.
"""

import re
import sys
from pathlib import Path

CORE_INCLUDE = re.compile(r'^\s*#\s*include\s*"core/([^/"]+)/')
QT_INCLUDE = re.compile(r'^\s*#\s*include\s*<(Q[^>]*)>')
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cxx", ".inl"}


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


def scan_includes(core):
    """(from folder, to folder, file, line number) for each core include, and the Qt includes."""
    edges, qt = [], []
    for path in sorted(core.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
            continue
        relative = path.relative_to(core)
        if len(relative.parts) < 2:
            continue  # a file directly in core/ belongs to no stage
        folder = relative.parts[0]
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            where = f"core/{relative.as_posix()}:{number}"
            if match := CORE_INCLUDE.match(line):
                edges.append((folder, match.group(1), where))
            elif match := QT_INCLUDE.match(line):
                qt.append((where, match.group(1)))
    return edges, qt


def folder_cycles(edges):
    """Strongly connected components of more than one folder (Tarjan), each sorted."""
    graph = {}
    for source, target, _ in edges:
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


def main(argv):
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent
    core = root / "core"
    try:
        ranks = read_stages(core / "stages.txt")
    except (OSError, ValueError) as error:
        print(f"layering: cannot read the stage order: {error}")
        return 2

    folders = sorted(p.name for p in core.iterdir() if p.is_dir())
    edges, qt = scan_includes(core)
    findings = 0

    upward = [(s, t, w) for s, t, w in edges if s != t and s in ranks and t in ranks and ranks[t] >= ranks[s]]
    for source, target, where in upward:
        kind = "same-rank" if ranks[target] == ranks[source] else "upward"
        print(f"{where}: {kind} include: core/{source} (rank {ranks[source]}) includes core/{target} "
              f"(rank {ranks[target]})")
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
    unknown = [(s, t, w) for s, t, w in edges if t not in ranks and t not in missing]
    for _, target, where in unknown:
        print(f"{where}: includes core/{target}, which is not in core/stages.txt")
    findings += len(missing) + len(stale) + len(unknown)

    for where, header in qt:
        print(f"{where}: Qt include <{header}> in core (core never includes Qt)")
    findings += len(qt)

    print(f"layering: {len(folders)} folders, {len(upward)} upward includes, {len(cycles)} cycles, "
          f"{len(missing) + len(stale) + len(unknown)} unlisted folders, {len(qt)} Qt includes")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
