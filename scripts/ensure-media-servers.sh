#!/usr/bin/env bash
# Installs Debian's media servers when they are not there: Janus (the SFU outside the API
# processes) and coturn (the TURN relay, decision 054). CI calls it; so can operators and
# developers before the media servers' tests and the browser journeys. Needs root, as apt-get does.
set -euo pipefail
missing=()
command -v janus >/dev/null 2>&1 || [ -x /usr/bin/janus ] || missing+=(janus)
command -v turnserver >/dev/null 2>&1 || [ -x /usr/bin/turnserver ] || missing+=(coturn)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing ${missing[*]} (apt-get install ${missing[*]})…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts coturn as a service only when /etc/default/coturn asks; the tests run their own.
/usr/bin/turnserver --version 2>/dev/null | sed -n 1p || true
