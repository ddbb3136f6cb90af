/**
 * Where the Janus instances started together on one machine listen (`npm run janus`, the browser
 * journeys): instance i (from 0) answers its Janus API on `port + 2i` and its Admin API on the
 * port after, and takes an equal share of the RTP range, so no two instances fight over a port and
 * a peer's port tells which instance it talks to. Pure: names and numbers, nothing started.
 */
export type JanusInstanceLayout = {
  name: string;
  apiPort: number;
  adminPort: number;
  rtpPorts: [number, number];
  url: string;
  adminUrl: string;
};

export function janusInstanceLayout(options: {
  count: number;
  host: string;
  port: number;
  rtpPorts: [number, number];
}): JanusInstanceLayout[] {
  const { count, host, port, rtpPorts } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error('count must be a whole number from 1');
  if (!Number.isInteger(port) || port < 1 || port + 2 * count - 1 > 65_535)
    throw new Error(`ports ${port} to ${port + 2 * count - 1} are not all valid`);
  const [low, high] = rtpPorts;
  if (!Number.isInteger(low) || !Number.isInteger(high) || low < 1024 || high > 65_535 || high < low)
    throw new Error('the RTP range must be two ports from 1024 to 65535, the lower first');
  // Every peer connection and remote publisher of an instance holds ports of its share: a share of
  // a handful would be full after the first few viewers, which fail only once they connect.
  const share = Math.floor((high - low + 1) / count);
  if (share < 20) throw new Error(`the RTP range ${low}-${high} is too small for ${count} instances`);
  // An IPv6 literal goes in brackets in a URL.
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return Array.from({ length: count }, (_, i) => {
    const apiPort = port + 2 * i;
    return {
      name: `janus-${i + 1}`,
      apiPort,
      adminPort: apiPort + 1,
      rtpPorts: [low + i * share, low + (i + 1) * share - 1],
      url: `ws://${hostInUrl}:${apiPort}`,
      adminUrl: `ws://${hostInUrl}:${apiPort + 1}`,
    };
  });
}
