#!/usr/bin/env python3
"""report_browser_test.py: `sqleq-cli report` rendered by a real headless browser.

Usage: report_browser_test.py SQLEQ_CLI OUTPUT_DIR

Builds a two-submission report on a small shop dataset, then has Chromium load it and
dump the DOM after its script ran: the summary renders, the filters (set from the
address's fragment, as a shared link sets them) hide exactly the rows they should,
sorting reorders the list, an item's link opens its details, and without JavaScript
the file as written lists every item and keeps the filter form hidden. It leaves two screenshots in
OUTPUT_DIR (the summary and an opened item) for a person to look at. Exits 77 (ctest's
skip) when Chromium is not installed.
"""

import html.parser
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

SKIP = 77

TABLES_JSON = """[
 {"db_id": "shop", "table_names_original": ["item"], "table_names": ["item"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
  "column_names": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
  "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []}
]"""

GOLD = [
    "SELECT count(*) FROM item",
    "SELECT name FROM item WHERE price > 3",
    "SELECT name FROM item WHERE price > 3",
    "SELECT name FROM item ORDER BY price",
]
SUBMISSIONS = {
    "a.txt": ["SELECT count(*) FROM item", "SELECT name FROM item WHERE price = 5",
              "SELECT name FROM item WHERE price > 3 AND name != 'zz top'", "SELECT name FROM item ORDER BY id"],
    "b.txt": ["SELECT count(id) FROM item", "SELECT name FROM item WHERE price = 5",
              "SELECT name FROM item WHERE price > 3", "SELECT name FROM item ORDER BY price"],
}


def write_database(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price INTEGER)")
        db.executemany("INSERT INTO item VALUES (?, ?, ?)", rows)
    db.close()


def make_report(cli, root):
    shop = [(1, "pen", 2), (2, "ink", 5), (3, "pad", 5)]
    write_database(root / "db" / "shop" / "shop.sqlite", shop)
    write_database(root / "suites" / "shop" / "shop_0.sqlite", shop)
    write_database(root / "suites" / "shop" / "shop_1.sqlite", [(1, "cap", 4), (2, "box", 1)])
    (root / "tables.json").write_text(TABLES_JSON)
    (root / "gold.sql").write_text("".join(f"{sql}\tshop\n" for sql in GOLD))
    arguments = [cli, "report", "--gold", str(root / "gold.sql"), "--tables", str(root / "tables.json"),
                 "--db", str(root / "db"), "--suites", str(root / "suites"), "--jobs", "2",
                 "-o", str(root / "report.html")]
    for name, predictions in SUBMISSIONS.items():
        (root / name).write_text("".join(sql + "\n" for sql in predictions))
        arguments += ["--pred", str(root / name)]
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    return root / "report.html"


class Dom(html.parser.HTMLParser):
    """The parts of the dumped DOM the checks read: the item rows, the details, the form."""

    def __init__(self):
        super().__init__()
        self.rows, self.details, self.form, self.status = [], {}, None, ""
        self.headings = []
        self._in_items = self._in_status = self._in_h2 = False
        self.items_table, self.items_none, self.item_headers = None, None, []
        self.result_tables = []  # per table.result: its column headers
        self._in_result = self._in_items_header = False
        self._header = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "table" and attributes.get("id") == "items":
            self._in_items = True
            self.items_table = attributes
        elif tag == "table" and "result" in (attributes.get("class") or "").split():
            self._in_result = True
            self.result_tables.append([])
        elif tag == "thead" and self._in_items:
            self._in_items_header = True
        elif tag == "th" and (self._in_result or self._in_items_header):
            self._header = ""
        elif tag == "p" and attributes.get("id") == "items-none":
            self.items_none = attributes
        elif tag == "tr" and self._in_items and "data-item" in attributes:
            self.rows.append(attributes)
        elif tag == "details" and "item" in (attributes.get("class") or "").split():
            self.details[attributes["id"]] = attributes
        elif tag == "form" and attributes.get("id") == "filters":
            self.form = attributes
        elif tag == "p" and attributes.get("id") == "filter-status":
            self._in_status = True
        elif tag == "h2":
            self._in_h2 = True

    def handle_endtag(self, tag):
        if tag == "th" and self._header is not None:
            (self.result_tables[-1] if self._in_result else self.item_headers).append(self._header.strip())
            self._header = None
        if tag == "thead":
            self._in_items_header = False
        if tag == "table":
            self._in_items = False
            self._in_result = False
        elif tag == "p":
            self._in_status = False
        elif tag == "h2":
            self._in_h2 = False

    def handle_data(self, data):
        if self._header is not None:
            self._header += data
        if self._in_status:
            self.status += data
        if self._in_h2:
            self.headings.append(data.strip())

    def visible_rows(self):
        return [row for row in self.rows if "hidden" not in row]


