import type { SiteSettings } from './env-schema.ts';
import type { TrustProxy } from './http/client-address.ts';
import type { JanusEndpoint } from './live/janus/janus-node.ts';
import type { TurnSettings } from './live/turn/credentials.ts';
import type { LiveIceSettings } from './live/werift-config.ts';

/**
 * How the premium-rate carrier's calls reach the Twilio voice line, so that nobody else's do: the
 * SIP domain the carrier sends them to (Twilio reports it as `SipDomain`), or the premium-rate
 * number Twilio reports as `ForwardedFrom` of a call the carrier forwarded (TWILIO_VOICE_ENTRY).
 */
export type VoiceEntry = { kind: 'sip_domain' | 'forwarded_from'; value: string };

/**
 * The server's settings as the rest of the server reads them: made once at start by loadConfig
 * (env.ts) from the environment (schema in env-schema.ts).
 */
export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  /** Where the other API processes reach this one directly (INTERNAL_URL). */
  internalUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  site: SiteSettings;
  sites: Record<string, SiteSettings>;
  legal: {
    company: string;
    address: string;
    register: string;
    vatId: string;
    director: string;
    youthOfficer: string;
    youthEmail: string;
    abuseEmail: string;
    records: string;
  };
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  /** The application's semantic version (package.json); the build id beside it names one build of it. */
  version: string;
  buildId: string;
  logLevel: string;
  /** How log lines are written: JSON lines, readable text, or auto (text on a terminal outside production). */
  logFormat: 'auto' | 'json' | 'text';
  rateLimitPerMinute: number;
  /** How long a process may reuse a session and its user without asking the database. */
  sessionCacheMs: number;
  /**
   * Who may name the client's address in X-Forwarded-For: a hop count (0: nobody) or the
   * proxies' addresses and ranges (http/client-address.ts).
   */
  trustProxy: TrustProxy;
  seedDemo: boolean;
  /**
   * The outbox pages /dev/mailbox and /dev/sms: only outside production with a local PUBLIC_URL,
   * and then answered only to callers on this machine (http/local-caller.ts).
   */
  devMailbox: boolean;
  /** The API documentation at /api/docs (the OpenAPI document is built either way). */
  apiDocs: boolean;
  /** Built SPA folder; absent during tests and development with Vite. */
  appDir: string;
  payments: {
    /** Which card adapter takes payments: the built-in sandbox PSP or Verotel FlexPay. */
    provider: 'sandbox' | 'flexpay';
    flexpay: { shopId: string | undefined; signatureKey: string | undefined; url: string };
    /** Key the sandbox PSP signs its postbacks with (derived from the session secret). */
    sandboxKey: string;
    /** hold: the sandbox PSP records outcomes and queues their postbacks but sends none (lost postbacks). */
    sandboxPostbacks: 'send' | 'hold';
    phoneProvider: 'sandbox' | 'twilio';
    /** The premium-rate number callers dial with PHONE_PROVIDER=twilio, as it is displayed. */
    phoneServiceNumber: string;
    /**
     * The phone-chat line (PHONE_CHAT_PROVIDER, PHONE_CHAT_NUMBER) and its tariff per started
     * minute (PHONE_CHAT_PRICE_CENTS). With provider none there is no line: nobody is offered it.
     */
    phoneChat: {
      provider: 'none' | 'sandbox' | 'twilio';
      number: string;
      pricePerMinuteCents: number;
      currency: string;
      /** PHONE_CHAT_MAX_MINUTES: the longest talk time; the sweep ends a call there. */
      maxTalkMinutes: number;
      /** twilio: how the carrier's 0900 calls reach the Twilio line (PHONE_CHAT_ENTRY). */
      entry: VoiceEntry;
      /** twilio: our number the performer's phone shows (PHONE_CHAT_CALLER_ID), E.164. */
      callerId: string;
    };
    /** Money a member may spend on coins in 24 hours, in cents (0: no limit). */
    dailyLimitCents: number;
  };
  ageCheck: {
    provider: 'sandbox' | 'veriff';
    /** What needs a passed age check: only the voice call, or also every explicit medium. */
    gates: 'voicecall' | 'media';
    veriff: { apiKey: string; sharedSecret: string; apiUrl: string };
  };
  /**
   * Performer onboarding: the ID provider of her identity check (with the performers' own Veriff
   * integration), and the sign-up limit per address.
   */
  idCheck: {
    provider: 'sandbox' | 'veriff';
    veriff: { apiKey: string; sharedSecret: string; apiUrl: string };
    sandboxPendingMs: number;
    signupsPerHour: number;
  };
  /**
   * The captcha registration asks for when it looks automated (common/domain/captcha.ts): the
   * sandbox service (/sandbox/captcha) or Google reCAPTCHA v2, and the free attempts per address.
   */
  captcha: {
    provider: 'sandbox' | 'recaptcha';
    /** Free registration attempts per address and hour, and the least time a form takes a person. */
    limits: { freePerHour: number; minFormMs: number };
    recaptcha: { siteKey: string; secretKey: string; verifyUrl: string };
  };
  sms: { provider: 'sandbox' | 'twilio'; freeCoins: number; from: string };
  /** What the sign-up incentive offers: a voucher for a video, and/or a bonus percent (null: none). */
  incentive: { video: boolean; voucherPercent: number | null };
  /** The Twilio account of the SMS gateway and the voice line (one account serves both). */
  twilio: { accountSid: string; authToken: string; apiUrl: string; voiceEntry: VoiceEntry };
  /** How long a call to a provider's API may take before it counts as failed. */
  providerTimeoutMs: number;
  uploads: {
    /** Where uploads in progress are kept (UPLOAD_DIR). */
    dir: string;
    videoMaxBytes: number;
    pictureMaxBytes: number;
    /** Uploads in progress per performer. */
    perPerformer: number;
    abandonHours: number;
  };
  media: {
    /** Where the local-disk storage keeps images and clips. */
    dir: string;
    /** Image hosts for provider ids 1 and 2 ('' = this server). */
    imageHosts: [string, string];
    /** Key of the short-lived signed media URLs. */
    signingKey: Buffer;
  };
  /** Whether demo performers change their online state by themselves. */
  demoPresence: boolean;
  /** Seconds until a demo performer answers a member's message; 0: never. */
  demoMessageReplySeconds: number;
  /** Whether online demo performers stream a looping clip of their own through the SFU. */
  demoBroadcasts: boolean;
  /** The operator's own terms no chosen name may hold, beside the built-in ones (common/domain/name-blocklist.ts). */
  nameBlocklist: string[];
  /** Production with sandbox providers, declared by ALLOW_SANDBOX_PROVIDERS: a staging system. */
  staging: boolean;
  /**
   * The sandbox providers' pages and the studio console under /sandbox/: outside production, or
   * on staging. Otherwise they are not registered at all.
   */
  sandboxPages: boolean;
  /** HTTP Basic password in front of every /sandbox/ page: required on staging, optional elsewhere. */
  stagingPassword: string | null;
  /**
   * The studio console needs a signed-in operator: on staging, and wherever the server listens on
   * more than the loopback interface (HOST). Otherwise only a caller on this machine
   * (http/local-caller.ts) skips it.
   */
  studioNeedsOperator: boolean;
  /** ICE of live video: STUN/TURN servers, host candidate addresses, UDP ports (server/live/). */
  live: LiveIceSettings;
  /**
   * Which media server carries live video (LIVE_SFU): the embedded werift SFU, or Janus instances
   * with the viewers one carries before a show is relayed to another (decision 052).
   */
  sfu: { kind: 'werift'; maxViewers: number } | { kind: 'janus'; nodes: JanusEndpoint[]; viewersPerNode: number };
  /** The TURN relay (coturn) and the secret its time-limited credentials are signed with; null: none. */
  turn: TurnSettings | null;
  /** Chat sessions billed by the minute, tips and moderation (features/chat). */
  /** Performer payouts (decision 034): hundredths of a cent per coin, and the smallest payout in cents. */
  payouts: { rate: number; minimumCents: number };
  /**
   * Web Push (decision 067): the VAPID pair pushes are signed with (WEB_PUSH_VAPID_PUBLIC_KEY and
   * _PRIVATE_KEY, or made once into DATA_DIR outside production) and the contact (WEB_PUSH_SUBJECT).
   * Null in production without the pair: Web Push is off.
   */
  webPush: { keys: { publicKey: string; privateKey: string }; subject: string } | null;
  /**
   * The key members' app keys are sealed with (SECOND_FACTOR_KEY, or made once into DATA_DIR
   * outside production; decision 071). Null in production without it: no app can be set up.
   */
  secondFactorKey: string | null;
  chat: {
    minuteSeconds: number;
    performerSharePercent: number;
    voyeurPercent: number;
    freeGuestSeconds: number;
    /** A native session without a heartbeat (or a sign of its page) for this long ends, unbilled. */
    heartbeatTimeoutSeconds: number;
    /** An outside provider's session without an extend for this long ends. */
    externalTimeoutSeconds: number;
    /** PARTNER_CHAT_PROVIDER: who runs partner shows' chat; with none they are not offered at all. */
    partnerProvider: 'none' | 'sandbox';
    tipAmounts: number[];
    wordFilter: string[];
    transcriptDays: number;
    /**
     * This process's name (one per process): its row in `api_processes`, and the name its chat
     * sessions carry, settled by another process when its lease runs out or by itself at start.
     */
    node: string;
  };
};

