#!/usr/bin/env bash
# Screenshots of the inspector as a user sees it: the whole screen of an Xvfb display run
# by a real window manager (openbox), which frames, places and may constrain the window,
# unlike tests/screenshots.sh, which grabs the window alone. For each screen size
# (1280x800 and 1920x1080) and each font set (DejaVu only; the desktop's other fonts
# without DejaVu: Liberation, URW, Noto), six states: a different pair, a proved pair, an
# equivalent pair, a candidate SQLite rejects, NOT IN vs EXCEPT separated by a NULL under the strict
# profile, and audit mode on the bundled audit example. Each starts from a fresh
# configuration, as on a first start. Files: resources/screenshots/desktop/
# <width>x<height>-<fonts>-<state>.png, stripped and reduced to a 256-colour palette.
# Needs xvfb, openbox, xdotool and imagemagick.
# Usage: tools/desktop_screenshots.sh [BUILD_DIR]   (default build/release)
#        SQLEQ_SHOT_WAIT=SECONDS (default 4): how long a run is given before the shot.
#        SQLEQ_SHOTS=GLOB (default *): only the files whose name matches, e.g. '1280x800-*-audit'.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
case $build_dir in
  /*) app="$build_dir/bin/sqleq" ;;
  *) app="$PWD/$build_dir/bin/sqleq" ;;
esac
out=resources/screenshots/desktop
wait_seconds=${SQLEQ_SHOT_WAIT:-4}
only=${SQLEQ_SHOTS:-*}
[[ -x "$app" ]] || { echo "desktop_screenshots: build $app first" >&2; exit 1; }
for tool in Xvfb openbox xdotool import convert; do
  command -v "$tool" >/dev/null || { echo "desktop_screenshots: $tool is not installed" >&2; exit 1; }
done
mkdir -p "$out"

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Font sets. dejavu: fontconfig sees the DejaVu directory only. desktop: every installed
# font, with Liberation (else URW's Nimbus) preferred for sans-serif and monospace, as
# on a desktop whose default is not DejaVu; DejaVu stays a fallback for missing glyphs.
cat >"$work/fonts-dejavu.conf" <<XML
<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>$work/fontcache-dejavu</cachedir>
<include ignore_missing="yes">/etc/fonts/conf.d</include></fontconfig>
XML
cat >"$work/fonts-desktop.conf" <<XML
<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
<include ignore_missing="yes">/etc/fonts/fonts.conf</include>
<alias binding="strong"><family>sans-serif</family><prefer><family>Liberation Sans</family><family>Nimbus Sans</family></prefer></alias>
<alias binding="strong"><family>monospace</family><prefer><family>Liberation Mono</family><family>Nimbus Mono PS</family></prefer></alias>
</fontconfig>
XML

# A candidate SQLite rejects (no such column): the session format of docs/inspector.md.
cat >"$work/error.sqleq" <<'JSON'
{
    "format": "sqleq-session",
    "version": 1,
    "schema": {"kind": "ddl", "path": ":/examples/people/database.sql", "db_id": ""},
    "gold": "SELECT name FROM people WHERE age > 34",
    "candidate": "SELECT name FROM people WHERE agee > 34",
    "question": "What are the names of the people older than 34?",
    "settings": {"profile": "spider", "seed": 0, "budget": 1000}
}
JSON

# A pair the rewrites prove: the Proof tab in front, its steps to step through.
cat >"$work/proved.sqleq" <<'JSON'
{
    "format": "sqleq-session",
    "version": 1,
    "schema": {"kind": "ddl", "path": ":/examples/people/database.sql", "db_id": ""},
    "gold": "SELECT name FROM people WHERE age > 34",
    "candidate": "SELECT P.Name FROM people AS P WHERE NOT P.age <= 34",
    "question": "What are the names of the people older than 34?",
    "settings": {"profile": "spider", "seed": 0, "budget": 1000}
}
JSON

states=(
  "different :/examples/figure1-different.sqleq"
  "proved $work/proved.sqleq"
  "equivalent :/examples/figure1-equivalent.sqleq"
  "error $work/error.sqleq"
  "strict-null :/examples/stadiums-without-concerts-strict.sqleq"
  "audit --audit-example --audit-item 1"
)

display=97
while [[ -e /tmp/.X11-unix/X$display || -e /tmp/.X$display-lock ]]; do display=$((display + 1)); done

for size in 1280x800 1920x1080; do
  Xvfb ":$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  pids+=("$xvfb")
  export DISPLAY=":$display"
  for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
  # openbox runs its --startup command once it manages the screen: every window after
  # that is framed from its first show.
  rm -f "$work/managed"
  openbox --sm-disable --startup "touch $work/managed" >/dev/null 2>&1 &
  openbox=$!
  pids+=("$openbox")
  for _ in $(seq 100); do [[ -e "$work/managed" ]] && break; sleep 0.1; done
  for fonts in dejavu desktop; do
    export FONTCONFIG_FILE="$work/fonts-$fonts.conf"
    # The audit example is built once per font set, into a data directory kept for it.
    export XDG_DATA_HOME="$work/data-$fonts"
    for state in "${states[@]}"; do
      read -r name args <<<"$state"
      file="$out/$size-$fonts-$name.png"
      # shellcheck disable=SC2254 # a glob on purpose
      case "$(basename "$file" .png)" in $only) ;; *) continue ;; esac
      # A fresh configuration: no remembered geometry, zoom or recent file.
      export XDG_CONFIG_HOME="$work/config-$size-$fonts-$name"
      # shellcheck disable=SC2086 # the state's arguments are words
      "$app" $args 2> >(grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR >&2) &
      app_pid=$!
      pids+=("$app_pid")
      timeout 120 xdotool search --sync --onlyvisible --name 'sqleq' >/dev/null
      # Audit mode first builds its example: its title names the item once it is shown.
      [[ $name == audit ]] && timeout 300 xdotool search --sync --onlyvisible --name 'item' >/dev/null
      sleep "$wait_seconds"
      import -window root "$work/shot.png"
      convert "$work/shot.png" -strip -colors 256 "PNG8:$file"
      kill "$app_pid" 2>/dev/null || true
      wait "$app_pid" 2>/dev/null || true
      echo "desktop_screenshots: $file ($(du -k "$file" | cut -f1) KB)"
    done
  done
  kill "$openbox" "$xvfb" 2>/dev/null || true
  wait "$openbox" "$xvfb" 2>/dev/null || true
  pids=()
done
