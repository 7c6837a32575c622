#!/usr/bin/env python3
"""sqleq on the Calcite rewrite pairs (corpus/calcite: 397 pairs of Calcite's optimizer tests).

1. Converts the corpus to what sqleq reads, into a temporary folder (never the repository):
   schema.sql, one SQLite DDL script of the SALES schema (every table of the jsonlines
   `schema` field, in its column order; primary and foreign keys from schema.json; NOT NULL
   from constraints.yml, and on every primary-key column, as standard SQL implies), and for
   each pair the two queries rewritten from Calcite's dialect into SQLite's:
     - identifiers with `$` quoted: $f0 -> "$f0", EXPR$0 -> "EXPR$0"
     - (VALUES (1, 'a'), (2, 'b')) AS t (a, b) -> (SELECT 1 AS a, 'a' AS b UNION ALL SELECT 2, 'b') AS t
     - OFFSET m ROWS / FETCH NEXT|FIRST n ROWS ONLY -> LIMIT n OFFSET m (LIMIT -1 OFFSET m)
     - a parenthesized operand of UNION/INTERSECT/EXCEPT, (SELECT ... FETCH ...) UNION ALL (...),
       -> SELECT * FROM (SELECT ...) UNION ALL SELECT * FROM (...)
     - DATE '2020-12-11' / TIMESTAMP '...' / TIME '...' -> '2020-12-11' (SQLite keeps dates as ISO text)
     - CAST(e AS DATE | TIMESTAMP(0) | TIME) -> (e): SQLite would turn '2020-12-11' into the
       number 2020 (NUMERIC affinity); on ISO-text dates the cast is the identity
     - SUBSTRING(x FROM a FOR b) -> substr(x, a, b)
   Nothing else is rewritten. A pair "runs" when Python's sqlite3 prepares both queries against
   the DDL (in memory), also with every quoted identifier written [like this], which SQLite never
   takes for a string literal (a "name" that resolves to no column silently becomes a string).
   The rest is left out with the reason: GROUPING SETS / ROLLUP / CUBE, LATERAL,
   COUNT(DISTINCT a, b), EXCEPT ALL / INTERSECT ALL, functions SQLite lacks (STDDEV_POP, BIT_AND,
   SINGLE_VALUE, ANY_VALUE, BOOL_AND, GROUPING, EXTRACT...), an empty SELECT list, `WHERE * = x`.
2. Runs `sqleq-cli check --ddl schema.sql --gold-file Q1 --candidate-file Q2 --json --jobs 1
   --profile P` on every runnable pair (P: strict and spider by default), at most JOBS processes
   at a time (default 2), 60 s per run; a run that times out, crashes or prints no JSON is an
   error with its message. Records verdict, evidence.kind ("proof", "suite+search", "suite",
   "counterexample"), suite_verdict and seconds.
3. Prints, per profile: runnable pairs, proved, equivalent not refuted, different (indices),
   errors (indices, messages), and the pairs both proved and refuted (must be 0): proved with a
   verdict or a suite verdict other than equivalent, proved under strict and different under
   spider (every spider database is a strict one), or proved and separated by the independent
   re-check: both queries run in Python's sqlite3 on --recheck random databases (default 300)
   that keep the DDL's keys and NOT NULLs (spider: no NULL, no empty table); pairs with LIMIT
   are not re-checked.

A benchmark, not a test.

  python3 tests/bench/calcite_pairs.py [--cli build/release/bin/sqleq-cli]
      [--corpus ../shared/corpus/calcite] [--profile strict|spider|both] [--limit N]
      [--jobs 2] [--timeout 60] [--recheck 300] [--out results.json] [--keep-dir DIR] [--convert-only]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_CLI = os.path.join(REPO, "build", "release", "bin", "sqleq-cli")
DEFAULT_CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus", "calcite")

# ---------------------------------------------------------------- schema

SQLITE_TYPES = {"INT": "INTEGER", "INTEGER": "INTEGER", "BIGINT": "INTEGER", "VARCHAR": "VARCHAR",
                "DATE": "DATE", "TIMESTAMP": "TIMESTAMP", "BOOLEAN": "BOOLEAN"}


def read_not_null(path):
    """constraints.yml: `col_val:` then lines `  T.c != NULL;` (the last without `;`)."""
    not_null = set()
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip().rstrip(";").strip()
            if not line or line.endswith(":"):
                continue
            match = re.fullmatch(r"(\w+)\.(\w+)\s*!=\s*NULL", line, re.IGNORECASE)
            if not match:
                raise ValueError("constraints.yml: cannot read {!r}".format(line))
            not_null.add((match.group(1).upper(), match.group(2).upper()))
    return not_null


def schema_ddl(corpus, first_line):
    """The DDL script: tables and column order of the jsonlines `schema`, keys of schema.json,
    NOT NULL of constraints.yml (and of every primary-key column)."""
    with open(os.path.join(corpus, "schema.json"), encoding="utf-8") as handle:
        keyed = json.load(handle)["Tables"]
    not_null = read_not_null(os.path.join(corpus, "constraints.yml"))
    primary, foreign = {}, {}
    for table in keyed:
        name = table["TableName"].upper()
        primary[name] = [key["Name"].upper() for key in table["PKeys"]]
        foreign[name] = [(key["FName"].upper(), keyed[int(key["PTable"])]["TableName"].upper(), key["PName"].upper())
                         for key in table["FKeys"]]
    statements = []
    for table, columns in first_line["schema"].items():
        name = table.upper()
        keys = primary.get(name, [])
        lines = []
        for column, kind in columns.items():
            column = column.upper()
            kind = SQLITE_TYPES.get(kind.upper(), kind.upper())
            null = " NOT NULL" if (name, column) in not_null or column in keys else ""
            lines.append("  {} {}{}".format(column, kind, null))
        if keys:
            lines.append("  PRIMARY KEY ({})".format(", ".join(keys)))
        for column, target, target_column in foreign.get(name, []):
            lines.append("  FOREIGN KEY ({}) REFERENCES {} ({})".format(column, target, target_column))
        statements.append("CREATE TABLE {} (\n{}\n);".format(name, ",\n".join(lines)))
    for (name, column) in sorted(not_null):
        if name not in {t.upper() for t in first_line["schema"]}:
            raise ValueError("constraints.yml names a table the schema lacks: " + name)
    return "\n".join(statements) + "\n"


# ---------------------------------------------------------------- queries

TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<str>'(?:[^']|'')*')
  | (?P<qid>"(?:[^"]|"")*"|`[^`]*`)
  | (?P<num>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<word>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<op>\|\||<>|<=|>=|!=|==)
  | (?P<punct>.)
""", re.VERBOSE | re.DOTALL)

