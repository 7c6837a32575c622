#!/usr/bin/env bash
# Builds the Debian package of a configured build directory (unless one is already
# there) and checks that it holds what a user needs: both executables, the desktop
# entry, the icon, the AppStream metainfo, the Python module (which must import from
# the unpacked package and link no Qt), and sane Depends. Usage: check-deb.sh [BUILD_DIR]
set -euo pipefail
build_dir=${1:-build/release}
[[ -d "$build_dir" ]] || { echo "check-deb: no build directory $build_dir" >&2; exit 1; }

# Rebuilt unless a package newer than both executables is already there (after `make package`).
deb=$(ls -t "$build_dir"/sqleq_*.deb 2>/dev/null | head -n1 || true)
module=$(ls "$build_dir"/python/sqleq/_sqleq.*.so 2>/dev/null | head -n1 || true)
if [[ -z "$deb" || "$build_dir/bin/sqleq" -nt "$deb" || "$build_dir/bin/sqleq-cli" -nt "$deb" \
      || ( -n "$module" && "$module" -nt "$deb" ) ]]; then
  (cd "$build_dir" && cpack -G DEB >/dev/null)
  deb=$(ls -t "$build_dir"/sqleq_*.deb | head -n1)
fi
echo "check-deb: $deb"

contents=$(dpkg-deb -c "$deb")
status=0
for path in ./usr/bin/sqleq ./usr/bin/sqleq-cli \
            ./usr/share/applications/io.github.sqleq.desktop \
            ./usr/share/icons/hicolor/scalable/apps/sqleq.svg \
            ./usr/share/metainfo/io.github.sqleq.metainfo.xml \
            ./usr/lib/python3/dist-packages/sqleq/__init__.py \
            ./usr/lib/python3/dist-packages/sqleq/__init__.pyi \
            ./usr/lib/python3/dist-packages/sqleq/py.typed \
            ./usr/lib/python3/dist-packages/sqleq/evaluation.py; do
  if grep -qE "[[:space:]]${path//./\\.}\$" <<<"$contents"; then
    echo "  ok       $path"
  else
    echo "  MISSING  $path" >&2
    status=1
  fi
done

if grep -qE "[[:space:]]\./usr/lib/python3/dist-packages/sqleq/_sqleq\.cpython-[0-9]+-[^ ]*\.so\$" <<<"$contents"; then
  echo "  ok       ./usr/lib/python3/dist-packages/sqleq/_sqleq.cpython-*.so"
else
  echo "  MISSING  ./usr/lib/python3/dist-packages/sqleq/_sqleq.cpython-*.so" >&2
  status=1
fi

# The module as installed: unpacked, it imports with Debian's python3 and links no Qt.
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
packaged_module=$(ls "$unpacked"/usr/lib/python3/dist-packages/sqleq/_sqleq.*.so 2>/dev/null | head -n1 || true)
if [[ -n "$packaged_module" ]]; then
  if ldd "$packaged_module" | grep -qi 'libQt'; then
    echo "  WRONG    the Python module links Qt" >&2
    status=1
  else
    echo "  ok       the Python module links no Qt"
  fi
  if imported=$(cd / && PYTHONPATH="$unpacked/usr/lib/python3/dist-packages" /usr/bin/python3 -c \
      'import sqleq; print(sqleq.__file__); print(sqleq.Schema.from_ddl("CREATE TABLE t(a)").tables)' 2>&1) \
      && grep -q "^$unpacked/" <<<"$imported"; then
    echo "  ok       python3 -c 'import sqleq' from the unpacked package"
  else
    echo "  FAILED   python3 -c 'import sqleq' from the unpacked package: $imported" >&2
    status=1
  fi
fi

depends=$(dpkg-deb -f "$deb" Depends)
for package in libqt6widgets6 libsqlite3-0 qt6-qpa-plugins python3; do
  if grep -q "$package" <<<"$depends"; then
    echo "  ok       Depends: $package"
  else
    echo "  MISSING  Depends: $package (Depends: $depends)" >&2
    status=1
  fi
done
grep -q fonts-dejavu-core <<<"$(dpkg-deb -f "$deb" Recommends)" \
  && echo "  ok       Recommends: fonts-dejavu-core" \
  || { echo "  MISSING  Recommends: fonts-dejavu-core" >&2; status=1; }

[[ $status -eq 0 ]] && echo "check-deb: package contents look right"
exit $status
