#!/usr/bin/env bash
# Runs one test program on a real X display managed by a real window manager: Xvfb at the
# given screen size on the first free display, with openbox, which frames the window
# (title bar, borders), places it and lays out its docks as on a desktop. The offscreen
# platform has none of that, and a layout that fits offscreen can still leave a table
# two rows high on a real 1280×800 screen.
# Usage: tests/run_under_wm.sh WIDTHxHEIGHT PROGRAM [ARGUMENTS...]
# Exit: the program's own status; 77 (ctest's SKIP_RETURN_CODE) when Xvfb or openbox is
# missing; 1 when the display or the window manager does not come up.
set -uo pipefail
size=${1:?usage: run_under_wm.sh WIDTHxHEIGHT PROGRAM [ARGUMENTS...]}
shift
[[ $# -ge 1 ]] || { echo "run_under_wm: no program to run" >&2; exit 2; }
for tool in Xvfb openbox; do
  if ! command -v "$tool" >/dev/null; then
    echo "run_under_wm: SKIP, $tool is not installed (apt install xvfb openbox)"
    exit 77
  fi
done

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

# Xvfb on the first free display: it writes the number it took once it accepts clients.
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
exec 3>&-
for _ in $(seq 100); do [[ -s "$work/display" ]] && break; sleep 0.1; done
if [[ ! -s "$work/display" ]]; then
  echo "run_under_wm: Xvfb did not start"; cat "$work/xvfb.log"; exit 1
fi
export DISPLAY=":$(head -n1 "$work/display")"

# openbox runs its --startup command once it has taken the screen (it redirects every
# window's mapping from then on): the program's window is framed from its first show.
openbox --sm-disable --startup "touch $work/managed" >"$work/openbox.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [[ -e "$work/managed" ]] && break; sleep 0.1; done
if [[ ! -e "$work/managed" ]]; then
  echo "run_under_wm: openbox did not start"; cat "$work/openbox.log"; exit 1
fi

# A private runtime directory (Qt warns without one); the program's own settings are its business.
export XDG_RUNTIME_DIR="$work/runtime" QT_QPA_PLATFORM=xcb
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
echo "run_under_wm: $* on DISPLAY=$DISPLAY, ${size}, openbox"
"$@" &
program=$!
pids+=("$program")
wait "$program"
