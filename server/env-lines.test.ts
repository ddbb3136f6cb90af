import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

/** The lines a show's chat may run on: phone chat (sandbox or Twilio) and partner shows' chat. */
const base = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/livecam-env-test' };
/** Production here is a staging system that runs the sandbox providers. */
const staging = { ...base, ALLOW_SANDBOX_PROVIDERS: 'true', STAGING_PASSWORD: 'p'.repeat(16) };

describe('configuration of the chat lines', () => {
  it('runs the sandbox phone-chat line outside production and none in production, unless PHONE_CHAT_PROVIDER says', () => {
    expect(loadConfig(base).payments.phoneChat.provider).toBe('sandbox');
    expect(loadConfig({ ...base, PHONE_CHAT_PROVIDER: 'none' }).payments.phoneChat.provider).toBe('none');
    const prod = { ...staging, NODE_ENV: 'production', PUBLIC_URL: 'https://cams.example' };
    expect(loadConfig(prod).payments.phoneChat.provider).toBe('none');
    // The sandbox line counts among the sandbox providers production refuses outside staging.
    expect(loadConfig({ ...prod, PHONE_CHAT_PROVIDER: 'sandbox' }).payments.phoneChat.provider).toBe('sandbox');
    const {
      ALLOW_SANDBOX_PROVIDERS: _a,
      STAGING_PASSWORD: _p,
      ...real
    } = {
      ...prod,
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
      TWILIO_VOICE_ENTRY: 'sip:livecam.sip.twilio.com',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
      ID_CHECK_PROVIDER: 'veriff',
      ID_CHECK_VERIFF_API_KEY: 'idcheck-api-key',
      ID_CHECK_VERIFF_SHARED_SECRET: 'idcheck-shared-secret',
    };
    expect(loadConfig(real).payments.phoneChat.provider).toBe('none');
    expect(() => loadConfig({ ...real, PHONE_CHAT_PROVIDER: 'sandbox' })).toThrow(
      /^Invalid configuration:\n {2}PHONE_CHAT_PROVIDER: sandbox/,
    );
    expect(() => loadConfig({ ...base, PHONE_CHAT_PROVIDER: 'carrier' })).toThrow(/PHONE_CHAT_PROVIDER/);
    // The partner of partner shows: the same rule (with none they are not offered at all).
    expect(loadConfig(base).chat.partnerProvider).toBe('sandbox');
    expect(loadConfig(prod).chat.partnerProvider).toBe('none');
    expect(loadConfig({ ...prod, PARTNER_CHAT_PROVIDER: 'sandbox' }).chat.partnerProvider).toBe('sandbox');
    expect(loadConfig(real).chat.partnerProvider).toBe('none');
    expect(() => loadConfig({ ...real, PARTNER_CHAT_PROVIDER: 'sandbox' })).toThrow(
      /^Invalid configuration:\n {2}PARTNER_CHAT_PROVIDER: sandbox/,
    );
    // The real line on Twilio runs in production with its own number, entry and caller id.
    const line = {
      PHONE_CHAT_PROVIDER: 'twilio',
      PHONE_CHAT_NUMBER: '0900 5 111222',
      PHONE_CHAT_ENTRY: 'sip:chat-0900.sip.twilio.com',
      PHONE_CHAT_CALLER_ID: '+4930123456789',
    };
    expect(loadConfig({ ...real, ...line }).payments.phoneChat).toMatchObject({
      provider: 'twilio',
      number: '0900 5 111222',
      entry: { kind: 'sip_domain', value: 'chat-0900.sip.twilio.com' },
      callerId: '+4930123456789',
    });
  });

  it('refuses the Twilio phone-chat line without its settings, naming each one', () => {
    expect(() => loadConfig({ ...base, PHONE_CHAT_PROVIDER: 'twilio' })).toThrow(
      /^Invalid configuration:\n {2}TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, PHONE_CHAT_NUMBER, PHONE_CHAT_ENTRY, PHONE_CHAT_CALLER_ID: required with PHONE_CHAT_PROVIDER=twilio$/,
    );
    const line = {
      ...base,
      PHONE_CHAT_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      PHONE_CHAT_NUMBER: '0900 5 111222',
      PHONE_CHAT_ENTRY: '+499005111222',
      PHONE_CHAT_CALLER_ID: '+4930123456789',
    };
    expect(loadConfig(line).payments.phoneChat.entry).toEqual({ kind: 'forwarded_from', value: '+499005111222' });
    expect(() => loadConfig({ ...line, PHONE_CHAT_CALLER_ID: '030 123456' })).toThrow(
      /PHONE_CHAT_CALLER_ID: must be a Twilio number in E\.164 form/,
    );
    expect(() => loadConfig({ ...line, PHONE_CHAT_ENTRY: 'chat.example' })).toThrow(/PHONE_CHAT_ENTRY: must be sip:/);
    // The sandbox line keeps its made-up number when none is set.
    expect(loadConfig(base).payments.phoneChat.number).toBe('0900 5 654321');
  });
});