SET_OPS = {"UNION", "INTERSECT", "EXCEPT"}


class Unconvertible(Exception):
    pass


def tokenize(sql):
    tokens = []
    for match in TOKEN.finditer(sql):
        kind = match.lastgroup
        text = match.group()
        if kind == "qid" and text.startswith("`"):
            text = '"' + text[1:-1].replace('"', '""') + '"'
        tokens.append([kind, text])
    return tokens


def render(tokens):
    return "".join(text for _, text in tokens)


def is_word(token, *words):
    return token is not None and token[0] == "word" and token[1].upper() in words


def significant(tokens):
    """Indices of the tokens that are not white space."""
    return [i for i, token in enumerate(tokens) if token[0] != "ws"]


def closing(tokens, start):
    """Index of the ')' matching the '(' at tokens[start]."""
    depth = 0
    for i in range(start, len(tokens)):
        if tokens[i][1] == "(" and tokens[i][0] == "punct":
            depth += 1
        elif tokens[i][1] == ")" and tokens[i][0] == "punct":
            depth -= 1
            if depth == 0:
                return i
    raise Unconvertible("unbalanced parentheses")


def strip(tokens):
    tokens = list(tokens)
    while tokens and tokens[0][0] == "ws":
        tokens.pop(0)
    while tokens and tokens[-1][0] == "ws":
        tokens.pop()
    return tokens


def split_top(tokens, separator=","):
    """Split at the separator tokens at depth 0."""
    parts, current, depth = [], [], 0
    for token in tokens:
        if token[1] == "(" and token[0] == "punct":
            depth += 1
        elif token[1] == ")" and token[0] == "punct":
            depth -= 1
        if depth == 0 and token[0] == "punct" and token[1] == separator:
            parts.append(strip(current))
            current = []
        else:
            current.append(token)
    parts.append(strip(current))
    return parts