/** The names a browser on this machine uses for it. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const isLoopbackName = (hostname: string) => LOOPBACK_NAMES.includes(hostname.toLowerCase());

/**
 * The host names that are ours: PUBLIC_URL's and every SITES domain, in lower case, and, when
 * PUBLIC_URL is on this machine (localhost, 127.0.0.1 or [::1]), the other two loopback names:
 * the server's own log names the address it listens on, and a browser there is on the same
 * server. A request's Host header is the client's to choose, so whatever must be one of our sites
 * checks it here.
 */
export function siteHosts(config: Config): Set<string> {
  const own = new URL(config.publicUrl).hostname;
  const names = [own, ...Object.keys(config.sites), ...(isLoopbackName(own) ? LOOPBACK_NAMES : [])];
  return new Set(names.map((h) => h.toLowerCase()));
}

/**
 * The origins our pages are served from, as browsers send them in Origin: PUBLIC_URL's, each
 * SITES domain's (PUBLIC_URL's scheme and port), and with a local PUBLIC_URL every loopback name
 * on PUBLIC_URL's port and on the port the server listens on (behind the dev server they differ).
 * Every check of a request's Origin asks this one list.
 */
export function siteOrigins(config: Pick<Config, 'publicUrl' | 'sites' | 'port'>): Set<string> {
  const base = new URL(config.publicUrl);
  const origin = (hostname: string, port: string) => {
    const url = new URL(base.origin);
    url.hostname = hostname;
    url.port = port;
    return url.origin;
  };
  const origins = new Set([base.origin, ...Object.keys(config.sites).map((d) => origin(d.toLowerCase(), base.port))]);
  if (isLoopbackName(base.hostname)) {
    for (const name of LOOPBACK_NAMES) {
      origins.add(origin(name, base.port));
      if (config.port) origins.add(origin(name, String(config.port)));
    }
  }
  return origins;
}

/** Site settings for the domain a request came in on. */
export function siteFor(config: Config, domain: string): SiteSettings {
  return config.sites[domain] ?? config.site;
}
