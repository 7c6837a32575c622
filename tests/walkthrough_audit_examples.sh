#!/usr/bin/env bash
# A new user's walk through the real application under Xvfb with a window manager
# (openbox), driven by the keyboard through xdotool, from a fresh configuration.
# Part 1, a first start: the bundled example opens and says it is one; Run ▸ Settings…
# confirmed without a change stores nothing of the example's; File ▸ Open schema… (typed
# into the file dialog) loads the user's own schema, which drops the example's question
# and settings; the queries typed are saved with Ctrl+S and again with Ctrl+Shift+S (Save
# as, which has no shortcut of its own under openbox); the saved session carries "the
# schema's" profile, no question, and sqleq-cli finds the pair different under it.
# Part 1b: a database of the user's that separates a pair first but cannot be shrunk
# (it breaks its own CHECK): the counterexample exported with the keyboard comes from
# database #1, says why #0 was not used, has one or two rows, and separates the pair
# when plain SQLite (Python's sqlite3) runs both queries on it.
# Part 2, audit mode: open a small audit project, give item 0 a verdict with Ctrl+2
# (answering the annotator prompt with Enter), search the items for "France" and open
# the one item left (Alt+Down: item 10), load an unrelated
# example through Help ▸ Examples with the keyboard, press Ctrl+2 again, quit with Ctrl+Q.
# The project must then hold exactly one annotation, on item 0: the second Ctrl+2 was
# pressed while the example, not item 10, was on screen.
# Usage: tests/walkthrough_audit_examples.sh [BUILD_DIR]   (default build/release)
#        SQLEQ_WALK_SIZE=WIDTHxHEIGHT (default 1280x800): the screen it walks on.
# Exit: 0 passed, 1 failed, 77 skipped (Xvfb, openbox or xdotool missing; ctest shows SKIP).
set -uo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
app="$build_dir/bin/sqleq"
cli="$build_dir/bin/sqleq-cli"
if ! command -v xdotool >/dev/null; then
  echo "walkthrough: SKIP, xdotool is not installed (apt install xdotool)"
  exit 77
fi
# The display and its window manager come from run_under_wm.sh, as for the layout tests.
if [[ -z "${SQLEQ_WALK_UNDER_WM:-}" ]]; then
  SQLEQ_WALK_UNDER_WM=1 exec bash tests/run_under_wm.sh "${SQLEQ_WALK_SIZE:-1280x800}" bash "$0" "$build_dir"
fi
[[ -x "$app" && -x "$cli" ]] || { echo "walkthrough: build $app and $cli first" >&2; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "walkthrough: FAIL, $*"
  echo "--- application output"; cat "$work/app.log" 2>/dev/null
  exit 1
}
# A private configuration: no recent files, saved places or window geometry of the user.
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_RUNTIME_DIR="$work/runtime"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset QT_QPA_PLATFORM

# The project: the bundled audit example's eleven items on the concerts schema.
example=resources/examples/audit
project="$work/walk.sqleq-audit"
"$cli" audit new --gold "$example/gold.sql" --pred "$example/predictions.txt" --tables "$example/tables.json" \
  --distill-suites "$work/walk-suites" --out "$project" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "audit new"; }


# wait_title PATTERN: waits (up to 60 s) until the main window's title matches.
window=""
wait_title() {
  for _ in $(seq 600); do
    [[ -z "$window" ]] && window=$(xdotool search --name ' — sqleq$' 2>/dev/null | head -n1)
    if [[ -n "$window" ]] && xdotool getwindowname "$window" 2>/dev/null | grep -q -- "$1"; then return 0; fi
    kill -0 "$app_pid" 2>/dev/null || fail "the application exited while waiting for \"$1\""
    sleep 0.1
  done
  fail "no window titled \"$1\" (title: $(xdotool getwindowname "$window" 2>/dev/null))"
}
# keys KEY...: typed into the active window, after activating the main window.
keys() {
  xdotool windowactivate --sync "$window" >/dev/null 2>&1
  xdotool key --delay 150 "$@"
  sleep 0.5
}
# verdict_of ITEM: the item's verdict in the store, empty when it has none.
verdict_of() {
  "$cli" audit export "$project" --out "$work/export.tsv" >/dev/null || fail "audit export"
  awk -F'\t' -v item="$1" 'NR > 1 && $NF == item { print $6 }' "$work/export.tsv"
}
annotations() {
  "$cli" audit export "$project" --out "$work/export.tsv" >/dev/null || fail "audit export"
  echo $(( $(wc -l <"$work/export.tsv") - 1 ))
}

