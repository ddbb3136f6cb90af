import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { blocklistTerm } from '#common/domain/name-blocklist.ts';
import type { Config } from './config.ts';
import { entryOf, phoneChatSettings } from './env-phone-chat.ts';
import { envSchema } from './env-schema.ts';
import { secondFactorKey } from './env-second-factor.ts';
import { webPushSettings } from './env-web-push.ts';
import { isLoopbackAddress } from './http/local-caller.ts';

/**
 * Every setting of the server, validated once at start (schema in env-schema.ts) into the Config
 * (config.ts) the rest of the server reads. Nothing else reads process.env.
 */
export class ConfigError extends Error {}

const ROOT = path.resolve(import.meta.dirname, '..');

/** Reads the secret from DATA_DIR, creating it once, so sessions survive restarts in development. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * NAME_BLOCKLIST (comma-separated) and NAME_BLOCKLIST_FILE (one term a line, # starts a comment):
 * every term must keep 3 characters or more in its plain form, else it would refuse too much.
 */
function readNameBlocklist(inline: string | undefined, file: string | undefined): string[] {
  const fromFile = (() => {
    if (!file) return [];
    try {
      return readFileSync(path.resolve(ROOT, file), 'utf8')
        .split(/\r?\n/)
        .map((line) => line.replace(/#.*/, ''));
    } catch {
      throw new ConfigError(`Invalid configuration:\n  NAME_BLOCKLIST_FILE: cannot read ${file}`);
    }
  })();
  const entries = [...(inline ?? '').split(','), ...fromFile].map((e) => e.trim()).filter((e) => e !== '');
  const short = entries.filter((e) => blocklistTerm(e) === null);
  if (short.length) {
    throw new ConfigError(
      `Invalid configuration:\n  NAME_BLOCKLIST: every term needs 3 letters or more (${short.length} shorter)`,
    );
  }
  return entries;
}

/** The application's version: package.json's, semantic (spec part 2, section 5); checked by a test. */
function readAppVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return pkg && typeof pkg === 'object' && 'version' in pkg ? String(pkg.version) : '0.0.0';
}

function readBuildId(appDir: string): string {
  const file = path.join(appDir, 'build-id.txt');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'dev';
}

/**
 * The environment as it is, for the cluster launcher (cluster/main.ts), which plans its processes
 * from it and hands it on to them; each process then reads its config with loadConfig.
 */
export const launchEnvironment = (): NodeJS.ProcessEnv => process.env;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(ROOT, e.DATA_DIR);
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production (32+ random characters)');
  }
  if (production && !e.PUBLIC_URL?.startsWith('https://')) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production, an https:// address');
  }
  // Janus needs its instances and their secrets; the Admin API list names the same instances.
  if (e.LIVE_SFU === 'janus') {
    const missing = [
      !e.JANUS_URLS.length && 'JANUS_URLS',
      !e.JANUS_API_SECRET && 'JANUS_API_SECRET',
      !e.JANUS_ADMIN_SECRET && 'JANUS_ADMIN_SECRET',
      e.JANUS_ADMIN_URLS.length !== e.JANUS_URLS.length && 'JANUS_ADMIN_URLS (one per JANUS_URLS entry)',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  LIVE_SFU=janus needs ${missing.join(', ')}`);
  }
  // A relay without its secret would hand out credentials coturn refuses (and the secret never has a default).
  if (e.TURN_URLS.length && !e.TURN_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  TURN_SECRET: required with TURN_URLS (32+ random characters, coturn's static-auth-secret)",
    );
  }
  const appDir = path.resolve(ROOT, e.APP_DIR || path.join('dist', 'app'));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const host = new URL(publicUrl).hostname;
  const sessionSecret = e.SESSION_SECRET || localSecret(dataDir);
  // Production has no phone-chat line unless one is chosen: a number with nobody behind it is never offered.
  const phoneChat = phoneChatSettings(e, production);
  // Nor partner shows unless their partner is chosen: a show whose chat cannot open is not offered.
  const partnerChatProvider = e.PARTNER_CHAT_PROVIDER ?? (production ? 'none' : 'sandbox');
  const sandboxes = (
    [
      ['PAYMENT_PROVIDER', e.PAYMENT_PROVIDER],
      ['PHONE_PROVIDER', e.PHONE_PROVIDER],
      ['AVS_PROVIDER', e.AVS_PROVIDER],
      ['ID_CHECK_PROVIDER', e.ID_CHECK_PROVIDER],
      ['SMS_PROVIDER', e.SMS_PROVIDER],
      ['PARTNER_CHAT_PROVIDER', partnerChatProvider],
      ['PHONE_CHAT_PROVIDER', phoneChat.provider],
      ['CAPTCHA_PROVIDER', e.CAPTCHA_PROVIDER],
    ] as const
  )
    .filter(([, provider]) => provider === 'sandbox')
    .map(([name]) => name);
  // A sandbox pays out coins and passes age and identity checks for test input: never by accident in production.
  if (production && sandboxes.length && !e.ALLOW_SANDBOX_PROVIDERS) {
    throw new ConfigError(
      `Invalid configuration:\n  ${sandboxes.join(', ')}: sandbox providers in production give coins, age and identity checks for test input; choose real providers, or set ALLOW_SANDBOX_PROVIDERS=true on a staging system`,
    );
  }
  const staging = production && e.ALLOW_SANDBOX_PROVIDERS;
  // The sandbox pages pay out coins and pass age checks for test input: on a staging system only
  // people who know its password reach them.
  if (staging && !e.STAGING_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration:\n  STAGING_PASSWORD: required with ALLOW_SANDBOX_PROVIDERS=true in production (16+ characters); it guards the /sandbox/ pages',
    );
  }
  // Outside production the server listens on this machine only: its outboxes and consoles are for
  // the person at it. Production listens on every interface (behind its load balancer).
  const listenHost = e.HOST || (production ? '0.0.0.0' : '127.0.0.1');
  const missing = (
    [
      [
        e.PAYMENT_PROVIDER === 'flexpay',
        'PAYMENT_PROVIDER=flexpay',
        { FLEXPAY_SHOP_ID: e.FLEXPAY_SHOP_ID, FLEXPAY_SIGNATURE_KEY: e.FLEXPAY_SIGNATURE_KEY },
      ],
      [
        e.CAPTCHA_PROVIDER === 'recaptcha',
        'CAPTCHA_PROVIDER=recaptcha',
        { RECAPTCHA_SITE_KEY: e.RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY: e.RECAPTCHA_SECRET_KEY },
      ],
      [
        e.AVS_PROVIDER === 'veriff',
        'AVS_PROVIDER=veriff',
        { VERIFF_API_KEY: e.VERIFF_API_KEY, VERIFF_SHARED_SECRET: e.VERIFF_SHARED_SECRET },
      ],
      [
        e.ID_CHECK_PROVIDER === 'veriff',
        'ID_CHECK_PROVIDER=veriff',
        {
          ID_CHECK_VERIFF_API_KEY: e.ID_CHECK_VERIFF_API_KEY,
          ID_CHECK_VERIFF_SHARED_SECRET: e.ID_CHECK_VERIFF_SHARED_SECRET,
        },
      ],
      [
        e.PHONE_PROVIDER === 'twilio',
        'PHONE_PROVIDER=twilio',
        {
          TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
          PHONE_SERVICE_NUMBER: e.PHONE_SERVICE_NUMBER,
          TWILIO_VOICE_ENTRY: e.TWILIO_VOICE_ENTRY,
        },
      ],
      [
        phoneChat.provider === 'twilio',
        'PHONE_CHAT_PROVIDER=twilio',
        {
          TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
          PHONE_CHAT_NUMBER: e.PHONE_CHAT_NUMBER,
          PHONE_CHAT_ENTRY: e.PHONE_CHAT_ENTRY,
          PHONE_CHAT_CALLER_ID: e.PHONE_CHAT_CALLER_ID,
        },
      ],
      [
        e.SMS_PROVIDER === 'twilio',
        'SMS_PROVIDER=twilio',
        {
          TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
          TWILIO_SMS_FROM: e.TWILIO_SMS_FROM,
        },
      ],
    ] as const
  )
    .filter(([chosen]) => chosen)
    .map(
      ([, choice, values]) => [choice, Object.keys(values).filter((k) => !values[k as keyof typeof values])] as const,
    )
    .filter(([, names]) => names.length > 0);
  // A real provider without its credentials would fail at the first member: refuse to start instead.
  if (missing.length) {
    const lines = missing.map(([choice, names]) => `  ${names.join(', ')}: required with ${choice}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Web Push signs with one VAPID pair: production names it (none: push is off), elsewhere it is made once into DATA_DIR.
  const webPush = webPushSettings(e, production, dataDir);
  if (webPush.missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n  ${webPush.missing.join(', ')}: required with the other key (a VAPID pair: npx web-push generate-vapid-keys)`,
    );
  }
  return {
    env: e.NODE_ENV,
    host: listenHost,
    port: e.PORT,
    publicUrl,
    internalUrl: (e.INTERNAL_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    sessionSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${host}>`,
    supportEmail: e.SUPPORT_EMAIL,
    site: { name: e.SITE_NAME, logo: e.SITE_LOGO, webid: 1 },
    sites: e.SITES,
    legal: {
      company: e.LEGAL_COMPANY,
      address: e.LEGAL_ADDRESS,
      register: e.LEGAL_REGISTER,
      vatId: e.LEGAL_VAT_ID,
      director: e.LEGAL_DIRECTOR,
      youthOfficer: e.YOUTH_OFFICER,
      youthEmail: e.YOUTH_EMAIL ?? e.SUPPORT_EMAIL,
      abuseEmail: e.ABUSE_EMAIL ?? e.SUPPORT_EMAIL,
      records: e.RECORDS_CUSTODIAN ?? `${e.LEGAL_COMPANY}, ${e.LEGAL_ADDRESS}`,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID || undefined,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuers: e.GOOGLE_ISSUERS.split(',').map((s) => s.trim()),
    },
    version: readAppVersion(),
    buildId: e.BUILD_ID ?? readBuildId(appDir),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    sessionCacheMs: e.SESSION_CACHE_MS,
    trustProxy: e.TRUST_PROXY,
    // The demo member and operator have public passwords: production seeds them only when asked.
    seedDemo: (e.SEED_DEMO ?? (production ? 'false' : 'true')) === 'true',
    devMailbox: !production && ['localhost', '127.0.0.1', '[::1]'].includes(host),
    apiDocs: e.API_DOCS ?? !production,
    appDir,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      flexpay: { shopId: e.FLEXPAY_SHOP_ID, signatureKey: e.FLEXPAY_SIGNATURE_KEY, url: e.FLEXPAY_URL },
      sandboxKey: createHmac('sha256', sessionSecret).update('sandbox-psp').digest('base64url'),
      sandboxPostbacks: e.SANDBOX_PSP_POSTBACKS,
      phoneProvider: e.PHONE_PROVIDER,
      phoneServiceNumber: e.PHONE_SERVICE_NUMBER ?? '',
      phoneChat,
      dailyLimitCents: e.BILLING_DAILY_LIMIT_CENTS,
    },
    ageCheck: {
      provider: e.AVS_PROVIDER,
      gates: e.AGE_CHECK_GATES,
      veriff: {
        apiKey: e.VERIFF_API_KEY ?? '',
        sharedSecret: e.VERIFF_SHARED_SECRET ?? '',
        apiUrl: e.VERIFF_API_URL.replace(/\/$/, ''),
      },
    },
    idCheck: {
      provider: e.ID_CHECK_PROVIDER,
      veriff: {
        apiKey: e.ID_CHECK_VERIFF_API_KEY ?? '',
        sharedSecret: e.ID_CHECK_VERIFF_SHARED_SECRET ?? '',
        apiUrl: e.VERIFF_API_URL.replace(/\/$/, ''),
      },
      sandboxPendingMs: e.ID_CHECK_SANDBOX_PENDING_MS,
      signupsPerHour: e.PERFORMER_SIGNUPS_PER_HOUR,
    },
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      limits: { freePerHour: e.CAPTCHA_FREE_REGISTRATIONS, minFormMs: e.CAPTCHA_MIN_FORM_MS },
      recaptcha: {
        siteKey: e.RECAPTCHA_SITE_KEY ?? '',
        secretKey: e.RECAPTCHA_SECRET_KEY ?? '',
        verifyUrl: e.RECAPTCHA_VERIFY_URL,
      },
    },
    sms: { provider: e.SMS_PROVIDER, freeCoins: e.SMS_FREE_COINS, from: e.TWILIO_SMS_FROM ?? '' },
    incentive: { video: e.INCENTIVE_VIDEO === 'on', voucherPercent: e.INCENTIVE_VOUCHER_PERCENT || null },
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID ?? '',
      authToken: e.TWILIO_AUTH_TOKEN ?? '',
      apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
      voiceEntry: entryOf(e.TWILIO_VOICE_ENTRY ?? ''),
    },
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    uploads: {
      dir: e.UPLOAD_DIR ? path.resolve(ROOT, e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
      videoMaxBytes: e.UPLOAD_VIDEO_MAX_BYTES,
      pictureMaxBytes: e.UPLOAD_PICTURE_MAX_BYTES,
      perPerformer: e.UPLOADS_PER_PERFORMER,
      abandonHours: e.UPLOAD_ABANDON_HOURS,
    },
    media: {
      dir: e.MEDIA_DIR ? path.resolve(ROOT, e.MEDIA_DIR) : path.join(dataDir, 'media'),
      // Preview images come from one of two hosts chosen by the show's provider id (1 or 2);
      // empty means this server.
      imageHosts: [(e.IMAGE_HOST_1 ?? '').replace(/\/$/, ''), (e.IMAGE_HOST_2 ?? '').replace(/\/$/, '')],
      signingKey: createHmac('sha256', sessionSecret).update('media-urls').digest(),
    },
    // Demo performers go on and off line by themselves (the studio app drives presence in production).
    demoPresence: (e.DEMO_PRESENCE ?? (production ? 'off' : 'on')) === 'on',
    // Online demo performers stream a clip of theirs through the SFU; by default wherever they go
    // on and off line by themselves, never in production or under test.
    demoBroadcasts:
      (e.DEMO_BROADCASTS ??
        (production || e.NODE_ENV === 'test' || (e.DEMO_PRESENCE ?? 'on') === 'off' ? 'off' : 'on')) === 'on',
    // Demo performers answer members' messages by themselves (npm start); off under test unless asked.
    demoMessageReplySeconds: production ? 0 : (e.DEMO_MESSAGE_REPLY_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 8)),
    nameBlocklist: readNameBlocklist(e.NAME_BLOCKLIST, e.NAME_BLOCKLIST_FILE),
    staging,
    sandboxPages: !production || staging,
    stagingPassword: e.STAGING_PASSWORD ?? null,
    studioNeedsOperator: staging || !isLoopbackAddress(listenHost),
    live: {
      iceServers: e.ICE_SERVERS,
      hostAddresses: e.LIVE_ICE_HOSTS,
      udpPortRange: e.LIVE_UDP_PORTS,
      peerNetworks: e.LIVE_PEER_NETWORKS,
    },
    sfu:
      e.LIVE_SFU === 'janus'
        ? {
            kind: 'janus' as const,
            nodes: e.JANUS_URLS.map((url, i) => ({
              name: `janus-${i + 1}`,
              url,
              adminUrl: e.JANUS_ADMIN_URLS[i] ?? url,
              apiSecret: e.JANUS_API_SECRET ?? '',
              adminSecret: e.JANUS_ADMIN_SECRET ?? '',
            })),
            viewersPerNode: e.JANUS_VIEWERS_PER_NODE,
          }
        : { kind: 'werift' as const, maxViewers: e.LIVE_MAX_VIEWERS },
    turn:
      e.TURN_URLS.length && e.TURN_SECRET
        ? { urls: e.TURN_URLS, secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL_SECONDS, forSfu: e.TURN_FOR_SFU }
        : null,
    webPush: webPush.settings,
    secondFactorKey: secondFactorKey(e, production, dataDir),
    payouts: { rate: e.PAYOUT_CENTS_PER_COIN, minimumCents: e.PAYOUT_MINIMUM_CENTS },
    chat: {
      minuteSeconds: e.CHAT_MINUTE_SECONDS,
      performerSharePercent: e.CHAT_PERFORMER_SHARE_PERCENT,
      voyeurPercent: e.CHAT_VOYEUR_PERCENT,
      freeGuestSeconds: e.CHAT_FREE_GUEST_SECONDS,
      heartbeatTimeoutSeconds: e.CHAT_HEARTBEAT_TIMEOUT_SECONDS,
      externalTimeoutSeconds: e.CHAT_EXTERNAL_TIMEOUT_SECONDS,
      partnerProvider: partnerChatProvider,
      tipAmounts: e.CHAT_TIP_AMOUNTS,
      wordFilter: e.CHAT_WORD_FILTER.split(',')
        .map((w) => w.trim().toLowerCase())
        .filter((w) => w !== ''),
      transcriptDays: e.CHAT_TRANSCRIPT_DAYS,
      node: e.NODE_NAME ?? `${hostname()}:${e.PORT}`,
    },
  };
}

/** The real services the server test suite may also run against (CI sets them). */
export function testServices(): { databaseUrl: string | undefined; redisUrl: string | undefined } {
  return { databaseUrl: process.env.TEST_DATABASE_URL || undefined, redisUrl: process.env.REDIS_URL || undefined };
}
