import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { otherPortForm, parseForm, twilioSignature, verifyTwilioSignature } from './twilio-signature.ts';

// The worked example of Twilio's webhook security documentation (auth token 12345).
const DOC_TOKEN = '12345';
const DOC_URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const DOC_PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
};
const DOC_SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

const form = (params: Record<string, string>) => parseForm(new URLSearchParams(params).toString());

describe('Twilio request signatures', () => {
  it('match the documented example', () => {
    expect(twilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS)).toBe(DOC_SIGNATURE);
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_SIGNATURE, DOC_URL, form(DOC_PARAMS))).toBe(true);
  });

  it('sign the URL and the parameters sorted by name, as an independent computation does', () => {
    const params = { b: '2', a: '1', c: 'x y' };
    const expected = createHmac('sha1', 'token').update('https://x.example/p?q=1a1b2cx y').digest('base64');
    expect(twilioSignature('token', 'https://x.example/p?q=1', params)).toBe(expected);
  });

  it('refuse another token, another URL, an altered or added parameter, and no signature', () => {
    const params = form(DOC_PARAMS);
    expect(verifyTwilioSignature('54321', DOC_SIGNATURE, DOC_URL, params)).toBe(false);
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_SIGNATURE, `${DOC_URL}&baz=3`, params)).toBe(false);
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_SIGNATURE, DOC_URL, form({ ...DOC_PARAMS, Digits: '9999' }))).toBe(
      false,
    );
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_SIGNATURE, DOC_URL, form({ ...DOC_PARAMS, Extra: '' }))).toBe(false);
    expect(verifyTwilioSignature(DOC_TOKEN, undefined, DOC_URL, params)).toBe(false);
    expect(verifyTwilioSignature(DOC_TOKEN, ['a', 'b'], DOC_URL, params)).toBe(false);
  });

  it('accept the address signed with or without the default port, and no other port', () => {
    const params = form(DOC_PARAMS);
    const signedFor = (url: string) => twilioSignature(DOC_TOKEN, url, DOC_PARAMS);
    const withPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    expect(verifyTwilioSignature(DOC_TOKEN, signedFor(withPort), DOC_URL, params)).toBe(true);
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_SIGNATURE, withPort, params)).toBe(true);
    const plain = 'http://cams.example/api/x?y=1';
    const plainWithPort = 'http://cams.example:80/api/x?y=1';
    expect(verifyTwilioSignature(DOC_TOKEN, signedFor(plainWithPort), plain, params)).toBe(true);
    expect(verifyTwilioSignature(DOC_TOKEN, signedFor(plain), plainWithPort, params)).toBe(true);
    // Another port is another address; :443 is not http's default.
    expect(
      verifyTwilioSignature(DOC_TOKEN, signedFor('https://mycompany.com:8443/myapp.php?foo=1&bar=2'), DOC_URL, params),
    ).toBe(false);
    expect(verifyTwilioSignature(DOC_TOKEN, signedFor('http://cams.example:443/api/x?y=1'), plain, params)).toBe(false);
    expect(otherPortForm('https://[::1]/p')).toBe('https://[::1]:443/p');
    expect(otherPortForm('https://[::1]:443')).toBe('https://[::1]');
    expect(otherPortForm('http://localhost:3000/p')).toBeNull();
    expect(otherPortForm('ftp://x/p')).toBeNull();
  });
});
