#!/usr/bin/env bash
# Runs a command with a VS Code to test in:
#   scripts/with-vscode.sh node out/test/integration/runTest.js
# - default: installs once (cached) and uses code-server + headless Chromium (scripts/ensure-vscode.sh), with
#   VSCODE_EXECUTABLE=scripts/code-shim.mjs for @vscode/test-electron (the offline machine, CI).
# - VSCODE_EXECUTABLE=desktop: no code-server; @vscode/test-electron downloads desktop VS Code into
#   .vscode-test/ (a developer laptop with internet). UI e2e tests need code-server and don't support this.
# - VSCODE_EXECUTABLE=/path/to/code (or the shim, with CODE_SERVER_* already set): used as given.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${VSCODE_EXECUTABLE:-}" = desktop ]; then
  unset VSCODE_EXECUTABLE
else
  export VSCODE_EXECUTABLE="${VSCODE_EXECUTABLE:-$PWD/scripts/code-shim.mjs}"
  if [ -z "${CODE_SERVER_BIN:-}" ] && [[ "$VSCODE_EXECUTABLE" == *code-shim.mjs ]]; then
    env_lines=$(bash scripts/ensure-vscode.sh)
    eval "$env_lines"
  fi
fi
exec "$@"
