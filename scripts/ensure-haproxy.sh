#!/usr/bin/env bash
# Installs Debian's HAProxy when it is not there (npm run start:cluster, npm run test:cluster,
# npm run bench:cluster and CI call it; docs/operations.md names it). Needs root, as apt-get does.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1; then
  exit 0
fi
echo 'Installing HAProxy (apt-get install haproxy)…'
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null
# sed reads to the end: `head` closing the pipe early would fail this script under pipefail (SIGPIPE).
haproxy -v | sed -n 1p
