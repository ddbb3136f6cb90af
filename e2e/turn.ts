import { accessSync, constants } from 'node:fs';

/**
 * The TURN relay of the browser journeys (decision 054): a coturn on loopback started beside the
 * server (playwright.config.ts), its URL and secret handed to the server, so a journey can force a
 * viewer's browser to relay (`iceTransportPolicy: 'relay'`) and still see the show.
 *
 * On whenever coturn is installed (CI installs it: scripts/ensure-media-servers.sh); `E2E_TURN=0`
 * leaves it out, `E2E_TURN=1` insists on it. A journey that needs the relay skips when
 * `e2eTurn` is null.
 */
function installed(): boolean {
  try {
    accessSync('/usr/bin/turnserver', constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function e2eTurnSettings() {
  const wanted = process.env.E2E_TURN;
  if (wanted === '0') return null;
  if (!installed()) {
    if (wanted === '1') throw new Error('E2E_TURN=1 needs coturn: scripts/ensure-media-servers.sh');
    return null;
  }
  const port = Number(process.env.E2E_TURN_PORT ?? 4183);
  return {
    port,
    /** UDP only: the browser and coturn share loopback, and the relay's peer is the SFU on 127.0.0.1. */
    urls: [`turn:127.0.0.1:${port}?transport=udp`],
    // A relay on loopback for one run: its secret guards nothing beyond this machine.
    secret: 'e2e-turn-secret-on-loopback-only-0123456789',
    relayPorts: '45000-45199',
  };
}

export const e2eTurn = e2eTurnSettings();
