#!/usr/bin/env bash
# Builds the Debian package of a configured build directory (unless one is already
# there) and checks that it holds what a user needs: both executables, the desktop
# entry, the icon, the AppStream metainfo, and sane Depends. Usage: check-deb.sh [BUILD_DIR]
set -euo pipefail
build_dir=${1:-build/release}
[[ -d "$build_dir" ]] || { echo "check-deb: no build directory $build_dir" >&2; exit 1; }

# Rebuilt unless a package newer than both executables is already there (after `make package`).
deb=$(ls -t "$build_dir"/sqleq_*.deb 2>/dev/null | head -n1 || true)
if [[ -z "$deb" || "$build_dir/bin/sqleq" -nt "$deb" || "$build_dir/bin/sqleq-cli" -nt "$deb" ]]; then
  (cd "$build_dir" && cpack -G DEB >/dev/null)
  deb=$(ls -t "$build_dir"/sqleq_*.deb | head -n1)
fi
echo "check-deb: $deb"

contents=$(dpkg-deb -c "$deb")
status=0
for path in ./usr/bin/sqleq ./usr/bin/sqleq-cli \
            ./usr/share/applications/io.github.sqleq.desktop \
            ./usr/share/icons/hicolor/scalable/apps/sqleq.svg \
            ./usr/share/metainfo/io.github.sqleq.metainfo.xml; do
  if grep -qE "[[:space:]]${path//./\\.}\$" <<<"$contents"; then
    echo "  ok       $path"
  else
    echo "  MISSING  $path" >&2
    status=1
  fi
done

depends=$(dpkg-deb -f "$deb" Depends)
for package in libqt6widgets6 libsqlite3-0 qt6-qpa-plugins; do
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
