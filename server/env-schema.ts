import { z } from 'zod';
import { CAPTCHA_FREE_PER_HOUR, CAPTCHA_MIN_FORM_MS } from '#common/domain/captcha.ts';
import { parseCentsPerCoin } from '#common/domain/payouts.ts';
import { phoneChatEnv, phoneEntry } from './env-phone-chat.ts';
import { secondFactorEnv } from './env-second-factor.ts';
import { webPushEnv } from './env-web-push.ts';
import { parseTrustProxy } from './http/client-address.ts';
import { PEER_NETWORKS, type PeerNetwork } from './live/candidate-policy.ts';

/**
 * The shape of the server's environment: every variable, its type and its default. Only
 * server/env.ts parses the environment with it (and reads process.env); the README's settings
 * table mirrors it.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** true/false, or absent (the default then depends on NODE_ENV). */
const optionalBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

export const siteSchema = z.object({
  name: z.string().min(1),
  logo: z.string().min(1),
  webid: z.number().int().positive().default(1),
});
export type SiteSettings = z.infer<typeof siteSchema>;

const iceUrl = z.string().regex(/^(stuns?|turns?):\S+$/, 'must be a stun:, stuns:, turn: or turns: URL');

/** One STUN/TURN server as browsers take it (RTCIceServer); a TURN server needs its credentials. */
export const iceServerSchema = z
  .strictObject({
    urls: z.union([iceUrl, z.array(iceUrl).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  })
  .refine(
    (s) => ![s.urls].flat().some((u) => u.startsWith('turn')) || (s.username && s.credential),
    'a turn: server needs username and credential',
  );

/** A TURN relay's URL: host (or [IPv6]) with an optional port and transport, nothing else. */
const turnUrl = z.string().regex(/^turns?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?(\?transport=(udp|tcp))?$/);

/** A comma-separated list whose every item `item` accepts; empty: none. */
function commaList(item: z.ZodType<string>, message: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx): string[] => {
      const items = (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== '');
      if (!items.every((u) => item.safeParse(u).success)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return items;
    });
}

/** The Janus instances' API addresses. */
const wsUrls = commaList(
  z.url({ protocol: /^wss?$/ }),
  'must be ws:// addresses, comma-separated (ws://10.0.0.5:8188)',
);
const ipAddress = z.union([z.ipv4(), z.ipv6()]);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SESSION_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, 'must be at least 32 characters'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().optional(),
  SUPPORT_EMAIL: z.email().default('support@livecam.local'),
  SITE_NAME: z.string().min(1).default('LiveCam'),
  SITE_LOGO: z.string().min(1).default('/logo.svg'),
  SITES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return {};
      try {
        return z.record(z.string(), siteSchema).parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON: {"domain": {"name", "logo", "webid"}}' });
        return z.NEVER;
      }
    }),
  LEGAL_COMPANY: z.string().default('LiveCam Media GmbH'),
  LEGAL_ADDRESS: z.string().default('Musterstraße 1, 10115 Berlin, Germany'),
  LEGAL_REGISTER: z.string().default('Amtsgericht Charlottenburg, HRB 000000'),
  LEGAL_VAT_ID: z.string().default('DE000000000'),
  LEGAL_DIRECTOR: z.string().default('Managing director of the operator'),
  YOUTH_OFFICER: z.string().default('Youth-protection officer of the operator'),
  YOUTH_EMAIL: z.email().optional(),
  ABUSE_EMAIL: z.email().optional(),
  RECORDS_CUSTODIAN: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  BUILD_ID: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines on a terminal outside production, JSON lines otherwise (server/http/log-format.ts). */
  LOG_FORMAT: z.enum(['auto', 'json', 'text']).default('auto'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust !== null) return trust;
      ctx.addIssue({
        code: 'custom',
        message:
          "must be false, true (one proxy hop), a hop count (0-10), or the proxies' addresses and CIDR ranges, comma-separated",
      });
      return z.NEVER;
    }),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  APP_DIR: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'flexpay']).default('sandbox'),
  FLEXPAY_SHOP_ID: z.string().optional(),
  FLEXPAY_SIGNATURE_KEY: z.string().optional(),
  FLEXPAY_URL: z.url().default('https://secure.verotel.com/startorder'),
  SANDBOX_PSP_POSTBACKS: z.enum(['send', 'hold']).default('send'),
  PHONE_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  PHONE_SERVICE_NUMBER: z.string().max(40).optional(),
  ...phoneChatEnv,
  ...webPushEnv,
  ...secondFactorEnv,
  AVS_PROVIDER: z.enum(['sandbox', 'veriff']).default('sandbox'),
  VERIFF_API_KEY: z.string().optional(),
  VERIFF_SHARED_SECRET: z.string().optional(),
  VERIFF_API_URL: z.url().default('https://stationapi.veriff.com'),
  AGE_CHECK_GATES: z.enum(['voicecall', 'media']).default('voicecall'),
  /** Who checks a new performer's identity document and face: the built-in sandbox or Veriff. */
  ID_CHECK_PROVIDER: z.enum(['sandbox', 'veriff']).default('sandbox'),
  /** The performers' Veriff integration (its own, apart from the age check's: its own decision webhook). */
  ID_CHECK_VERIFF_API_KEY: z.string().optional(),
  ID_CHECK_VERIFF_SHARED_SECRET: z.string().optional(),
  /** How long the sandbox ID provider keeps a "pending, then a result" check pending, in milliseconds. */
  ID_CHECK_SANDBOX_PENDING_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** New performer sign-ups allowed per address and hour. */
  PERFORMER_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Who checks the captcha registration asks for when it looks automated: the sandbox or Google reCAPTCHA v2. */
  CAPTCHA_PROVIDER: z.enum(['sandbox', 'recaptcha']).default('sandbox'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Registration attempts an address makes in an hour before the next one needs a captcha (0: always). */
  CAPTCHA_FREE_REGISTRATIONS: z.coerce.number().int().min(0).max(100_000).default(CAPTCHA_FREE_PER_HOUR),
  /** A registration form sent sooner after it was shown looks automated (0: do not judge by time). */
  CAPTCHA_MIN_FORM_MS: z.coerce.number().int().min(0).max(60_000).default(CAPTCHA_MIN_FORM_MS),
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be an account SID (AC and 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_SMS_FROM: z.string().max(40).optional(),
  TWILIO_VOICE_ENTRY: phoneEntry.optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5000),
  SMS_FREE_COINS: z.coerce.number().int().min(0).max(10_000).default(20),
  INCENTIVE_VIDEO: z.enum(['on', 'off']).default('on'),
  INCENTIVE_VOUCHER_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  BILLING_DAILY_LIMIT_CENTS: z.coerce.number().int().min(0).default(50_000),
  ALLOW_SANDBOX_PROVIDERS: bool,
  STAGING_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  API_DOCS: optionalBool,
  MEDIA_DIR: z.string().optional(),
  /** Where uploads in progress are kept on disk (default DATA_DIR/uploads). */
  UPLOAD_DIR: z.string().optional(),
  /** The largest video a performer may upload, in bytes (default 2 GiB). */
  UPLOAD_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 ** 3),
  /** The largest picture a performer may upload, in bytes (default 20 MiB). */
  UPLOAD_PICTURE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 ** 2),
  /** How many uploads a performer may have in progress at once. */
  UPLOADS_PER_PERFORMER: z.coerce.number().int().min(1).max(100).default(4),
  /** Hours after its last chunk an unfinished or unused upload is deleted. */
  UPLOAD_ABANDON_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  IMAGE_HOST_1: optionalUrl,
  IMAGE_HOST_2: optionalUrl,
  DEMO_PRESENCE: z.enum(['on', 'off']).optional(),
  DEMO_BROADCASTS: z.enum(['on', 'off']).optional(),
  /** Seconds until a demo performer answers a member's message (0: never); never in production. */
  DEMO_MESSAGE_REPLY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  NAME_BLOCKLIST: z.string().optional(),
  NAME_BLOCKLIST_FILE: z.string().optional(),
  /** STUN/TURN servers for live video, a JSON array of RTCIceServer objects. */
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return [];
      try {
        return z.array(iceServerSchema).parse(JSON.parse(v));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a JSON array of {"urls": "stun:…" | "turn:…" | [...], "username"?, "credential"?} (turn: needs both)',
        });
        return z.NEVER;
      }
    }),
  /** Where the SFU offers host candidates: loopback, lan (the machine's LAN addresses), IP addresses. */
  LIVE_ICE_HOSTS: z
    .string()
    .default('loopback,lan')
    .transform((v, ctx) => {
      const items = v
        .split(',')
        .map((i) => i.trim())
        .filter((i) => i !== '');
      const wrong = items.filter((i) => i !== 'loopback' && i !== 'lan' && !ipAddress.safeParse(i).success);
      if (items.length === 0 || wrong.length) {
        ctx.addIssue({ code: 'custom', message: 'must list loopback, lan and/or IP addresses, comma-separated' });
        return z.NEVER;
      }
      const addresses = items.flatMap((i) => (i === 'loopback' ? ['127.0.0.1'] : i === 'lan' ? [] : [i]));
      return { lan: items.includes('lan'), addresses: [...new Set(addresses)] };
    }),
  /**
   * Networks besides the public internet whose ICE candidates the SFU checks: `auto` (those it
   * offers its own candidates on), `public` (none), or loopback, private, link-local, shared, mdns.
   */
  LIVE_PEER_NETWORKS: z
    .string()
    .default('auto')
    .transform((v, ctx): 'auto' | PeerNetwork[] => {
      const items = v
        .split(',')
        .map((i) => i.trim())
        .filter((i) => i !== '');
      if (items.length === 1 && (items[0] === 'auto' || items[0] === 'public')) {
        return items[0] === 'auto' ? 'auto' : [];
      }
      const known = (i: string): i is PeerNetwork => (PEER_NETWORKS as readonly string[]).includes(i);
      if (items.length === 0 || !items.every(known)) {
        ctx.addIssue({
          code: 'custom',
          message: `must be auto, public, or a comma-separated list of ${PEER_NETWORKS.join(', ')}`,
        });
        return z.NEVER;
      }
      return [...new Set(items.filter(known))];
    }),
  /** Length of a billed chat minute in seconds (60; the browser journey shortens it). */
  CHAT_MINUTE_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** What a performer is paid per earned coin, in euro cents (up to two decimals: "7.5"). */
  PAYOUT_CENTS_PER_COIN: z
    .string()
    .default('5')
    .transform((v, ctx) => {
      const rate = parseCentsPerCoin(v);
      if (rate === null) {
        ctx.addIssue({ code: 'custom', message: 'must be cents per coin above 0, up to two decimals (e.g. 5 or 7.5)' });
        return z.NEVER;
      }
      return rate;
    }),
  /** The smallest payout in euro cents; a statement below it is carried into the next month. */
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(5000),
  /** The performer's share of every paid chat minute and tip, in percent. */
  CHAT_PERFORMER_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  /** A voyeur's price per minute in percent of the show's private price (at least 1 coin). */
  CHAT_VOYEUR_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  /** How long a guest may watch a free chat in 24 hours before chat.free_expired. */
  CHAT_FREE_GUEST_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /**
   * A chat session without a heartbeat for this long ends, and bills no further minute meanwhile
   * (the client beats every 10 s: two beats may go missing before a session counts as gone).
   */
  CHAT_HEARTBEAT_TIMEOUT_SECONDS: z.coerce.number().int().min(20).max(3_600).default(25),
  /**
   * An outside provider's chat without an extend for this long ends. Its page extends only while
   * it is visible (spec part 2 section 4), and the partner bills it, not we: a reader in another tab keeps it.
   */
  CHAT_EXTERNAL_TIMEOUT_SECONDS: z.coerce.number().int().min(20).max(3_600).default(120),
  /** Who runs partner shows' chat: none (they are not offered) or sandbox (default outside production). */
  PARTNER_CHAT_PROVIDER: z.enum(['none', 'sandbox']).optional(),
  /** Tip amounts in coins a member chooses from, comma-separated. */
  CHAT_TIP_AMOUNTS: z
    .string()
    .default('10,25,50,100')
    .transform((v, ctx) => {
      const amounts = v.split(',').map((a) => Number(a.trim()));
      if (!amounts.length || amounts.some((a) => !Number.isSafeInteger(a) || a < 1 || a > 100_000)) {
        ctx.addIssue({ code: 'custom', message: 'must list whole coin amounts from 1 to 100000, comma-separated' });
        return z.NEVER;
      }
      return [...new Set(amounts)].sort((a, b) => a - b);
    }),
  /** Words the chat refuses, comma-separated (in addition to none built in); matched whole and case-blind. */
  CHAT_WORD_FILTER: z.string().default(''),
  /** Days the chat transcript is kept for moderation. */
  CHAT_TRANSCRIPT_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The name of this API process among several (its open chat sessions are settled when it restarts). */
  NODE_NAME: z.string().trim().min(1).max(100).optional(),
  /**
   * Where the other API processes reach this one directly, past the balancer (live calls of a show
   * go to the process holding its publication). Default http://127.0.0.1:PORT, right when all run on
   * one machine.
   */
  INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** UDP ports of the SFU's media sockets, "min-max". */
  LIVE_UDP_PORTS: z
    .string()
    .optional()
    .transform((v, ctx): [number, number] | null => {
      if (!v) return null;
      const match = /^(\d{4,5})-(\d{4,5})$/.exec(v.trim());
      const [min, max] = [Number(match?.[1]), Number(match?.[2])];
      if (!match || min < 1024 || max > 65_535 || min >= max) {
        ctx.addIssue({ code: 'custom', message: 'must be a port range min-max within 1024-65535, min below max' });
        return z.NEVER;
      }
      return [min, max];
    }),
  /** The TURN relay's URLs (coturn, decision 054), comma-separated `turn:` / `turns:` URLs. */
  TURN_URLS: commaList(
    turnUrl,
    'must be turn: or turns: URLs, comma-separated (turn:turn.example.com:3478?transport=udp)',
  ),
  /** coturn's static-auth-secret: signs the time-limited TURN credentials; required with TURN_URLS. */
  TURN_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, 'must be at least 32 characters'),
  /** How long a TURN credential handed to a browser stays usable, in seconds (10 minutes to a day). */
  TURN_TTL_SECONDS: z.coerce.number().int().min(600).max(86_400).default(3600),
  /** The embedded SFU gathers relay candidates through TURN_URLS too (one allocation per peer connection). */
  TURN_FOR_SFU: bool,
  /** The media server of live video: the embedded werift SFU, or Janus instances (decision 052). */
  LIVE_SFU: z.enum(['werift', 'janus']).default('werift'),
  /**
   * Viewers the embedded werift SFU serves in one API process before the next is answered 503
   * `live_full` (bench/results/live.md: past about 175 a burst of joins stalls every viewer).
   */
  LIVE_MAX_VIEWERS: z.coerce.number().int().min(1).max(100_000).default(150),
  /** The Janus instances' API addresses (WebSocket, loopback or private), comma-separated. */
  JANUS_URLS: wsUrls,
  /** Their Admin API addresses, in the same order (figures: packets in and out). */
  JANUS_ADMIN_URLS: wsUrls,
  /** The API secret and the Admin API secret every instance is configured with (janus-config.ts). */
  JANUS_API_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  JANUS_ADMIN_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Viewers one instance carries before a show is relayed to another (bench/results/live.md sizes it). */
  JANUS_VIEWERS_PER_NODE: z.coerce.number().int().min(1).max(100_000).default(400),
});
