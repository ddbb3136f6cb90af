import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const base = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/livecam-env-test' };
/** Production here is a staging system that runs the sandbox providers. */
const staging = { ...base, ALLOW_SANDBOX_PROVIDERS: 'true', STAGING_PASSWORD: 'p'.repeat(16) };

describe('configuration', () => {
  it('bounds the viewers the embedded SFU serves per process (LIVE_MAX_VIEWERS), and refuses nonsense', () => {
    expect(loadConfig(base).sfu).toEqual({ kind: 'werift', maxViewers: 150 });
    expect(loadConfig({ ...base, LIVE_MAX_VIEWERS: '400' }).sfu).toEqual({ kind: 'werift', maxViewers: 400 });
    for (const bad of ['0', '-5', '1.5', 'many', '1000000']) {
      expect(() => loadConfig({ ...base, LIVE_MAX_VIEWERS: bad })).toThrow(/LIVE_MAX_VIEWERS/);
    }
  });

  it('refuses production without an https PUBLIC_URL', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...staging, NODE_ENV: 'production', PUBLIC_URL: 'http://cams.example' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(loadConfig({ ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' }).publicUrl).toBe(
      'https://cams.example',
    );
  });

  it('refuses sandbox providers in production unless the system is declared a staging system', () => {
    const prod = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' };
    expect(() => loadConfig(prod)).toThrow(
      /PAYMENT_PROVIDER, PHONE_PROVIDER, AVS_PROVIDER, ID_CHECK_PROVIDER, SMS_PROVIDER, CAPTCHA_PROVIDER: sandbox/,
    );
    expect(() =>
      loadConfig({ ...prod, PAYMENT_PROVIDER: 'flexpay', FLEXPAY_SHOP_ID: '1', FLEXPAY_SIGNATURE_KEY: 'k' }),
    ).toThrow(
      /^Invalid configuration:\n {2}PHONE_PROVIDER, AVS_PROVIDER, ID_CHECK_PROVIDER, SMS_PROVIDER, CAPTCHA_PROVIDER: sandbox/,
    );
    // The identity check's sandbox alone keeps production from starting: it approves made-up documents.
    const realButIdCheck = {
      ...prod,
      PAYMENT_PROVIDER: 'flexpay',
      FLEXPAY_SHOP_ID: '1',
      FLEXPAY_SIGNATURE_KEY: 'k',
      PHONE_PROVIDER: 'twilio',
      PHONE_SERVICE_NUMBER: '0900 1 234567',
      TWILIO_VOICE_ENTRY: '+499001234567',
      AVS_PROVIDER: 'veriff',
      VERIFF_API_KEY: 'api-key',
      VERIFF_SHARED_SECRET: 'shared-secret',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_SMS_FROM: '+4915100000000',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
    };
    expect(() => loadConfig(realButIdCheck)).toThrow(/^Invalid configuration:\n {2}ID_CHECK_PROVIDER: sandbox/);
    expect(
      loadConfig({ ...prod, ALLOW_SANDBOX_PROVIDERS: 'true', STAGING_PASSWORD: 'p'.repeat(16) }).payments.provider,
    ).toBe('sandbox');
    // Outside production the sandboxes are the default.
    expect(loadConfig(base).payments.provider).toBe('sandbox');
  });

  it('starts production without the staging flag when every provider is a real one', () => {
    const real = {
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cams.example',
      PAYMENT_PROVIDER: 'flexpay',
      FLEXPAY_SHOP_ID: '1',
      FLEXPAY_SIGNATURE_KEY: 'k',
      PHONE_PROVIDER: 'twilio',
      PHONE_SERVICE_NUMBER: '0900 1 234567',
      AVS_PROVIDER: 'veriff',
      VERIFF_API_KEY: 'api-key',
      VERIFF_SHARED_SECRET: 'shared-secret',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_SMS_FROM: '+4915100000000',
      TWILIO_VOICE_ENTRY: 'sip:LiveCam-0900.sip.twilio.com',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
      ID_CHECK_PROVIDER: 'veriff',
      ID_CHECK_VERIFF_API_KEY: 'idcheck-api-key',
      ID_CHECK_VERIFF_SHARED_SECRET: 'idcheck-shared-secret',
    };
    const config = loadConfig(real);
    expect(config.twilio.voiceEntry).toEqual({ kind: 'sip_domain', value: 'livecam-0900.sip.twilio.com' });
    expect(loadConfig({ ...real, TWILIO_VOICE_ENTRY: '+499001234567' }).twilio.voiceEntry).toEqual({
      kind: 'forwarded_from',
      value: '+499001234567',
    });
    for (const wrong of ['sip:', 'livecam.sip.twilio.com', '0900 1 234567', 'sip:a b.example']) {
      expect(() => loadConfig({ ...real, TWILIO_VOICE_ENTRY: wrong })).toThrow(/TWILIO_VOICE_ENTRY: must be sip:/);
    }
    const { TWILIO_VOICE_ENTRY: _e, ...open } = real;
    expect(() => loadConfig(open)).toThrow(/TWILIO_VOICE_ENTRY: required with PHONE_PROVIDER=twilio/);
    expect([config.payments.phoneProvider, config.ageCheck.provider, config.sms.provider]).toEqual([
      'twilio',
      'veriff',
      'twilio',
    ]);
    expect(config.sandboxPages).toBe(false);
    // Each real provider names the settings it is missing.
    const { VERIFF_SHARED_SECRET: _s, TWILIO_AUTH_TOKEN: _t, PHONE_SERVICE_NUMBER: _n, ...incomplete } = real;
    expect(() => loadConfig(incomplete)).toThrow(
      /VERIFF_SHARED_SECRET: required with AVS_PROVIDER=veriff\n {2}TWILIO_AUTH_TOKEN, PHONE_SERVICE_NUMBER: required with PHONE_PROVIDER=twilio\n {2}TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio/,
    );
    expect(() => loadConfig({ ...real, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID/);
    // The performers' Veriff integration has keys of its own, and shares the API address.
    expect(config.idCheck).toMatchObject({
      provider: 'veriff',
      veriff: {
        apiKey: 'idcheck-api-key',
        sharedSecret: 'idcheck-shared-secret',
        apiUrl: 'https://stationapi.veriff.com',
      },
    });
    const { ID_CHECK_VERIFF_API_KEY: _k, ...noIdKey } = real;
    expect(() => loadConfig(noIdKey)).toThrow(
      /^Invalid configuration:\n {2}ID_CHECK_VERIFF_API_KEY: required with ID_CHECK_PROVIDER=veriff$/,
    );
    const { ID_CHECK_VERIFF_API_KEY: _k2, ID_CHECK_VERIFF_SHARED_SECRET: _s2, ...noIdKeys } = real;
    expect(() => loadConfig(noIdKeys)).toThrow(
      /ID_CHECK_VERIFF_API_KEY, ID_CHECK_VERIFF_SHARED_SECRET: required with ID_CHECK_PROVIDER=veriff/,
    );
    expect(() => loadConfig({ ...base, ID_CHECK_PROVIDER: 'idnow' })).toThrow(/ID_CHECK_PROVIDER/);
    const { RECAPTCHA_SECRET_KEY: _r, ...noSecret } = real;
    expect(() => loadConfig(noSecret)).toThrow(/RECAPTCHA_SECRET_KEY: required with CAPTCHA_PROVIDER=recaptcha/);
    expect(config.captcha).toMatchObject({
      provider: 'recaptcha',
      recaptcha: { siteKey: 'site-key', secretKey: 'secret-key' },
    });
  });

  it('asks for a captcha after 3 registrations an hour and under 3 s per form, unless told otherwise', () => {
    expect(loadConfig(base).captcha.limits).toEqual({ freePerHour: 3, minFormMs: 3000 });
    expect(loadConfig({ ...base, CAPTCHA_FREE_REGISTRATIONS: '10', CAPTCHA_MIN_FORM_MS: '0' }).captcha.limits).toEqual({
      freePerHour: 10,
      minFormMs: 0,
    });
    expect(() => loadConfig({ ...base, CAPTCHA_FREE_REGISTRATIONS: '-1' })).toThrow(/CAPTCHA_FREE_REGISTRATIONS/);
  });

  it('offers the development mailbox only outside production on a local address', () => {
    expect(loadConfig({ ...base }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:4180' }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://staging.cams.example' }).devMailbox).toBe(false);
    expect(loadConfig({ ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://localhost' }).devMailbox).toBe(false);
  });

  it('listens on loopback outside production and on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig(base).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const prod = { ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' };
    expect(loadConfig(prod).host).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('asks production for a SESSION_SECRET of the length it accepts', () => {
    const prod = { ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example', SESSION_SECRET: '' };
    expect(() => loadConfig(prod)).toThrow(/SESSION_SECRET: required in production \(32\+ random characters\)/);
    expect(() => loadConfig({ ...prod, SESSION_SECRET: 's'.repeat(31) })).toThrow(/at least 32 characters/);
    expect(loadConfig({ ...prod, SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe('s'.repeat(32));
  });

  it('serves the API documentation outside production unless API_DOCS turns it off, in production only when on', () => {
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: 'false' }).apiDocs).toBe(false);
    const prod = { ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' };
    expect(loadConfig(prod).apiDocs).toBe(false);
    expect(loadConfig({ ...prod, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ ...base, API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('streams demo broadcasts where demo performers come and go by themselves, not in production or under test', () => {
    expect(loadConfig(base).demoBroadcasts).toBe(true);
    expect(loadConfig({ ...base, DEMO_PRESENCE: 'off' }).demoBroadcasts).toBe(false);
    expect(loadConfig({ ...base, DEMO_PRESENCE: 'off', DEMO_BROADCASTS: 'on' }).demoBroadcasts).toBe(true);
    expect(loadConfig({ ...base, DEMO_BROADCASTS: 'off' }).demoBroadcasts).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).demoBroadcasts).toBe(false);
    const prod = { ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' };
    expect(loadConfig({ ...prod, DEMO_PRESENCE: 'on' }).demoBroadcasts).toBe(false);
    expect(loadConfig({ ...prod, DEMO_BROADCASTS: 'on' }).demoBroadcasts).toBe(true);
    expect(() => loadConfig({ ...base, DEMO_BROADCASTS: 'yes' })).toThrow(/DEMO_BROADCASTS/);
  });

  it('seeds the demo member and operator (public passwords) outside production, in production only when asked', () => {
    expect(loadConfig(base).seedDemo).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    const prod = { ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' };
    expect(loadConfig(prod).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({ ...base, SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('pays performers 5 cents a coin from 50 euros unless told otherwise, and refuses a rate that is no amount', () => {
    expect(loadConfig(base).payouts).toEqual({ rate: 500, minimumCents: 5000 });
    expect(loadConfig({ ...base, PAYOUT_CENTS_PER_COIN: '7.5', PAYOUT_MINIMUM_CENTS: '0' }).payouts).toEqual({
      rate: 750,
      minimumCents: 0,
    });
    for (const bad of ['0', '-1', '1.234', 'five', '1e2']) {
      expect(() => loadConfig({ ...base, PAYOUT_CENTS_PER_COIN: bad }), bad).toThrow(/PAYOUT_CENTS_PER_COIN/);
    }
    expect(() => loadConfig({ ...base, PAYOUT_MINIMUM_CENTS: '-5' })).toThrow(/PAYOUT_MINIMUM_CENTS/);
  });

  it('lets the sandbox PSP send its postbacks unless told to hold them', () => {
    expect(loadConfig(base).payments.sandboxPostbacks).toBe('send');
    expect(loadConfig({ ...base, SANDBOX_PSP_POSTBACKS: 'hold' }).payments.sandboxPostbacks).toBe('hold');
    expect(() => loadConfig({ ...base, SANDBOX_PSP_POSTBACKS: 'drop' })).toThrow(/SANDBOX_PSP_POSTBACKS/);
  });

  it('reads the name blocklist from NAME_BLOCKLIST and NAME_BLOCKLIST_FILE, refusing terms too short to be safe', () => {
    expect(loadConfig(base).nameBlocklist).toEqual([]);
    mkdirSync(base.DATA_DIR, { recursive: true });
    const file = path.join(base.DATA_DIR, 'blocklist.txt');
    writeFileSync(file, '# our own terms\nbadword\n\n=zap  # whole word only\n');
    expect(
      loadConfig({ ...base, NAME_BLOCKLIST: ' rival , Rival_Cams', NAME_BLOCKLIST_FILE: file }).nameBlocklist,
    ).toEqual(['rival', 'Rival_Cams', 'badword', '=zap']);
    expect(() => loadConfig({ ...base, NAME_BLOCKLIST: 'fine,ab' })).toThrow(/NAME_BLOCKLIST: .*1 shorter/);
    expect(() => loadConfig({ ...base, NAME_BLOCKLIST_FILE: path.join(base.DATA_DIR, 'missing.txt') })).toThrow(
      /NAME_BLOCKLIST_FILE/,
    );
  });

  it('reads the ICE settings of live video: STUN/TURN servers, host addresses, UDP ports, peer networks', () => {
    expect(loadConfig(base).live).toEqual({
      iceServers: [],
      hostAddresses: { lan: true, addresses: ['127.0.0.1'] },
      udpPortRange: null,
      peerNetworks: 'auto',
    });
    const servers = [
      { urls: 'stun:stun.example.com:3478' },
      {
        urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
        username: 'u',
        credential: 'p',
      },
    ];
    const live = loadConfig({
      ...base,
      ICE_SERVERS: JSON.stringify(servers),
      LIVE_ICE_HOSTS: '10.0.0.5, loopback',
      LIVE_UDP_PORTS: '40000-40999',
    }).live;
    expect(live).toEqual({
      iceServers: servers,
      hostAddresses: { lan: false, addresses: ['10.0.0.5', '127.0.0.1'] },
      udpPortRange: [40000, 40999],
      peerNetworks: 'auto',
    });
    const networks = (value: string) => loadConfig({ ...base, LIVE_PEER_NETWORKS: value }).live.peerNetworks;
    expect(networks('public')).toEqual([]);
    expect(networks(' loopback, private ,mdns,private')).toEqual(['loopback', 'private', 'mdns']);
    for (const wrong of ['everything', 'auto,private', 'public,loopback', ',', 'multicast']) {
      expect(() => loadConfig({ ...base, LIVE_PEER_NETWORKS: wrong })).toThrow(/LIVE_PEER_NETWORKS/);
    }
    for (const wrong of [
      '{',
      '{"urls":"stun:a"}',
      '[{"urls":"http://a"}]',
      '[{"urls":"turn:a"}]',
      '[{"url":"stun:a"}]',
    ]) {
      expect(() => loadConfig({ ...base, ICE_SERVERS: wrong })).toThrow(/ICE_SERVERS: must be a JSON array/);
    }
    for (const wrong of ['wifi', '300.1.1.1', ',']) {
      expect(() => loadConfig({ ...base, LIVE_ICE_HOSTS: wrong })).toThrow(/LIVE_ICE_HOSTS/);
    }
    for (const wrong of ['40000', '41000-40000', '80-90', '40000-70000']) {
      expect(() => loadConfig({ ...base, LIVE_UDP_PORTS: wrong })).toThrow(/LIVE_UDP_PORTS/);
    }
  });

  it('reads the TURN relay: its URLs, a secret it needs, a bounded credential life', () => {
    const secret = 't'.repeat(32);
    expect(loadConfig(base).turn).toBeNull();
    expect(
      loadConfig({
        ...base,
        TURN_URLS: ' turn:turn.example.com:3478?transport=udp, turns:turn.example.com:5349 ,turn:[2001:db8::1]',
        TURN_SECRET: secret,
      }).turn,
    ).toEqual({
      urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349', 'turn:[2001:db8::1]'],
      secret,
      ttlSeconds: 3600,
      forSfu: false,
    });
    const turn = { ...base, TURN_URLS: 'turn:127.0.0.1:3478', TURN_SECRET: secret };
    expect(loadConfig({ ...turn, TURN_TTL_SECONDS: '600', TURN_FOR_SFU: 'true' }).turn).toMatchObject({
      ttlSeconds: 600,
      forSfu: true,
    });
    expect(() => loadConfig({ ...turn, TURN_SECRET: '' })).toThrow(/TURN_SECRET: required with TURN_URLS/);
    expect(() => loadConfig({ ...turn, TURN_SECRET: 'short' })).toThrow(/TURN_SECRET: must be at least 32/);
    for (const ttl of ['599', '86401', 'soon']) {
      expect(() => loadConfig({ ...turn, TURN_TTL_SECONDS: ttl })).toThrow(/TURN_TTL_SECONDS/);
    }
    for (const wrong of ['stun:turn.example.com', 'turn:', 'https://turn.example.com', 'turn:a b', 'turn:x?foo=1']) {
      expect(() => loadConfig({ ...turn, TURN_URLS: wrong })).toThrow(/TURN_URLS: must be turn: or turns: URLs/);
    }
    // The secret appears in no error message.
    try {
      loadConfig({ ...turn, TURN_SECRET: 'x'.repeat(31) });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).not.toContain('x'.repeat(31));
    }
  });

  it('seals app keys with SECOND_FACTOR_KEY, one kept in DATA_DIR outside production, none in production without it', () => {
    const dir = `/tmp/livecam-env-test-2fa-${process.pid}`;
    const kept = loadConfig({ ...base, DATA_DIR: dir }).secondFactorKey;
    expect(Buffer.from(kept ?? '', 'base64url')).toHaveLength(32);
    expect(loadConfig({ ...base, DATA_DIR: dir }).secondFactorKey).toBe(kept);
    const given = 'k'.repeat(43);
    expect(loadConfig({ ...base, SECOND_FACTOR_KEY: given }).secondFactorKey).toBe(given);
    const production = { ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' };
    expect(loadConfig(production).secondFactorKey).toBeNull();
    expect(loadConfig({ ...production, SECOND_FACTOR_KEY: given }).secondFactorKey).toBe(given);
    for (const bad of ['short', 'k'.repeat(44), 'not base64url!'.repeat(3)]) {
      expect(() => loadConfig({ ...base, SECOND_FACTOR_KEY: bad })).toThrow(/SECOND_FACTOR_KEY/);
    }
  });

  it('names every invalid setting', () => {
    try {
      loadConfig({ ...base, PORT: 'x', REDIS_URL: 'not a url', SESSION_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect(String(err)).toMatch(/PORT/);
      expect(String(err)).toMatch(/REDIS_URL/);
      expect(String(err)).toMatch(/SESSION_SECRET/);
    }
  });
});