def quote_dollar_names(tokens):
    for token in tokens:
        if token[0] == "word" and "$" in token[1]:
            token[0], token[1] = "qid", '"' + token[1] + '"'
    return tokens


def typed_literals(tokens):
    """DATE 'x' / TIMESTAMP 'x' / TIME 'x' -> 'x'."""
    out = []
    for i, token in enumerate(tokens):
        if is_word(token, "DATE", "TIMESTAMP", "TIME"):
            rest = [t for t in tokens[i + 1:i + 3] if t[0] != "ws"]
            if rest and rest[0][0] == "str":
                continue
        out.append(token)
    # drop the white space a dropped keyword leaves doubled is harmless; keep it
    return out


def rewrite_calls(tokens, name, rewrite):
    """Apply rewrite(inner_tokens) -> tokens or None to every NAME( ... ) call, innermost last."""
    i = 0
    while i < len(tokens):
        if is_word(tokens[i], name):
            j = i + 1
            while j < len(tokens) and tokens[j][0] == "ws":
                j += 1
            if j < len(tokens) and tokens[j][1] == "(":
                end = closing(tokens, j)
                inner = rewrite_calls(tokens[j + 1:end], name, rewrite)
                replaced = rewrite(inner)
                if replaced is not None:
                    tokens = tokens[:i] + replaced + tokens[end + 1:]
                    i += len(replaced)
                    continue
                tokens = tokens[:j + 1] + inner + tokens[end:]
        i += 1
    return tokens


def date_cast(inner):
    """CAST(e AS DATE|TIMESTAMP[(p)]|TIME[(p)]) -> (e)."""
    depth, last_as = 0, None
    for k, token in enumerate(inner):
        if token[1] == "(":
            depth += 1
        elif token[1] == ")":
            depth -= 1
        elif depth == 0 and is_word(token, "AS"):
            last_as = k
    if last_as is None:
        return None
    kind = [t for t in inner[last_as + 1:] if t[0] != "ws"]
    if kind and is_word(kind[0], "DATE", "TIMESTAMP", "TIME"):
        rest = kind[1:]
        if not rest or (rest[0][1] == "(" and rest[-1][1] == ")" and all(t[0] in ("num", "punct") for t in rest)):
            return [["punct", "("]] + strip(inner[:last_as]) + [["punct", ")"]]
    return None


def substring_call(inner):
    """SUBSTRING(x FROM a [FOR b]) -> substr(x, a[, b])."""
    depth, parts, current = 0, [], []
    for token in inner:
        if token[1] == "(":
            depth += 1
        elif token[1] == ")":
            depth -= 1
        if depth == 0 and is_word(token, "FROM", "FOR"):
            parts.append(current)
            current = []
        else:
            current.append(token)
    parts.append(current)
    if len(parts) == 1:
        return None
    out = [["word", "substr"], ["punct", "("]]
    for k, part in enumerate(parts):
        if k:
            out += [["punct", ","], ["ws", " "]]
        out += strip(part)
    return out + [["punct", ")"]]


