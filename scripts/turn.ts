/**
 * coturn for live video (decision 054), configured like the server expects it: time-limited
 * credentials signed with TURN_SECRET (read from the environment, never from the command line,
 * where every user of the machine could read it), private and reserved peers denied.
 *
 *   TURN_SECRET=… npm run turn -- --listen 127.0.0.1 --port 3478 --allow-peers 127.0.0.0-127.255.255.255
 *   TURN_SECRET=… npm run turn -- --print --listen 10.0.0.5 --external-ip 203.0.113.7 \
 *     --realm turn.example.com --cert /etc/…/fullchain.pem --key /etc/…/privkey.pem > /etc/turnserver.conf
 *
 * Without --print it runs coturn in the foreground until SIGTERM or SIGINT, then stops it (the
 * browser journeys start it this way, playwright.config.ts). --print writes the configuration for
 * Debian's coturn service instead.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type CoturnSettings, renderCoturnConfig } from '#server/live/turn/coturn-config.ts';
import { startCoturn } from '#server/live/turn/coturn-process.ts';

const { values } = parseArgs({
  options: {
    listen: { type: 'string', default: '127.0.0.1' },
    'relay-ip': { type: 'string' },
    'external-ip': { type: 'string' },
    port: { type: 'string', default: '3478' },
    'relay-ports': { type: 'string', default: '49152-65535' },
    realm: { type: 'string', default: 'livecam' },
    cert: { type: 'string' },
    key: { type: 'string' },
    'tls-port': { type: 'string', default: '5349' },
    'allow-peers': { type: 'string', default: '' },
    'deny-peers': { type: 'string', default: '' },
    'state-dir': { type: 'string', default: '/var/lib/livecam-turn' },
    'log-file': { type: 'string', default: 'stdout' },
    print: { type: 'boolean', default: false },
  },
});

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const secret = process.env.TURN_SECRET ?? '';
if (secret.length < 32) fail('TURN_SECRET must be set in the environment, 32 characters or more.');
const [min, max] = (values['relay-ports'] ?? '').split('-').map(Number);
if (values.cert && !values.key) fail('--cert needs --key.');
const listeningIps = list(values.listen);
const settings: CoturnSettings = {
  listeningIps,
  relayIps: values['relay-ip'] ? list(values['relay-ip']) : listeningIps,
  externalIp: values['external-ip'],
  port: Number(values.port),
  relayPorts: [min ?? Number.NaN, max ?? Number.NaN],
  secret,
  realm: values.realm ?? 'livecam',
  tls: values.cert && values.key ? { cert: values.cert, key: values.key, port: Number(values['tls-port']) } : null,
  allowedPeers: list(values['allow-peers']),
  deniedPeers: list(values['deny-peers']),
  stateDir: values['state-dir'] ?? '/var/lib/livecam-turn',
  logFile: values['log-file'] ?? 'stdout',
};

if (values.print) {
  process.stdout.write(renderCoturnConfig(settings));
} else {
  const coturn = await startCoturn(settings);
  console.info(`coturn (pid ${coturn.pid}) answers on ${listeningIps.join(', ')} port ${settings.port}`);
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await coturn.stop();
    // The configuration holds the secret: it goes with the process.
    rmSync(coturn.configFile, { force: true });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const how = await coturn.exited;
  if (!stopping) {
    rmSync(coturn.configFile, { force: true });
    fail(`coturn exited by itself (${how})`);
  }
}
