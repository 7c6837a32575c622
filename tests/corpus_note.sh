#!/usr/bin/env bash
# After the tests of `make test`: says when the shared corpus (../shared/corpus, or the
# build's -DSQLEQ_CORPUS_DIR) was absent, and what was skipped for it, so that a run
# without it never reads as a full pass. Prints nothing when the corpus is complete.
# Reads only; the caller keeps ctest's exit status.
#   corpus_note.sh BUILD_DIR
set -u
build="${1:?usage: corpus_note.sh BUILD_DIR}"
spider=$(sed -n 's/^SQLEQ_CORPUS_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null)
[ -n "$spider" ] || exit 0
corpus=$(dirname "$spider")
log="$build/Testing/Temporary/LastTest.log"
skips=0
[ -f "$log" ] && skips=$(grep -c 'corpus not found at' "$log")
if [ ! -d "$spider" ]; then
  # From the generated test files: `ctest -N` would overwrite the log read above.
  tests=$(find "$build" -name CTestTestfile.cmake -exec grep -hE 'LABELS "[^"]*(corpus|datasets)' {} + | wc -l)
  echo "note: $corpus not found: ${tests:-the} corpus/dataset tests skipped," \
       "$skips skip messages in all (the shared corpus: README, \"Tests\"; or -DSQLEQ_CORPUS_DIR=…)"
  exit 0
fi
missing=()
for part in sparc_cosql classical bird; do
  [ -d "$corpus/$part" ] || missing+=("$part")
done
if [ ${#missing[@]} -gt 0 ] || [ "$skips" -gt 0 ]; then
  echo "note: ${missing[*]:+$corpus lacks ${missing[*]}: }$skips skip messages for a missing corpus file" \
       "(grep 'corpus not found at' $log)"
fi
exit 0