def values_lists(tokens):
    """(VALUES (r1), (r2)) [AS] t (c1, c2) -> (SELECT r1 AS c1, ... UNION ALL SELECT r2) AS t."""
    i = 0
    while i < len(tokens):
        sig = significant(tokens[i:])
        if tokens[i][1] == "(" and len(sig) > 1 and is_word(tokens[i + sig[1]], "VALUES"):
            end = closing(tokens, i)
            rows = split_top(tokens[i + sig[1] + 1:end])
            values = []
            for row in rows:
                if not row or row[0][1] != "(" or closing(row, 0) != len(row) - 1:
                    raise Unconvertible("VALUES row that is not a parenthesized list")
                values.append(split_top(row[1:-1]))
            width = len(values[0])
            if any(len(row) != width for row in values):
                raise Unconvertible("VALUES rows of different widths")
            # the alias and its column list
            after = [k for k in range(end + 1, len(tokens)) if tokens[k][0] != "ws"]
            position = 0
            alias_tokens = []
            if after and is_word(tokens[after[0]], "AS"):
                position = 1
            names = ['"EXPR${}"'.format(c) for c in range(width)]
            stop = end + 1
            if len(after) > position and tokens[after[position]][0] in ("word", "qid") \
                    and not is_word(tokens[after[position]], "WHERE", "GROUP", "ORDER", "UNION", "INNER", "LEFT",
                                    "RIGHT", "FULL", "JOIN", "CROSS", "ON", "EXCEPT", "INTERSECT", "LIMIT",
                                    "HAVING", "NATURAL"):
                alias_tokens = [tokens[after[position]]]
                stop = after[position] + 1
                if len(after) > position + 1 and tokens[after[position + 1]][1] == "(":
                    open_at = after[position + 1]
                    close_at = closing(tokens, open_at)
                    listed = split_top(tokens[open_at + 1:close_at])
                    if len(listed) != width or any(len(n) != 1 for n in listed):
                        raise Unconvertible("VALUES column list of another width")
                    names = [n[0][1] for n in listed]
                    stop = close_at + 1
            selects = []
            for r, row in enumerate(values):
                items = []
                for c, expression in enumerate(row):
                    text = render(expression)
                    items.append("{} AS {}".format(text, names[c]) if r == 0 else text)
                selects.append("SELECT " + ", ".join(items))
            replacement = "(" + " UNION ALL ".join(selects) + ")"
            if alias_tokens:
                replacement += " AS " + alias_tokens[0][1]
            new = tokenize(replacement)
            tokens = tokens[:i] + new + tokens[stop:]
            i += len(new)
            continue
        i += 1
    return tokens


def limit_clauses(tokens):
    """OFFSET m ROW[S] and FETCH FIRST|NEXT n ROW[S] ONLY, at one depth -> LIMIT n OFFSET m."""
    def scan(tokens):
        # recurse into every parenthesized group first
        out, i = [], 0
        while i < len(tokens):
            if tokens[i][1] == "(" and tokens[i][0] == "punct":
                end = closing(tokens, i)
                out += [tokens[i]] + scan(tokens[i + 1:end]) + [tokens[end]]
                i = end + 1
            else:
                out.append(tokens[i])
                i += 1
        tokens = out
        sig = significant(tokens)
        offset = fetch = None
        spans = []
        for n, k in enumerate(sig):
            words = [tokens[sig[m]] for m in range(n, min(n + 5, len(sig)))]
            if is_word(words[0], "OFFSET") and len(words) >= 3 and words[1][0] == "num" \
                    and is_word(words[2], "ROW", "ROWS"):
                offset = words[1][1]
                spans.append((k, sig[n + 2]))
            elif is_word(words[0], "FETCH") and len(words) >= 5 and is_word(words[1], "FIRST", "NEXT") \
                    and words[2][0] == "num" and is_word(words[3], "ROW", "ROWS") and is_word(words[4], "ONLY"):
                fetch = words[2][1]
                spans.append((k, sig[n + 4]))
        if not spans:
            return tokens
        text = "LIMIT " + (fetch if fetch is not None else "-1") + (" OFFSET " + offset if offset is not None else "")
        first = min(s for s, _ in spans)
        result = []
        for k, token in enumerate(tokens):
            inside = [s for s in spans if s[0] <= k <= s[1]]
            if inside:
                if k == first:
                    result += tokenize(text)
                continue
            result.append(token)
        return result
    return scan(tokens)


def compound_operands(tokens):
    """(SELECT ...) as an operand of UNION/INTERSECT/EXCEPT -> SELECT * FROM (SELECT ...)."""
    i = 0
    while i < len(tokens):
        if tokens[i][1] == "(" and tokens[i][0] == "punct":
            end = closing(tokens, i)
            inner = significant(tokens[i + 1:end])
            if inner and is_word(tokens[i + 1 + inner[0]], "SELECT"):
                before = [k for k in range(i - 1, -1, -1) if tokens[k][0] != "ws"]
                after = [k for k in range(end + 1, len(tokens)) if tokens[k][0] != "ws"]
                prev = tokens[before[0]] if before else None
                nxt = tokens[after[0]] if after else None
                prev_is_op = is_word(prev, *SET_OPS) or (
                    is_word(prev, "ALL", "DISTINCT") and len(before) > 1 and is_word(tokens[before[1]], *SET_OPS))
                next_is_op = is_word(nxt, *SET_OPS)
                starts = prev is None or prev[1] == "("
                if prev_is_op or (next_is_op and starts):
                    tokens = tokens[:i] + tokenize("SELECT * FROM ") + tokens[i:]
                    i += len(tokenize("SELECT * FROM "))
        i += 1
    return tokens


