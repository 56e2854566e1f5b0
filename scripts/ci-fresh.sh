#!/usr/bin/env bash
# CI as a fresh machine runs it: .ci/run with CI=true in a clean clone of this checkout's HEAD, with an empty harness
# cache (so Node 24, code-server and the apt check are installed from scratch, about 4 minutes more).
#   bash scripts/ci-fresh.sh
# Only what is committed is checked. The clone goes to ../ci-check (beside the checkout, so ../shared is there too;
# CI_CHECK_DIR chooses another place) and stays for inspection; the temporary cache is removed afterwards.
# Run it before saying "resolved" on anything that touches scripts/, package.json or the tests' set-up.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
clone=${CI_CHECK_DIR:-$(dirname "$root")/ci-check}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
rm -rf "$clone"
git clone -q "$root" "$clone"
echo "ci-fresh: $(git -C "$clone" log -1 --format='%h %s') in $clone, harness cache $cache"
# Nothing of an outer npm (if this runs under one) may reach the clone's npm ci.
source "$root/scripts/clean-npm-env.sh"
start=$SECONDS
rc=0
(cd "$clone" && clean_npm env VSCODE_HARNESS_CACHE="$cache" CI=true bash .ci/run </dev/null) || rc=$?
echo "ci-fresh: .ci/run exited $rc after $((SECONDS - start)) s"
exit "$rc"
