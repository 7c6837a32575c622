#!/usr/bin/env python3
"""check_docs.py: the documentation's links hold together.

Reads README.md and docs/*.md of a source tree and fails (exit 1, one line per
fault) when a relative link or image names a file that does not exist or a
#fragment that is no heading of its page (GitHub's heading anchors), when the
README grows past 220 lines or loses `make run` / `make test`, or when a page
Help > Manual shows, or an image such a page uses, is missing from
resources/manual.qrc.in (a screenshot such a page links to counts as an image).
Standard library only; it never touches the network:
http(s) and mailto links are not followed.

Usage: check_docs.py SOURCE_DIR
"""
import re
import sys
import unicodedata
from pathlib import Path

README_MAX_LINES = 220
# The pages Help > Manual shows; development.md and benchmarks.md stay out of it.
MANUAL_PAGES = ["README.md", "docs/inspector.md", "docs/cli.md", "docs/verdicts.md",
                "docs/datasets.md", "docs/hostile-input.md", "docs/auditing.md",
                "docs/python.md"]

LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with inline code blanked."""
    fence = None
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.lstrip()
        marker = stripped[:3]
        if marker in ("```", "~~~"):
            if fence is None:
                fence = marker
            elif marker == fence:
                fence = None
            continue
        if fence is None:
            yield number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links read as their text
    text = text.replace("`", "").strip().lower()
    kept = []
    for ch in text:
        if ch in " -_" or unicodedata.category(ch)[0] in "LN":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")


def anchors(text):
    """Every heading anchor of a page, with GitHub's -1, -2 suffixes for repeats."""
    seen = {}
    result = set()
    fence = None
    for line in text.split("\n"):
        marker = line.lstrip()[:3]
        if marker in ("```", "~~~"):
            fence = None if fence == marker else (fence or marker)
            continue
        match = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if fence is None and match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    return result


def check_page(root, page, faults):
    text = page.read_text(encoding="utf-8")
    rel = page.relative_to(root).as_posix()
    images = set()
    for number, line in prose_lines(text):
        for bang, _label, target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto: — not checked here
            path_part, _, fragment = target.partition("#")
            dest = (page.parent / path_part).resolve() if path_part else page.resolve()
            where = f"{rel}:{number}"
            if not dest.exists():
                faults.append(f"{where}: {target}: no such file")
                continue
            try:
                dest.relative_to(root.resolve())
            except ValueError:
                faults.append(f"{where}: {target}: points outside the source tree")
                continue
            if bang or dest.suffix != ".md":
                images.add(dest.relative_to(root.resolve()).as_posix())
            if fragment:
                if dest.suffix != ".md":
                    faults.append(f"{where}: {target}: a #fragment on a file that is not Markdown")
                elif fragment not in anchors(dest.read_text(encoding="utf-8")):
                    faults.append(f"{where}: {target}: no heading with the anchor #{fragment}")
    return images


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = Path(sys.argv[1])
    readme = root / "README.md"
    pages = [readme] + sorted((root / "docs").glob("*.md"))
    faults = []
    images_of = {}
    for page in pages:
        if not page.exists():
            faults.append(f"{page}: missing")
            continue
        images_of[page.relative_to(root).as_posix()] = check_page(root, page, faults)

    lines = readme.read_text(encoding="utf-8").count("\n")
    if lines > README_MAX_LINES:
        faults.append(f"README.md: {lines} lines, more than {README_MAX_LINES}: move detail to docs/")
    for command in ("make run", "make test"):
        if command not in readme.read_text(encoding="utf-8"):
            faults.append(f"README.md: does not say `{command}`")

    qrc_path = root / "resources" / "manual.qrc.in"
    qrc = qrc_path.read_text(encoding="utf-8") if qrc_path.exists() else ""
    aliases = set(re.findall(r'alias="([^"]+)"', qrc))
    for page in MANUAL_PAGES:
        if page not in aliases:
            faults.append(f"resources/manual.qrc.in: the manual page {page} is not compiled in")
        for image in sorted(images_of.get(page, ())):
            if image not in aliases:
                faults.append(f"resources/manual.qrc.in: {image}, shown or linked by {page}, is not compiled in")

    for fault in faults:
        print(fault)
    checked = sum(1 for p in pages if p.exists())
    print(f"check_docs: {checked} pages, {len(faults)} faults; README.md has {lines} lines")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