def to_sqlite(sql):
    tokens = tokenize(sql.strip().rstrip(";"))
    tokens = quote_dollar_names(tokens)
    tokens = typed_literals(tokens)
    tokens = rewrite_calls(tokens, "CAST", date_cast)
    tokens = rewrite_calls(tokens, "SUBSTRING", substring_call)
    tokens = values_lists(tokens)
    tokens = limit_clauses(tokens)
    tokens = compound_operands(tokens)
    return render(tokens)


def bracketed(sql):
    """Every "quoted" identifier as [quoted]: SQLite never takes [x] for a string literal."""
    return render([["qid", "[" + t[1][1:-1].replace('""', '"') + "]"] if t[0] == "qid" else t
                   for t in tokenize(sql)])


FEATURES = [
    (r"\bGROUPING\s+SETS\b|\bROLLUP\s*\(|\bCUBE\s*\(|\bGROUPING\s*\(", "GROUPING SETS / ROLLUP / CUBE"),
    (r"\bLATERAL\b", "LATERAL"),
    (r"\bCOUNT\s*\(\s*DISTINCT\s+[^(),]+,", "COUNT(DISTINCT a, b)"),
    (r"\bCOUNT\s*\(\s*(?!DISTINCT)[^(),]+,", "COUNT(a, b)"),
    (r"\b(EXCEPT|INTERSECT)\s+ALL\b", "EXCEPT ALL / INTERSECT ALL"),
    (r"\bEXTRACT\s*\(", "EXTRACT"),
    (r"^\s*SELECT\s+FROM\b|\(\s*SELECT\s+FROM\b", "empty SELECT list"),
    (r"\bWHERE\s+\*\s*=", "`WHERE * = x` (no column)"),
]


def leave_out_reason(sql, message):
    for pattern, reason in FEATURES:
        if re.search(pattern, sql, re.IGNORECASE):
            return reason
    match = re.search(r"no such function: (\w+)", message)
    if match:
        return "function SQLite lacks: " + match.group(1).upper()
    return "SQLite: " + message


def convert(corpus, work_dir):
    """Write schema.sql and pairs/NNN_{gold,candidate}.sql; return (ddl path, [pair records])."""
    with open(os.path.join(corpus, "calcite2.jsonlines"), encoding="utf-8") as handle:
        lines = [json.loads(line) for line in handle if line.strip()]
    ddl = schema_ddl(corpus, lines[0])
    if any(line["schema"] != lines[0]["schema"] for line in lines):
        raise SystemExit("the pairs do not share one schema")
    ddl_path = os.path.join(work_dir, "schema.sql")
    with open(ddl_path, "w", encoding="utf-8") as handle:
        handle.write(ddl)
    connection = sqlite3.connect(":memory:")
    connection.executescript(ddl)
    os.makedirs(os.path.join(work_dir, "pairs"), exist_ok=True)
    records = []
    for line in lines:
        record = {"index": line["index"], "original": line["pair"], "runs": False}
        converted = []
        for side, sql in zip(("gold", "candidate"), line["pair"]):
            try:
                text = to_sqlite(sql)
            except Unconvertible as error:
                record["reason"] = leave_out_reason(sql, str(error))
                break
            converted.append(text)
            problem = None
            for variant in (text, bracketed(text)):
                try:
                    connection.execute("EXPLAIN " + variant)
                except (sqlite3.Error, sqlite3.Warning) as error:
                    problem = str(error)
                    break
            if problem is not None:
                record["reason"] = leave_out_reason(sql, problem)
                record["sqlite_error"] = "{}: {}".format(side, problem)
                break
        record["converted"] = converted
        if "reason" not in record:
            record["runs"] = True
            for side, text in zip(("gold", "candidate"), converted):
                path = os.path.join(work_dir, "pairs", "{:03d}_{}.sql".format(line["index"], side))
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text + "\n")
                record[side + "_file"] = path
        records.append(record)
    connection.close()
    return ddl_path, records