# wait_dialog TITLE: waits (up to 20 s) until a window titled exactly TITLE exists.
wait_dialog() {
  for _ in $(seq 200); do xdotool search --name "^$1\$" >/dev/null 2>&1 && return 0; sleep 0.1; done
  fail "no dialog titled \"$1\""
}
# start_app ARG...: the application, in the background, as the window to drive.
start_app() {
  "$app" "$@" >"$work/app.log" 2>&1 &
  app_pid=$!
  pids+=("$app_pid")
  window=""
}
quit_app() {
  keys ctrl+q
  for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$app_pid" 2>/dev/null && fail "the application did not quit on Ctrl+Q"
  return 0
}

# --- Part 1: a first start, in the plain inspector.
cat >"$work/pets.sql" <<'SQL'
CREATE TABLE Student (StuID INTEGER PRIMARY KEY, Age INTEGER NOT NULL);
CREATE TABLE Has_Pet (StuID INTEGER NOT NULL REFERENCES Student (StuID), PetID INTEGER);
SQL
start_app
wait_title '^Example: Figure 1'
# Run ▸ Settings…, OK without a change: the example's spider profile stays the example's.
keys ctrl+comma
wait_dialog 'Run settings'
xdotool key Return
sleep 0.5
if grep -rqsE 'profile[^,]{0,6}spider' "$XDG_CONFIG_HOME"; then
  fail "the example's profile was written to the user's configuration: $(grep -rs profile "$XDG_CONFIG_HOME")"
fi
keys ctrl+shift+o
wait_dialog 'Open schema'
xdotool type --delay 20 "$work/pets.sql"
xdotool key Return
wait_title '^untitled'
keys alt+g ctrl+a
xdotool type --delay 10 'SELECT avg(Age) FROM Student WHERE StuID NOT IN (SELECT StuID FROM Has_Pet)'
keys alt+c ctrl+a
xdotool type --delay 10 'SELECT avg(T1.Age) FROM Student AS T1 LEFT JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID WHERE T2.PetID IS NULL'
keys F5
keys ctrl+s
wait_dialog 'Save session as'
xdotool type --delay 20 "$work/first.sqleq"
xdotool key Return
wait_title '^first.sqleq'
keys ctrl+shift+s
wait_dialog 'Save session as'
xdotool type --delay 20 "$work/second.sqleq"
xdotool key Return
wait_title '^second.sqleq'
quit_app
for saved in first second; do
  [[ -s "$work/$saved.sqleq" ]] || fail "$saved.sqleq was not written"
