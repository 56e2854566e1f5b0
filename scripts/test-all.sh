#!/usr/bin/env bash
# Runs every test suite and ends with one line "N passed, N failed" that sums them all.
# Exits non-zero when any suite fails or cannot run.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
status=0

suite() { # suite NAME COMMAND...
  local name=$1; shift
  echo "=== $name"
  local start=$SECONDS
  if ! TEST_SUMMARY_FILE="$results/$name.json" "$@"; then status=1; fi
  if [ ! -s "$results/$name.json" ]; then
    echo "!!! $name did not report results"; status=1
    echo '{"passed":0,"failed":1,"skipped":0}' > "$results/$name.json"
  fi
  echo "=== $name took $((SECONDS - start)) s"
}

echo "=== build and compile"
if ! (npm run --silent typecheck && npm run --silent lint && npm run --silent build:dev && npm run --silent compile-tests); then
  echo "!!! build failed"; echo "0 passed, 1 failed"; exit 1
fi

suite unit npx mocha --config .mocharc.json --reporter test/support/summary-reporter.js

node -e '
const fs = require("fs"), path = require("path");
let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
  passed += r.passed; failed += r.failed; skipped += r.skipped;
}
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results"
exit $status