# ---------------------------------------------------------------- running sqleq

def wait_for_binary(cli, patience=900):
    """The binary may be missing while someone rebuilds it: wait (up to `patience` s)."""
    waited = 0
    while not (os.path.isfile(cli) and os.access(cli, os.X_OK)):
        if waited >= patience:
            return False
        if waited == 0:
            print("waiting for {} ...".format(cli), file=sys.stderr, flush=True)
        time.sleep(10)
        waited += 10
    return True


def rebuilt(cli, built):
    try:
        return os.path.getmtime(cli) != built
    except OSError:
        return True


def run_check(cli, ddl_path, record, profile, timeout):
    command = [cli, "check", "--ddl", ddl_path, "--gold-file", record["gold_file"],
               "--candidate-file", record["candidate_file"], "--json", "--profile", profile, "--jobs", "1"]
    result = {"verdict": None, "kind": None, "suite_verdict": None, "seconds": None, "error": None}
    for attempt in range(4):
        if not wait_for_binary(cli):
            result["error"] = "binary missing: " + cli
            return result
        started = time.monotonic()
        try:
            built = os.path.getmtime(cli)
        except OSError:
            continue
        try:
            completed = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            result["wall_seconds"] = round(time.monotonic() - started, 3)
            result["error"] = "timeout after {} s".format(timeout)
            return result
        except OSError as error:   # ETXTBSY, ENOENT: the binary is being replaced
            result["error"] = "cannot run: {}".format(error)
            time.sleep(15)
            continue
        result["wall_seconds"] = round(time.monotonic() - started, 3)
        result["exit_code"] = completed.returncode
        try:
            answer = json.loads(completed.stdout)
        except ValueError:
            message = (completed.stderr or completed.stdout).strip().splitlines()
            result["error"] = "exit {}{}: {}".format(
                completed.returncode, " (signal {})".format(-completed.returncode) if completed.returncode < 0 else "",
                message[-1][:300] if message else "no output")
            if completed.returncode in (126, 127) or rebuilt(cli, built):
                time.sleep(15)   # the binary was replaced under this run: run it again
                continue
            return result
        result["error"] = None
        result["verdict"] = answer.get("verdict")
        evidence = answer.get("evidence") or {}
        result["kind"] = evidence.get("kind")
        result["suite_verdict"] = answer.get("suite_verdict")
        result["seconds"] = answer.get("seconds")
        result["message"] = (answer.get("message") or "")[:300]
        if result["verdict"] not in ("equivalent", "different"):
            result["error"] = "{}: {}".format(result["verdict"], (answer.get("message") or "")[:300])
        if result["kind"] == "proof":
            proof = evidence.get("proof") or {}
            result["rewrites"] = proof.get("rewrites")
        return result
    return result


# ---------------------------------------------------------------- independent re-check of proofs

def table_facts(ddl):
    """(table, [(column, type, not_null)], primary key columns, {column: (table, column)}) per table."""
    connection = sqlite3.connect(":memory:")
    connection.executescript(ddl)
    tables = []
    for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid"):
        info = connection.execute('PRAGMA table_info("{}")'.format(name)).fetchall()
        columns = [(row[1], row[2].upper(), bool(row[3])) for row in info]
        keys = [row[1] for row in sorted(info, key=lambda row: row[5]) if row[5]]
        foreign = {row[3]: (row[2], row[4])
                   for row in connection.execute('PRAGMA foreign_key_list("{}")'.format(name))}
        tables.append((name, columns, keys, foreign))
    connection.close()
    # referenced tables first
    tables.sort(key=lambda table: len(table[3]))
    return tables


def random_value(kind, rng):
    if "INT" in kind:
        return rng.choice((0, 1, 2, 3, 10, 20, 30, 100, 1001, -1))
    if "BOOL" in kind:
        return rng.choice((0, 1))
    if "DATE" in kind or "TIME" in kind:
        return rng.choice(("2014-04-01", "2020-12-11", "2022-01-01"))
    return rng.choice(("A", "a", "Manager", "CLERK", "x", "ab", "table"))


