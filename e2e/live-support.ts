import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { apiGet, type Show } from './catalogue-support.ts';
import { confirmAge, text, WIDTHS } from './support.ts';

type Lang = 'en' | 'de';

export type LiveShow = Show & {
  slugName: string;
  contentproviderId: number;
  flags: { free: boolean; exclusive: number };
  pricePerMinute: number;
};

const DEMO_PERFORMER_PASSWORD = 'demo-performer-2026';

/** Shows of this platform (not a partner's) with a plain name, online or not, in list order. */
export async function ownShows(page: Page, online: boolean): Promise<LiveShow[]> {
  const found: LiveShow[] = [];
  for (let n = 1; n <= 10; n++) {
    const list = await apiGet<{ data: LiveShow[] }>(page.request, `shows?page=${n}&limit=36`);
    found.push(
      ...list.data.filter((s) => s.online === online && s.contentproviderId <= 1 && /^[A-Za-z ]+$/.test(s.showName)),
    );
  }
  return found;
}

export const video = (page: Page) => page.getByTestId('live-video');

/** The live video plays: a picture of real size whose time moves on. */
export async function expectMovingPicture(page: Page) {
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  // A stream that is replaced meanwhile (the page watches again) starts its time from zero: the
  // picture moves when the time grows from its lowest point.
  let start = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(
      async () => {
        const now = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
        start = Math.min(start, now);
        return now - start;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0.5);
}

/** The chat overlay of the show (a dialog named after her). */
export const overlay = (page: Page, show: Show) => page.getByRole('dialog', { name: show.showName });

/** The start panel's button of an offer ("Free chat", "Private chat (30 coins/min)" ...). */
export const offerButton = (page: Page, lang: Lang, key: string, price?: number) =>
  page.getByRole('button', {
    name:
      price === undefined ? text(lang, key) : text(lang, `${key}_${price === 1 ? 'one' : 'other'}`, { count: price }),
  });

export const showPage = (page: Page, show: LiveShow, lang: Lang) =>
  page.goto(`/chat/${show.universalId}/${show.slugName}?lang=${lang}`);

/** The show page, then an offer of its start panel: the overlay opens with the running session. */
export async function startChat(page: Page, show: LiveShow, lang: Lang, key: string, price?: number) {
  await showPage(page, show, lang);
  await chooseOffer(page, show, lang, key, price);
}

/** An offer of the start panel of the page shown: the overlay opens with the running session. */
export async function chooseOffer(page: Page, show: LiveShow, lang: Lang, key: string, price?: number) {
  // Chosen once the page is the visitor's (hydrated, her session known): these journeys test the
  // chat; a tap while a page hydrates has its own journey (server-rendering.spec.ts).
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating', '');
  await offerButton(page, lang, key, price).click();
  await expect(page).toHaveURL(/#enter_chat$/);
  await expect(overlay(page, show)).toBeVisible();
}

/**
 * Leaving a running session asks first; confirmed, the question, the overlay and its hash go (a
 * member's private may open the rating prompt at once: that dialog is the caller's to check).
 */
export async function leaveChat(page: Page, lang: Lang) {
  const close = page.getByRole('button', { name: text(lang, 'live.close') });
  await close.click();
  const ask = page.getByRole('dialog', { name: text(lang, 'chatsession.leave.title') });
  await ask.getByRole('button', { name: text(lang, 'chatsession.leave.confirm') }).click();
  await expect(page).not.toHaveURL(/#enter_chat/);
  await expect(ask).toHaveCount(0);
  await expect(close).toHaveCount(0);
}

/** A browser of its own that has passed the age splash and answered the analytics question. */
export async function newVisitor(
  browser: Browser,
  opts: { storageState?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US', ...opts });
  const page = await context.newPage();
  await page.goto('/?lang=en');
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  return { context, page };
}

/** The performer's sign-in address of a demo show. */
const performerEmail = (show: Show) =>
  `${show.showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;

/**
 * Her studio in a browser of its own, on air with Chromium's fake camera. Answers the page and
 * the offer her camera sent (its addresses must never reach a viewer).
 */
export async function studioOnAir(browser: Browser, show: Show) {
  const context = await browser.newContext({ locale: 'en-US' });
  const studio = await context.newPage();
  await studio.setViewportSize(WIDTHS.desktop);
  await studio.goto('/studio/login?lang=en');
  await studio.getByLabel(text('en', 'studio.login.email')).fill(performerEmail(show));
  await studio.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill(DEMO_PERFORMER_PASSWORD);
  await studio.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  await expect(studio.getByText(show.showName)).toBeVisible();
  await expect(studio.getByTestId('on-air')).toHaveText(text('en', 'studio.live.off_air'));
  const published = studio.waitForRequest((r) => r.url().endsWith('/api/studio/live') && r.method() === 'POST');
  await studio.getByRole('button', { name: text('en', 'studio.live.go_live') }).click();
  await expect(studio.getByTestId('on-air')).toHaveText(text('en', 'studio.live.on_air'));
  const cameraSdp = ((await published).postDataJSON() as { offer: { sdp: string } }).offer.sdp;
  return { context, studio, cameraSdp };
}

/** Writes in the show chat inside `scope` (the overlay, or her studio). */
export async function say(scope: Page | ReturnType<Page['getByRole']>, words: string, lang: Lang = 'en') {
  await scope.getByLabel(text(lang, 'showchat.input')).fill(words);
  await scope.getByRole('button', { name: text(lang, 'showchat.send') }).click();
}

/** A candidate as getStats tells it. */
type Candidate = { candidateType: string; address: string; port: number; relayProtocol?: string };

/**
 * Keeps every RTCPeerConnection the pages of `context` make from their next navigation on, for
 * `selectedPair`. With `relay`, each is made with `iceTransportPolicy: 'relay'`: a browser on a
 * network that lets only a TURN relay through (the page's own configuration is kept otherwise).
 */
export async function recordPeers(context: BrowserContext, { relay = false }: { relay?: boolean } = {}) {
  await context.addInitScript((relay: boolean) => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { livePeers: RTCPeerConnection[] }).livePeers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(relay ? { ...config, iceTransportPolicy: 'relay' } : config);
        peers.push(this);
      }
    };
  }, relay);
}

/**
 * The candidate pair the page's newest connected peer connection carries its media on (its
 * transport's selected pair), with both candidates; null while none is connected.
 */
async function selectedPair(page: Page): Promise<{ local: Candidate; remote: Candidate } | null> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { livePeers?: RTCPeerConnection[] }).livePeers ?? [];
    const peer = peers.filter((p) => p.connectionState === 'connected').at(-1);
    if (!peer) return null;
    const stats = new Map<string, Record<string, unknown>>();
    (await peer.getStats()).forEach((s: Record<string, unknown>) => {
      stats.set(String(s.id), s);
    });
    const transport = [...stats.values()].find((s) => s.type === 'transport');
    const pair = stats.get(String(transport?.selectedCandidatePairId));
    const candidate = (id: unknown) => {
      const s = stats.get(String(id));
      return s
        ? {
            candidateType: String(s.candidateType),
            address: String(s.address),
            port: Number(s.port),
            ...(s.relayProtocol ? { relayProtocol: String(s.relayProtocol) } : {}),
          }
        : null;
    };
    const local = candidate(pair?.localCandidateId);
    const remote = candidate(pair?.remoteCandidateId);
    return local && remote ? { local, remote } : null;
  });
}

/** The pair `selectedPair` answers, once the page has one. */
export async function connectedPair(page: Page) {
  let pair: Awaited<ReturnType<typeof selectedPair>> = null;
  await expect
    .poll(async () => {
      pair = await selectedPair(page);
      return pair !== null;
    })
    .toBe(true);
  return pair as unknown as NonNullable<Awaited<ReturnType<typeof selectedPair>>>;
}
