import sharp from 'sharp';
import { expect } from 'vitest';
import {
  IDCHECK_SIGNATURE_HEADER,
  sandboxIdCheckKeys,
  signIdCheckCallback,
} from '#server/providers/idcheck/sandbox.ts';
import { awaitMail } from './fixtures.ts';
import { TestClient, type TestContext } from './harness.ts';

/** Performer onboarding in tests: sign-up over HTTP, pictures, the ID provider's signed callback. */

let made = 0;
export const APPLICANT_PASSWORD = 'Stage-Lights-2026';

export const signupBody = (over: Record<string, unknown> = {}) => {
  made += 1;
  return {
    email: `applicant-${made}-${Date.now()}@example.com`,
    password: APPLICANT_PASSWORD,
    showName: `New Star ${made} ${Date.now() % 100000}`,
    languages: ['de', 'en'],
    categories: [2, 3],
    terms: true,
    ...over,
  };
};

/** A picture of the format, `size` pixels wide, with EXIF data (a camera's make) in it. */
export async function picture(format: 'jpeg' | 'png' | 'webp' = 'jpeg', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'GPS-Phone' } })
    .toFormat(format)
    .toBuffer();
}

/** A new applicant signed in on her own browser (her sign-up answer and her e-mail address). */
export async function signUpApplicant(t: TestContext, over: Record<string, unknown> = {}) {
  const client = new TestClient(t.app, 'en');
  const body = signupBody(over);
  const res = await client.post('/api/studio/signup', body);
  expect(res.statusCode, res.body).toBe(201);
  return {
    client,
    email: body.email as string,
    showName: body.showName as string,
    id: res.json().performer.id as number,
  };
}

export const upload = (client: TestClient, kind: string, data: Buffer, type = 'image/jpeg') =>
  client.raw('PUT', `/api/studio/application/documents/${kind}`, {
    payload: data as unknown as string,
    headers: { 'content-type': type, ...client.xsrf() },
  });

/** Confirms her address with the link of her mail. */
export async function confirmEmail(t: TestContext, client: TestClient, email: string) {
  const mail = await awaitMail(t, email, 'Confirm your e-mail address');
  const token = mail.textBody.match(/confirm=([A-Za-z0-9_-]+)/)?.[1] ?? '';
  const res = await client.post('/api/studio/application/confirm', { token });
  expect(res.statusCode, res.body).toBe(200);
}

/** A ready applicant: confirmed address, front and selfie uploaded, the check started; answers its reference too. */
export async function readyApplicant(t: TestContext, over: Record<string, unknown> = {}) {
  const a = await signUpApplicant(t, over);
  await confirmEmail(t, a.client, a.email);
  expect((await upload(a.client, 'id_front', await picture())).statusCode).toBe(200);
  expect((await upload(a.client, 'selfie', await picture('png'))).statusCode).toBe(200);
  const started = await a.client.post('/api/studio/application/check', {});
  expect(started.statusCode, started.body).toBe(200);
  const { performerApplications } = await import('#server/db/schema/onboarding.ts');
  const { eq } = await import('drizzle-orm');
  const [row] = await t.db
    .select({ ref: performerApplications.idCheckRef })
    .from(performerApplications)
    .where(eq(performerApplications.performerId, a.id));
  return { ...a, reference: row?.ref ?? '', link: started.json().link as string };
}

/** The provider's callback, signed with the sandbox's key (or `key`), as it would send it. */
export function sendIdCheckCallback(
  t: TestContext,
  event: { reference: string; type?: string; reason?: string | null; id?: string },
  opts: { key?: string; at?: number } = {},
) {
  const body = JSON.stringify({
    id: event.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    type: event.type ?? 'check.passed',
    reference: event.reference,
    reason: event.reason ?? null,
    created: Math.floor(Date.now() / 1000),
  });
  const key = opts.key ?? sandboxIdCheckKeys(t.config).callbackKey;
  return {
    body,
    send: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/idcheck/callback/sandbox',
        headers: {
          'content-type': 'application/json',
          [IDCHECK_SIGNATURE_HEADER]: signIdCheckCallback(key, body, opts.at),
        },
        payload: body,
      }),
  };
}