class Browser:
    def __init__(self, chromium, profile):
        self.base = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-extensions", "--hide-scrollbars", f"--user-data-dir={profile}"]

    def dump(self, url):
        done = subprocess.run(self.base + ["--dump-dom", url], check=True, capture_output=True,
                              text=True, timeout=120)
        dom = Dom()
        dom.feed(done.stdout)
        return dom

    def screenshot(self, url, path, width, height):
        subprocess.run(self.base + [f"--window-size={width},{height}", f"--screenshot={path}", url], check=True,
                       capture_output=True, timeout=120)


def expect(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok: {what}")


def main():
    cli, output = sys.argv[1], Path(sys.argv[2])
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("SKIP: chromium is not installed (Debian package chromium): the report's browser test did not run")
        return SKIP
    output.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sqleq-report-") as temp:
        root = Path(temp)
        report = make_report(cli, root)
        url = report.as_uri()
        browser = Browser(chromium, root / "profile")

        page = browser.dump(url)
        expect("Accuracy by hardness" in page.headings and "How often the metrics disagree" in page.headings,
               "the summary renders")
        expect(page.form is not None and "hidden" not in page.form, "the script ran: the filters are shown")
        total = len(page.rows)
        expect(total >= 4 and len(page.visible_rows()) == total, f"every listed item is shown ({total})")
        expect(page.status.strip() == f"{total} of {total} items shown", "the status counts them")

        expect("Question" in page.item_headers and "Candidate SQL" in page.item_headers,
               f"the item list has a question and an SQL column ({page.item_headers})")
        expect(page.result_tables and all(headers for headers in page.result_tables),
               f"every result table has column headers ({page.result_tables})")
        style = report.read_text(encoding="utf-8")
        expect("#items thead th { position: sticky; top: 0;" in style, "the item list's header sticks as it scrolls")
        expect(page.items_none is not None and "hidden" in page.items_none, "a list with items says nothing more")

        nothing = browser.dump(url + "#q=no%20such%20text%20anywhere")
        expect(not nothing.visible_rows() and "hidden" in nothing.items_table
               and nothing.items_none is not None and "hidden" not in nothing.items_none,
               "a filter that leaves nothing hides the bare table and says 'No item matches this filter.'")

        fp = browser.dump(url + "#kind=fp")
        visible = fp.visible_rows()
        expect(visible and all("fp" in row["data-kind"].split() for row in visible)
               and len(visible) == sum("fp" in row["data-kind"].split() for row in page.rows),
               "#kind=fp shows exactly the test-suite false positives")
        expect(all(("hidden" in fp.details[row["data-item"]]) == ("hidden" in row) for row in fp.rows),
               "an item's details are hidden with its row")

        b = browser.dump(url + "#submission=b.txt")
        expect(b.visible_rows() and all(row["data-submission"] == "b.txt" for row in b.visible_rows()),
               "#submission=b.txt shows that submission only")

        search = browser.dump(url + "#q=zz%20top")
        expect(len(search.visible_rows()) == 1 and "zz top" in search.visible_rows()[0]["data-search"],
               "the text filter finds the one prediction with 'zz top'")

        ordered = browser.dump(url + "#sort=item&order=descending")
        items = [int(row["data-sort-item"]) for row in ordered.rows]
        expect(items == sorted(items, reverse=True) and items != [int(r["data-sort-item"]) for r in page.rows],
               "sorting by item, descending, reorders the list")

        target = page.rows[0]["data-item"]
        opened = browser.dump(url + "#" + target)
        expect("open" in opened.details[target] and all("open" not in d for k, d in opened.details.items()
                                                          if k != target), f"#{target} opens that item only")

        # Headless Chromium dumps no DOM with scripts off, so the page without JavaScript is
        # the file as written: what a browser shows before (or without) running the script.
        plain = Dom()
        plain.feed(report.read_text(encoding="utf-8"))
        expect(plain.form is not None and "hidden" in plain.form, "without JavaScript the filter form stays hidden")
        expect(len(plain.visible_rows()) == total and "Accuracy by hardness" in plain.headings,
               "without JavaScript the summary and every item are there")

        browser.screenshot(url, output / "report-summary.png", 1280, 1400)
        browser.screenshot(url + "#" + target, output / "report-item.png", 1280, 1400)
        browser.screenshot(url + "#q=no%20such%20text%20anywhere", output / "report-empty-filter.png", 1280, 1400)
        shutil.copy(report, output / "report.html")
        print(f"screenshots: {output / 'report-summary.png'}, {output / 'report-item.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