def random_database(ddl, tables, rng, profile):
    """Rows that keep the DDL's keys, foreign keys and NOT NULLs; spider: no NULL, no empty table."""
    connection = sqlite3.connect(":memory:")
    connection.executescript(ddl)
    for name, columns, keys, foreign in tables:
        count = rng.randint(1 if profile == "spider" else 0, 4)
        seen = set()
        for _ in range(count):
            row = []
            for column, kind, not_null in columns:
                if column in foreign:
                    target, target_column = foreign[column]
                    choices = [value for (value,) in connection.execute(
                        'SELECT "{}" FROM "{}"'.format(target_column, target))]
                    if not choices and not_null:
                        row = None
                        break
                    value = rng.choice(choices) if choices else None
                else:
                    value = random_value(kind, rng)
                if not not_null and profile == "strict" and rng.random() < 0.2:
                    value = None
                row.append(value)
            if row is None:
                break
            key = tuple(row[[c[0] for c in columns].index(k)] for k in keys)
            if keys and key in seen:
                continue
            seen.add(key)
            connection.execute('INSERT INTO "{}" VALUES ({})'.format(name, ", ".join("?" * len(row))), row)
    return connection


def recheck_proved(ddl, record, profile, databases, seed):
    """Run both queries on random databases in Python's sqlite3: a bag of rows (a list when the gold
    ends in ORDER BY) must match on each. Returns None or a description of the separating database.
    Pairs with LIMIT are skipped (without a total order the rows a LIMIT keeps are not determined)."""
    import random
    gold, candidate = record["converted"]
    if re.search(r"\bLIMIT\b", gold + candidate, re.IGNORECASE):
        return None
    ordered = re.search(r"\bORDER\s+BY\b[^()]*$", gold, re.IGNORECASE) is not None
    tables = table_facts(ddl)
    rng = random.Random(seed * 1000 + record["index"])
    for number in range(databases):
        connection = random_database(ddl, tables, rng, profile)
        try:
            left = connection.execute(gold).fetchall()
            right = connection.execute(candidate).fetchall()
        except (sqlite3.Error, sqlite3.Warning):
            connection.close()
            continue
        if not left and not right:
            continue
        same = left == right if ordered else collections.Counter(left) == collections.Counter(right)
        if not same:
            dump = {name: connection.execute('SELECT * FROM "{}"'.format(name)).fetchall()
                    for name, _, _, _ in tables}
            connection.close()
            return "database {}: gold {} vs candidate {} on {}".format(number, left[:5], right[:5], dump)
        connection.close()
    return None


def refuted(result):
    return result["verdict"] == "different" or (
        result["suite_verdict"] not in (None, "equivalent", "same"))


