#!/usr/bin/env bash
# Prints the directory of a Node 24 binary, for CI's runs on Node 24 (README, "Supported runtimes"):
# the machine's own when it is Node 24, else the npm package `node@24` (its binary for this
# platform) installed once into a cache outside the project (NODE24_CACHE, default
# ~/.cache/livecam/node24) and reused while it is there. Progress goes to stderr.
set -euo pipefail
major() { "$1" -p 'process.versions.node.split(".")[0]'; }
if [ "$(major node)" = 24 ]; then
  dirname "$(command -v node)"
  exit 0
fi
cache="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/livecam/node24}"
bin="$cache/node_modules/.bin"
if [ ! -x "$bin/node" ] || [ "$(major "$bin/node")" != 24 ]; then
  echo "Installing Node 24 into $cache (npm install node@24)…" >&2
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-audit --no-fund --no-save --loglevel=error node@24 >&2
fi
if [ ! -x "$bin/node" ]; then
  echo "node@24 left no binary in $bin (its preinstall script fetches it: were install scripts off?)" >&2
  exit 1
fi
echo "Node $("$bin/node" -v) at $bin/node" >&2
echo "$bin"
