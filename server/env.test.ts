import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const base = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/livecam-env-test' };
/** Production here is a staging system: the only phone, age-check and SMS adapters are sandboxes. */
const staging = { ...base, ALLOW_SANDBOX_PROVIDERS: 'true' };

describe('configuration', () => {
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
    expect(() => loadConfig(prod)).toThrow(/PAYMENT_PROVIDER, PHONE_PROVIDER, AVS_PROVIDER, SMS_PROVIDER: sandbox/);
    expect(() =>
      loadConfig({ ...prod, PAYMENT_PROVIDER: 'flexpay', FLEXPAY_SHOP_ID: '1', FLEXPAY_SIGNATURE_KEY: 'k' }),
    ).toThrow(/^Invalid configuration:\n {2}PHONE_PROVIDER, AVS_PROVIDER, SMS_PROVIDER: sandbox/);
    expect(loadConfig({ ...prod, ALLOW_SANDBOX_PROVIDERS: 'true' }).payments.provider).toBe('sandbox');
    // Outside production the sandboxes are the default.
    expect(loadConfig(base).payments.provider).toBe('sandbox');
  });

  it('offers the development mailbox only outside production on a local address', () => {
    expect(loadConfig({ ...base }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:4180' }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://staging.cams.example' }).devMailbox).toBe(false);
    expect(loadConfig({ ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://localhost' }).devMailbox).toBe(false);
  });

  it('lets the sandbox PSP send its postbacks unless told to hold them', () => {
    expect(loadConfig(base).payments.sandboxPostbacks).toBe('send');
    expect(loadConfig({ ...base, SANDBOX_PSP_POSTBACKS: 'hold' }).payments.sandboxPostbacks).toBe('hold');
    expect(() => loadConfig({ ...base, SANDBOX_PSP_POSTBACKS: 'drop' })).toThrow(/SANDBOX_PSP_POSTBACKS/);
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
