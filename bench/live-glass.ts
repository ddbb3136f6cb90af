import { chromium as playwrightChromium } from 'playwright';
import { XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';
import { timings } from './report.ts';

/**
 * Glass-to-glass delay measured in browsers: a publisher page paints its clock into a canvas and
 * publishes the canvas stream through the studio API; a viewer page (another browser context, a
 * new visitor) watches through the viewer API and reads the clock back from each presented frame.
 * Both pages are blank pages of the app's origin (served by the test browser itself), so their
 * fetch calls carry the app's cookies and CSRF header like the SPA's.
 */

/** The video as the viewer's browser received it over the whole watch. */
type Received = {
  width: number;
  height: number;
  framesDecoded: number;
  kbitPerSecond: number;
  /** Mean time a frame spent in the browser's jitter buffer. */
  jitterBufferMs: number | null;
  packetsLost: number;
};

export type GlassResult = ReturnType<typeof timings> & {
  samples: number;
  received: Received;
  rejected: number;
  browser: string;
  samplesMs: number[];
};

/** Chromium as the project's browser tests start it, headless on this machine. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  // Host candidates as addresses, not mDNS names: the SFU resolves no .local names.
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

/** The painted code: 32 bits of the clock and their complement, 16 blocks of 40 px a row. */
const CODE = { block: 40, columns: 16, top: 160, bits: 32 } as const;

type PageSetup = {
  xsrfCookie: string;
  xsrfHeader: string;
  code: typeof CODE;
  t0: number;
  email: string;
  password: string;
  universalId: string;
  seconds: number;
};

type PageApi = (method: string, path: string, body?: unknown) => Promise<ReturnType<typeof JSON.parse>>;

/** Runs in each page first: the API calls as the SPA makes them (JSON, the CSRF header on writes). */
function installPageApi(s: { xsrfCookie: string; xsrfHeader: string }): void {
  const xsrf = () =>
    decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${s.xsrfCookie}=`))
        ?.slice(s.xsrfCookie.length + 1) ?? '',
    );
  const api: PageApi = async (method, path, body) => {
    const res = await fetch(path, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json', [s.xsrfHeader]: xsrf() } : {},
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
  (globalThis as unknown as { benchApi: PageApi }).benchApi = api;
}

/** Runs in the publisher page: signs in, paints the clock, publishes, keeps the studio's heartbeat. */
async function publishInPage(s: PageSetup): Promise<void> {
  const api = (globalThis as unknown as { benchApi: PageApi }).benchApi;
  await api('GET', '/api/auth/csrf-cookie');
  await api('POST', '/api/studio/login', { email: s.email, password: s.password });
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  const { block, columns, top, bits } = s.code;
  // Moving noise above and below the code keeps the encoder as busy as a camera picture would
  // (a flat canvas encodes to a fraction of a camera's bitrate).
  const noise = document.createElement('canvas');
  noise.width = 800;
  noise.height = 480;
  const noiseCtx = noise.getContext('2d') as CanvasRenderingContext2D;
  const grain = noiseCtx.createImageData(800, 480);
  for (let i = 0; i < grain.data.length; i += 4) {
    // Low-contrast grain, as a camera's sensor noise and texture are, not full-scale static.
    const v = 104 + Math.floor(Math.random() * 48);
    grain.data.set([v, v + 8, v - 8, 255], i);
  }
  noiseCtx.putImageData(grain, 0, 0);
  let frame = 0;
  const paint = () => {
    const value = (Date.now() - s.t0) >>> 0;
    ctx.drawImage(noise, -(frame % 160), 0);
    for (let i = 0; i < bits * 2; i++) {
      const bit = i < bits ? (value >>> i) & 1 : 1 - ((value >>> (i - bits)) & 1);
      ctx.fillStyle = bit ? '#fff' : '#000';
      ctx.fillRect((i % columns) * block, top + Math.floor(i / columns) * block, block, block);
    }
    frame += 1;
    requestAnimationFrame(paint);
  };
  paint();
  const stream = canvas.captureStream(30);
  const track = stream.getVideoTracks()[0];
  if (!track) throw new Error('the canvas gives no video track');
  const pc = new RTCPeerConnection();
  pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
  await pc.setLocalDescription();
  await gathered(pc);
  const { answer } = await api('POST', '/api/studio/live', {
    offer: { type: 'offer', sdp: pc.localDescription?.sdp },
  });
  await pc.setRemoteDescription(answer);
  setInterval(() => void api('GET', '/api/studio/live').catch(() => undefined), 2000);
  await connected(pc);

  function gathered(peer: RTCPeerConnection) {
    return new Promise<void>((resolve) => {
      if (peer.iceGatheringState === 'complete') resolve();
      peer.addEventListener('icegatheringstatechange', () => {
        if (peer.iceGatheringState === 'complete') resolve();
      });
    });
  }
  function connected(peer: RTCPeerConnection) {
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        if (peer.connectionState === 'connected') resolve();
        if (peer.connectionState === 'failed') reject(new Error('the publisher connection failed'));
      };
      peer.addEventListener('connectionstatechange', check);
      check();
    });
  }
}

/** Runs in the viewer page: watches, reads the clock from each presented frame, returns the delays. */
async function watchInPage(s: PageSetup): Promise<{ delays: number[]; rejected: number; received: Received }> {
  const api = (globalThis as unknown as { benchApi: PageApi }).benchApi;
  await api('GET', '/api/auth/csrf-cookie');
  const chat = await api('POST', `/api/chatsession/${s.universalId}`, { type: 'free' });
  const watch = await api('POST', `/api/live/${s.universalId}/watch`, { login: chat.login, password: chat.password });
  const pc = new RTCPeerConnection();
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  document.body.append(video);
  pc.addEventListener('track', (e) => {
    video.srcObject = e.streams[0] ?? new MediaStream([e.track]);
    void video.play().catch(() => undefined);
  });
  await pc.setRemoteDescription(watch.offer);
  await pc.setLocalDescription();
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') resolve();
    });
  });
  await api('POST', `/api/live/subscriptions/${watch.subscriptionId}/answer`, {
    answer: { type: 'answer', sdp: pc.localDescription?.sdp },
  });

  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  const { block, columns, top, bits } = s.code;
  const delays: number[] = [];
  let rejected = 0;
  let last = -1;
  const read = (): number | null => {
    const rows = Math.ceil((bits * 2) / columns);
    const pixels = ctx.getImageData(0, top, 640, rows * block).data;
    let value = 0;
    for (let i = 0; i < bits * 2; i++) {
      const x = (i % columns) * block + block / 2;
      const y = Math.floor(i / columns) * block + block / 2;
      const at = (y * 640 + x) * 4;
      const bright = ((pixels[at] ?? 0) + (pixels[at + 1] ?? 0) + (pixels[at + 2] ?? 0)) / 3 > 128 ? 1 : 0;
      if (i < bits) value |= bright << i;
      else if (bright === ((value >>> (i - bits)) & 1)) return null;
    }
    return value >>> 0;
  };
  return new Promise((resolve) => {
    const started = performance.now();
    const onFrame = () => {
      const now = (Date.now() - s.t0) >>> 0;
      if (video.videoWidth > 0) {
        ctx.drawImage(video, 0, 0, 640, 480);
        const value = read();
        if (value === null) rejected += 1;
        else if (value !== last) {
          last = value;
          delays.push(now - value);
        }
      }
      if (performance.now() - started > s.seconds * 1000) void finish();
      else video.requestVideoFrameCallback(onFrame);
    };
    /** What the viewer's browser says it received (inbound-rtp statistics of the video). */
    const finish = async () => {
      const stats = [...(await pc.getStats()).values()].find((r) => r.type === 'inbound-rtp' && r.kind === 'video');
      const seconds = (performance.now() - started) / 1000;
      pc.close();
      resolve({
        delays,
        rejected,
        received: {
          width: stats?.frameWidth ?? 0,
          height: stats?.frameHeight ?? 0,
          framesDecoded: stats?.framesDecoded ?? 0,
          kbitPerSecond: Math.round(((stats?.bytesReceived ?? 0) * 8) / seconds / 1000),
          jitterBufferMs: stats?.jitterBufferEmittedCount
            ? Math.round((1000 * stats.jitterBufferDelay) / stats.jitterBufferEmittedCount)
            : null,
          packetsLost: stats?.packetsLost ?? 0,
        },
      });
    };
    video.requestVideoFrameCallback(onFrame);
  });
}

export async function measureGlassToGlass(opts: {
  base: string;
  universalId: string;
  email: string;
  password: string;
  chromium: string;
  seconds: number;
  log: (line: string) => void;
}): Promise<GlassResult> {
  const browser = await playwrightChromium.launch({ executablePath: opts.chromium, headless: true, args: FLAGS });
  try {
    const setup: PageSetup = {
      xsrfCookie: XSRF_COOKIE,
      xsrfHeader: XSRF_HEADER,
      code: CODE,
      t0: Date.now() - 1000,
      email: opts.email,
      password: opts.password,
      universalId: opts.universalId,
      seconds: opts.seconds,
    };
    const open = async () => {
      const context = await browser.newContext();
      // tsx names the page functions' inner functions with a helper of its own; the page needs it too.
      await context.addInitScript('globalThis.__name = (target) => target;');
      const page = await context.newPage();
      page.on('pageerror', (error) => opts.log(`  page error: ${error.message}`));
      // A blank page of the app's origin, answered by the browser itself: the app serves no such page.
      await page.route(`${opts.base}/bench-live`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title><body></body>' }),
      );
      await page.goto(`${opts.base}/bench-live`);
      await page.evaluate(installPageApi, { xsrfCookie: setup.xsrfCookie, xsrfHeader: setup.xsrfHeader });
      return page;
    };
    const publisher = await open();
    await publisher.evaluate(publishInPage, setup);
    opts.log('  publisher connected');
    const viewer = await open();
    const { delays, rejected, received } = await viewer.evaluate(watchInPage, setup);
    // The first second holds the connection's ramp-up (bandwidth estimate, first keyframe): left out.
    const settled = delays.slice(30);
    opts.log(`  ${delays.length} frames read, ${rejected} rejected; received ${JSON.stringify(received)}`);
    return {
      ...timings(settled),
      samples: settled.length,
      rejected,
      received,
      browser: `Chromium ${browser.version()}`,
      samplesMs: settled,
    };
  } finally {
    await browser.close();
  }
}