done
read -r profile question < <(python3 -c '
import json, sys
session = json.load(open(sys.argv[1]))
print(session["settings"]["profile"], "some" if session["question"] else "none")
' "$work/second.sqleq") || fail "second.sqleq does not read as a session"
[[ "$profile" == auto ]] || fail "the user's session runs under the \"$profile\" profile, not the schema's"
[[ "$question" == none ]] || fail "the example's question carried over to the user's queries"
verdict=$(python3 - "$work/second.sqleq" "$cli" "$work/pets.sql" <<'PY'
import json, subprocess, sys
session = json.load(open(sys.argv[1]))
out = subprocess.run([sys.argv[2], "check", "--ddl", sys.argv[3], "--gold", session["gold"],
                      "--candidate", session["candidate"], "--json"], capture_output=True, text=True)
print(json.loads(out.stdout)["verdict"] if out.stdout else "error: " + out.stderr)
PY
)
[[ "$verdict" == different ]] || fail "the typed pair is \"$verdict\" under the schema's profile, expected different"

# --- Part 1b: a database of the user's that separates the pair first but breaks its own
# CHECK, so it cannot be shrunk: the counterexample exported with the keyboard comes from
# a later database, says so, is small, and separates the pair in plain SQLite.
python3 - "$work/checked.sqlite" <<'PY' || fail "could not write checked.sqlite"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""
PRAGMA ignore_check_constraints = 1;
CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL CHECK (age >= 0));
INSERT INTO people VALUES (1, 'Ann', -3), (2, 'Bob', 25), (3, 'Cid', 40), (4, 'Dee', 33), (5, 'Eve', -1), (6, 'Fay', 20);
""")
db.commit()
PY
cat >"$work/checked.sqleq" <<JSON
{"format": "sqleq-session", "version": 1,
 "schema": {"kind": "sqlite", "path": "$work/checked.sqlite", "db_id": ""},
 "gold": "SELECT name FROM people WHERE age > 30",
 "candidate": "SELECT name FROM people WHERE age > 19",
 "question": "", "settings": {"profile": "auto"}}
JSON
start_app "$work/checked.sqleq"
wait_title '^checked.sqleq'
# File ▸ Export counterexample as SQL scr(i)pt…: enabled once the run has its verdict.
exported=""
for _ in $(seq 60); do
  keys alt+f i
  if xdotool search --name '^Export counterexample as SQL script$' >/dev/null 2>&1; then exported=yes; break; fi
  xdotool key Escape
  sleep 0.5
done
[[ -n "$exported" ]] || fail "File ▸ Export counterexample as SQL script never opened its dialog"
xdotool type --delay 20 "$work/counterexample.sql"
xdotool key Return
for _ in $(seq 50); do [[ -s "$work/counterexample.sql" ]] && break; sleep 0.1; done
[[ -s "$work/counterexample.sql" ]] || fail "the counterexample was not exported"
quit_app
head -n1 "$work/counterexample.sql" | grep -q 'from database #1 ' \
  || fail "the exported counterexample does not come from database #1: $(head -n2 "$work/counterexample.sql")"
grep -q 'could not be shrunk' "$work/counterexample.sql" || fail "the exported counterexample does not say why database #0 was not used"
python3 - "$work/counterexample.sql" <<'PY' || fail "the exported counterexample does not hold up in plain SQLite"
import collections, sqlite3, sys
script = open(sys.argv[1]).read()
rows = script.count("INSERT INTO")
assert 1 <= rows <= 2, f"{rows} rows: not shrunk"
db = sqlite3.connect(":memory:")
db.executescript(script)
gold = collections.Counter(db.execute("SELECT name FROM people WHERE age > 30").fetchall())
candidate = collections.Counter(db.execute("SELECT name FROM people WHERE age > 19").fetchall())
assert gold != candidate, f"both return {sorted(gold.elements())}"
PY

# --- Part 2: audit mode.
start_app --audit "$project"
wait_title 'walk.sqleq-audit · item 0'
# A control first: Ctrl+2 on the item on screen records it (the annotator prompt, the
# first time, takes the login name with Enter).
keys ctrl+2
for _ in $(seq 50); do xdotool search --name '^Annotator$' >/dev/null 2>&1 && break; sleep 0.1; done
xdotool search --name '^Annotator$' >/dev/null 2>&1 || fail "no annotator prompt after Ctrl+2"
xdotool key Return
for _ in $(seq 100); do [[ "$(verdict_of 0)" == not_equivalent ]] && break; sleep 0.1; done
[[ "$(verdict_of 0)" == not_equivalent ]] || fail "Ctrl+2 on item 0 did not record it (the keys do not reach the window)"

# The search field at 1280x800 takes a word whole (it was 28 px wide): Ctrl+Shift+F,
# "France", then Alt+Down opens the one item it leaves, item 10.
keys ctrl+shift+f
xdotool type --delay 20 'France'
keys alt+Down
wait_title 'walk.sqleq-audit · item 10'
# Help ▸ Examples ▸ the first example, by keyboard only.
keys alt+h e Return
wait_title '^Example: Figure 1'
keys ctrl+2
quit_app

[[ -z "$(verdict_of 10)" ]] || fail "item 10 got the verdict \"$(verdict_of 10)\" while an example was on screen"
count=$(annotations)
[[ "$count" == 1 ]] || fail "$count annotations in the project, expected only item 0's"
echo "walkthrough: PASS (first start: the example stayed the example's, the user's schema ran under its own profile and both saves worked; item 0 judged with Ctrl+2; the search found item 10; after Help ▸ Examples, Ctrl+2 recorded nothing)"