def summarize(records, profiles, timings, limit):
    runnable = [r for r in records if r["runs"]]
    print("Calcite pairs: {} of {} convert and prepare in SQLite {}{}".format(
        len(runnable), len(records), sqlite3.sqlite_version,
        "; --limit {}: the first {} run".format(limit, min(limit, len(runnable))) if limit else ""))
    reasons = collections.Counter(r["reason"] for r in records if not r["runs"])
    for reason, count in reasons.most_common():
        print("  left out {:3d}  {}".format(count, reason))
    contradictions = []
    for profile in profiles:
        done = [r for r in runnable if profile in r.get("results", {})]
        if not done:
            continue
        results = {r["index"]: r["results"][profile] for r in done}
        proved = [i for i, x in results.items() if x["kind"] == "proof" and x["verdict"] == "equivalent"]
        equivalent = [i for i, x in results.items() if x["verdict"] == "equivalent" and x["kind"] != "proof"
                      and not x["error"]]
        different = [i for i, x in results.items() if x["verdict"] == "different" and not x["error"]]
        errors = [i for i, x in results.items() if x["error"]]
        seconds = [x.get("wall_seconds") or 0 for x in results.values()]
        print("\nprofile {}: {} runnable pairs run ({:.0f} s of runs, {:.0f} s wall)".format(
            profile, len(done), sum(seconds), timings.get(profile, 0)))
        print("  proved                   {:4d}".format(len(proved)))
        print("  equivalent, not refuted  {:4d}".format(len(equivalent)))
        print("  different                {:4d}  {}".format(len(different), different))
        print("  errors                   {:4d}  {}".format(len(errors), errors))
        for i in errors:
            print("    #{}: {}".format(i, results[i]["error"]))
        for i, x in results.items():
            if x["kind"] == "proof" and refuted(x):
                contradictions.append((i, profile, "proved and refuted under " + profile))
            if x["kind"] == "proof" and x.get("recheck"):
                contradictions.append((i, profile, "proved under {}, refuted by the Python re-check: {}".format(
                    profile, x["recheck"][:300])))
    if "strict" in profiles and "spider" in profiles:
        for r in runnable:
            strict, spider = r.get("results", {}).get("strict"), r.get("results", {}).get("spider")
            if strict and spider and strict["kind"] == "proof" and refuted(spider):
                contradictions.append((r["index"], "both", "proved under strict, different under spider"))
    print("\nproved and refuted: {}{}".format(len(contradictions), " (MUST BE 0)" if contradictions else ""))
    for index, _, what in contradictions:
        print("  #{}: {}".format(index, what))
    return contradictions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=DEFAULT_CLI)
    parser.add_argument("--corpus", default=DEFAULT_CORPUS)
    parser.add_argument("--profile", choices=("strict", "spider", "both"), default="both")
    parser.add_argument("--limit", type=int, default=0, help="only the first N runnable pairs")
    parser.add_argument("--jobs", type=int, default=2, help="sqleq-cli processes at a time (at most 2)")
    parser.add_argument("--timeout", type=int, default=60, help="seconds per run")
    parser.add_argument("--out", help="write the per-pair results (JSON) here")
    parser.add_argument("--keep-dir", help="write the converted DDL and pairs here (default: a temporary folder)")
    parser.add_argument("--recheck", type=int, default=300,
                        help="re-check every proved pair on this many random databases in Python's sqlite3 (0: none)")
    parser.add_argument("--convert-only", action="store_true", help="convert and count, run nothing")
    args = parser.parse_args()
    jobs = max(1, min(args.jobs, 2))
    profiles = ["strict", "spider"] if args.profile == "both" else [args.profile]

    temporary = None
    if args.keep_dir:
        work_dir = os.path.abspath(args.keep_dir)
        os.makedirs(work_dir, exist_ok=True)
    else:
        temporary = tempfile.TemporaryDirectory(prefix="sqleq-calcite-")
        work_dir = temporary.name
    ddl_path, records = convert(args.corpus, work_dir)
    runnable = [r for r in records if r["runs"]]
    if args.limit:
        runnable = runnable[:args.limit]
    timings = {}
    if not args.convert_only:
        cli = os.path.abspath(args.cli)
        if not wait_for_binary(cli):
            raise SystemExit("no sqleq-cli at " + cli)
        binary_time = os.path.getmtime(cli)
        for profile in profiles:
            started = time.monotonic()
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                futures = {pool.submit(run_check, cli, ddl_path, r, profile, args.timeout): r for r in runnable}
                for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
                    record = futures[future]
                    try:
                        result = future.result()
                    except Exception as error:   # never lose the whole run to one pair
                        result = {"verdict": None, "kind": None, "suite_verdict": None, "seconds": None,
                                  "error": "runner: {!r}".format(error)}
                    record.setdefault("results", {})[profile] = result
                    if done % 25 == 0 or done == len(futures):
                        print("  {} {}/{}".format(profile, done, len(futures)), file=sys.stderr, flush=True)
            timings[profile] = time.monotonic() - started
            if args.recheck:
                with open(ddl_path, encoding="utf-8") as handle:
                    ddl = handle.read()
                for record in runnable:
                    result = record.get("results", {}).get(profile)
                    if result and result["kind"] == "proof":
                        result["recheck"] = recheck_proved(ddl, record, profile, args.recheck, 0)
        if os.path.exists(cli) and os.path.getmtime(cli) != binary_time:
            print("note: {} changed during the run; results mix two builds".format(cli), file=sys.stderr)
    contradictions = summarize(records, profiles, timings, args.limit)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump({"corpus": args.corpus, "sqlite": sqlite3.sqlite_version, "profiles": profiles,
                       "runnable": len([r for r in records if r["runs"]]), "total": len(records),
                       "pairs": [{k: v for k, v in r.items() if not k.endswith("_file")} for r in records]},
                      handle, indent=1)
    if temporary is not None:
        temporary.cleanup()
    return 1 if contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
