import { defineConfig, devices } from '@playwright/test';
import { e2eJanus } from './e2e/janus.ts';
import { e2eTurn } from './e2e/turn.ts';

/**
 * End-to-end journeys against the production build, in Debian's Chromium (Playwright cannot
 * download its own browsers here). The server runs on a fresh embedded database each run.
 */
const PORT = Number(process.env.E2E_PORT ?? 4180);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/livecam-e2e-${process.pid}`;

/**
 * coturn on loopback beside the server (e2e/turn.ts): the SFU listens on 127.0.0.1, so loopback
 * is the one private peer the relay may reach. Stopped by SIGTERM, which stops coturn by its pid.
 */
const turnServer = e2eTurn && {
  command: [
    'node --import tsx scripts/turn.ts',
    `--listen 127.0.0.1 --port ${e2eTurn.port} --relay-ports ${e2eTurn.relayPorts}`,
    `--allow-peers 127.0.0.0-127.255.255.255 --realm livecam.e2e --state-dir ${dataDir}-turn`,
  ].join(' '),
  port: e2eTurn.port,
  reuseExistingServer: false,
  timeout: 15_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  env: { TURN_SECRET: e2eTurn.secret },
};
/** The server hands each viewer and performer a credential for that relay. */
const turnEnv: Record<string, string> = e2eTurn
  ? { TURN_URLS: e2eTurn.urls.join(','), TURN_SECRET: e2eTurn.secret }
  : {};

/** What both app servers run with (the first on werift, the second on Janus). */
const appEnv: Record<string, string> = {
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
  SEED_DEMO: 'true',
  // The media is deterministic: kept between runs so only the first run renders it.
  MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? '/tmp/livecam-e2e-media',
  // Performers change state only when a journey says so.
  DEMO_PRESENCE: 'off',
  // Online demo performers stream their clips; the SFU offers loopback only.
  DEMO_BROADCASTS: 'on',
  LIVE_ICE_HOSTS: '127.0.0.1',
  // The journeys' browsers run on this machine and may name its interface addresses (a private
  // network) or mDNS names besides loopback: the SFU admits them, as a studio LAN would be set up.
  LIVE_PEER_NETWORKS: 'loopback,private,mdns',
  // A paid chat minute lasts 6 seconds, so the chat journey sees coins run out in seconds
  // (only chat sessions bill by this minute; nothing else the journeys do depends on it).
  CHAT_MINUTE_SECONDS: '6',
  // Every journey's guests come from 127.0.0.1, where guests share their free time (decision
  // 041): the whole run gets an hour of it, so no journey's guest finds it used up by another's.
  CHAT_FREE_GUEST_SECONDS: '3600',
  // Performers answer messages from their studio in the journeys; demo performers stay quiet.
  DEMO_MESSAGE_REPLY_SECONDS: '0',
  // The journeys register from one address and fill forms at machine speed, and some register
  // over the API without the form's timing (form_ms): exactly what asks for a captcha
  // (decision 027). Its own tests cover that; the journeys are not robots. A minimum of 0
  // switches the timing rule off, a missing timing included.
  CAPTCHA_FREE_REGISTRATIONS: '100000',
  CAPTCHA_MIN_FORM_MS: '0',
};

/**
 * Two Janus instances on loopback (scripts/janus.ts, e2e/janus.ts) and a second app server on them
 * (LIVE_SFU=janus), with a database of its own and the same media. Listed first, they start
 * beside the first server instead of after it: Playwright waits for each server in turn, and the
 * second app server is not waited for (it has no `url`) — the Janus journeys wait for its health
 * themselves. It starts only once the first server answers, which has rendered any missing media
 * by then: on a fresh machine the two would render the same files twice.
 */
const janusServers = e2eJanus
  ? [
      {
        command: [
          'node --import tsx scripts/janus.ts --count 2 --host 127.0.0.1',
          `--port ${e2eJanus.apiPort} --rtp-ports ${e2eJanus.rtpPorts.join('-')} --dir ${e2eJanus.dir}`,
        ].join(' '),
        wait: { stdout: /JANUS_URLS=/ },
        reuseExistingServer: false,
        timeout: 30_000,
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
        env: { JANUS_API_SECRET: e2eJanus.apiSecret, JANUS_ADMIN_SECRET: e2eJanus.adminSecret },
      },
      {
        command: [
          `until node -e "fetch('http://127.0.0.1:${PORT}/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; do sleep 1; done`,
          `rm -rf ${dataDir}-janus && node --import tsx server/main.ts`,
        ].join('; '),
        reuseExistingServer: false,
        env: {
          ...appEnv,
          PORT: String(e2eJanus.port),
          PUBLIC_URL: e2eJanus.baseURL,
          DATA_DIR: `${dataDir}-janus`,
          LIVE_SFU: 'janus',
          JANUS_URLS: e2eJanus.instances.map((i) => i.url).join(','),
          JANUS_ADMIN_URLS: e2eJanus.instances.map((i) => i.adminUrl).join(','),
          JANUS_API_SECRET: e2eJanus.apiSecret,
          JANUS_ADMIN_SECRET: e2eJanus.adminSecret,
          // One viewer per instance: a show's second viewer watches through a relay on the other.
          JANUS_VIEWERS_PER_NODE: '1',
          // The Janus journeys go live from the studio: the demo broadcasts would only cost CPU.
          DEMO_BROADCASTS: 'off',
          // A private there runs for its journey on its first paid minute.
          CHAT_MINUTE_SECONDS: '60',
        },
      },
    ]
  : [];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The site follows the browser's languages on a first visit: journeys start in English
    // whatever the machine's language (a journey that needs another one says so).
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'demo-device', testMatch: /demo-device\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['demo-device'],
      // Written by the demo-device project: the demo account's known-device cookie only.
      use: { ...devices['Desktop Chrome'], channel: undefined, storageState: 'test-results/demo-device.json' },
    },
  ],
  webServer: [
    ...janusServers,
    ...(turnServer ? [turnServer] : []),
    {
      command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      // The first start seeds the demo catalogue and renders its media (about a minute of CPU).
      timeout: 300_000,
      env: { ...appEnv, PORT: String(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}`, DATA_DIR: dataDir, ...turnEnv },
    },
  ],
});
