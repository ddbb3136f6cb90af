import { janusInstanceLayout } from '#server/live/janus/instance-layout.ts';
import { janusInstalled } from '#server/live/janus/janus-process.ts';

/**
 * Live video on Janus in the browser journeys (decision 052): two Janus instances (scripts/janus.ts)
 * and a second app server with LIVE_SFU=janus in front of them, beside the first (werift) server
 * (playwright.config.ts). Each instance carries one viewer of a show before the next viewer is
 * relayed to the other, so a journey with two viewers watches through both.
 *
 * On whenever Janus is installed (CI installs it: scripts/ensure-media-servers.sh); `E2E_JANUS=0`
 * leaves it out, `E2E_JANUS=1` insists on it. A journey on Janus skips when `e2eJanus` is null.
 */
function e2eJanusSettings() {
  const wanted = process.env.E2E_JANUS;
  if (wanted === '0') return null;
  if (!janusInstalled()) {
    if (wanted === '1') throw new Error('E2E_JANUS=1 needs Janus: scripts/ensure-media-servers.sh');
    return null;
  }
  // The port after the first server's (E2E_PORT, 4180 by default), unless said otherwise.
  const port = Number(process.env.E2E_JANUS_PORT ?? Number(process.env.E2E_PORT ?? 4180) + 1);
  const [low, high] = (process.env.E2E_JANUS_RTP_PORTS ?? '46000-46399').split('-').map(Number);
  const rtpPorts: [number, number] = [low ?? Number.NaN, high ?? Number.NaN];
  const apiPort = port + 10;
  const instances = janusInstanceLayout({ count: 2, host: '127.0.0.1', port: apiPort, rtpPorts });
  return {
    /** The app server on Janus. */
    port,
    baseURL: `http://127.0.0.1:${port}`,
    apiPort,
    rtpPorts,
    instances,
    /** Where scripts/janus.ts keeps each instance's configuration, log and pid file (janus-i/janus.pid). */
    dir: process.env.E2E_JANUS_DIR ?? `/tmp/livecam-e2e-janus-${port}`,
    // Instances on loopback for one run: their secrets guard nothing beyond this machine.
    apiSecret: 'e2e-janus-api-secret-on-loopback-only',
    adminSecret: 'e2e-janus-admin-secret-on-loopback-only',
  };
}

export const e2eJanus = e2eJanusSettings();

/**
 * Waits until the app server on Janus answers its health check: Playwright does not wait for it
 * (playwright.config.ts), and it starts only after the first server, seeding its own database.
 */
export async function janusServerUp(baseURL: string, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app server on Janus did not answer at ${baseURL} within ${withinMs / 1000} s`);
}
