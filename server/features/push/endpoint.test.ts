import { describe, expect, it } from 'vitest';
import { allowedPushEndpoint } from './endpoint.ts';

describe('allowedPushEndpoint', () => {
  it('in production reaches only the browsers’ push services, over https on the standard port', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(allowedPushEndpoint(ok, true), ok).toBe(true);
    }
    for (const refused of [
      'https://attacker.example/r',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.co/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'http://127.0.0.1:4000/push',
      'not a url',
    ]) {
      expect(allowedPushEndpoint(refused, true), refused).toBe(false);
    }
  });

  it('elsewhere takes any https address and a loopback stand-in over http, never other http', () => {
    expect(allowedPushEndpoint('https://push.example.test/sub/1', false)).toBe(true);
    expect(allowedPushEndpoint('http://127.0.0.1:4000/push/1', false)).toBe(true);
    expect(allowedPushEndpoint('http://localhost:4000/push/1', false)).toBe(true);
    expect(allowedPushEndpoint('http://10.0.0.5/push/1', false)).toBe(false);
    expect(allowedPushEndpoint('ftp://127.0.0.1/push', false)).toBe(false);
  });
});
