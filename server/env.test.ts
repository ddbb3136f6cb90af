import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const base = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/livecam-env-test' };

describe('configuration', () => {
  it('refuses production without an https PUBLIC_URL', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://cams.example' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' }).publicUrl).toBe(
      'https://cams.example',
    );
  });

  it('offers the development mailbox only outside production on a local address', () => {
    expect(loadConfig({ ...base }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:4180' }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://staging.cams.example' }).devMailbox).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://localhost' }).devMailbox).toBe(false);
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
