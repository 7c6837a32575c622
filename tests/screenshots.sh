#!/usr/bin/env bash
# Screenshots of the real application in its main states, written to
# resources/screenshots/: the bundled example run to "different", an equivalent pair,
# NULLs separating NOT IN from EXCEPT under the strict profile, a parse error, and audit
# mode on the bundled audit example (built into a private data directory first); the
# first example again in a dark palette, and the inspector and audit mode at 1920x1080.
# Runs under Xvfb when xvfb-run is installed (packaging/install-deps.sh), else offscreen.
# Usage: tests/screenshots.sh [BUILD_DIR]   (default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
app="$build_dir/bin/sqleq"
out=resources/screenshots
[[ -x "$app" ]] || { echo "screenshots: build $app first" >&2; exit 1; }
mkdir -p "$out"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A private configuration, so recent files and window geometry of the user never leak in.
export XDG_CONFIG_HOME="$work/config"
export XDG_DATA_HOME="$work/data"

# write_session FILE KIND PATH GOLD CANDIDATE QUESTION: a session file (spider profile,
# seed 0); the texts must hold no double quote or backslash.
write_session() {
  cat >"$1" <<JSON
{
    "format": "sqleq-session",
    "version": 1,
    "schema": {"kind": "$2", "path": "$3", "db_id": ""},
    "gold": "$4",
    "candidate": "$5",
    "question": "$6",
    "settings": {"profile": "spider", "seed": 0, "budget": 1000}
}
JSON
}

write_session "$work/parse-error.sqleq" ddl :/examples/people/database.sql \
  "SELECT name, FROM people WHERE age > 34" "SELECT name FROM people WHERE age >= 35" \
  "What are the names of the people older than 34?"

# A candidate SQLite rejects: one message with its position, no counterexample.
write_session "$work/candidate-error.sqleq" ddl :/examples/people/database.sql \
  "SELECT name FROM people WHERE age > 34" "SELECT name FROM people WHERE agee > 34" \
  "What are the names of the people older than 34?"

# The user's own database holding a NULL the spider profile never samples: the
# counterexample comes from it and the banner says which promise it breaks.
sqlite3 "$work/addresses.sqlite" "CREATE TABLE address (id INTEGER PRIMARY KEY, line_1 TEXT NOT NULL, line_3 TEXT);
  INSERT INTO address VALUES (1, '1 Main Street', NULL), (2, '2 Side Street', 'Flat 3'), (3, '3 High Street', 'Rear');"
write_session "$work/outside-profile.sqleq" sqlite "$work/addresses.sqlite" \
  "SELECT count(*) FROM address WHERE line_3 IS NULL" "SELECT count(*) FROM address WHERE line_3 = ''" \
  "How many addresses have no third line?"

if command -v xvfb-run >/dev/null 2>&1 && [[ "${SQLEQ_SCREENSHOT_OFFSCREEN:-0}" != 1 ]]; then
  runner=(xvfb-run -a -s "-screen 0 2000x1200x24")
else
  export QT_QPA_PLATFORM=offscreen
  runner=()
fi

# shoot NAME SESSION [extra options…]; the size defaults to 1280x800, a later --size wins.
shoot() {
  local name=$1 session=$2
  shift 2
  "${runner[@]}" "$app" --screenshot "$out/$name.png" --size 1280x800 "$@" "$session" 2> >(grep -v propagateSizeHints >&2)
  echo "screenshots: $out/$name.png"
}

shoot different :/examples/figure1-different.sqleq
shoot equivalent :/examples/figure1-equivalent.sqleq
shoot strict-nulls :/examples/stadiums-without-concerts-strict.sqleq
shoot test-suite-false-positive :/examples/like-vs-equals.sqleq
shoot parse-error "$work/parse-error.sqleq"
shoot candidate-error "$work/candidate-error.sqleq"
shoot outside-profile "$work/outside-profile.sqleq"
shoot oldest-singer :/examples/oldest-singer.sqleq
shoot dark :/examples/oldest-singer.sqleq --palette dark
shoot different-1920 :/examples/figure1-different.sqleq --size 1920x1080

# Audit mode: the bundled example built and opened, item 1 (age > 30 vs age >= 30:
# execution accuracy says correct, the test suite separates them) in the inspector.
"${runner[@]}" "$app" --audit-example --audit-item 1 --screenshot "$out/audit.png" --size 1280x800 \
  2> >(grep -v propagateSizeHints >&2)
echo "screenshots: $out/audit.png"
"${runner[@]}" "$app" --audit-example --audit-item 1 --screenshot "$out/audit-1920.png" --size 1920x1080 \
  2> >(grep -v propagateSizeHints >&2)
echo "screenshots: $out/audit-1920.png"
