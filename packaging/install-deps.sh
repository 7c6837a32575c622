#!/usr/bin/env bash
# Installs the Debian 12 packages sqleq needs to build and test, and nothing else.
# Idempotent: asks apt-get only for what dpkg does not already report as installed.
# Works as root or through sudo; never downloads anything outside Debian's archive.
set -euo pipefail

packages=(
  cmake ninja-build g++ dpkg-dev
  qt6-base-dev qt6-base-dev-tools
  libsqlite3-dev libfmt-dev nlohmann-json3-dev libcli11-dev
  fonts-dejavu-core
  # Runtime of the GUI: the SVG icon plugin; screenshots under a virtual X server.
  libqt6svg6 xvfb xauth
  # The layout tests and the annotator's walk-through on a real X display with a window
  # manager (tests/run_under_wm.sh, tests/walkthrough_audit_examples.sh): openbox frames
  # the window, xdotool types the walk-through's keys.
  openbox xdotool
  # make fuzz / make sanitize: clang's libFuzzer and sanitizer runtimes; /usr/bin/time for make attacks.
  clang libclang-rt-14-dev time
  # make attacks: builds its hostile .sqlite files and audit projects with the sqlite3 shell.
  sqlite3
  # The Python module (python/): pybind11 and the headers of Debian's python3; its pytest suite.
  pybind11-dev python3-pybind11 python3-dev python3-pytest
  # sqleq.dask and its test: Dask's scheduler, workers and LocalCluster.
  python3-dask python3-distributed
  # The report's browser test: a real headless browser renders the HTML report.
  chromium
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-deps: missing ${missing[*]}; run as root or install sudo" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
