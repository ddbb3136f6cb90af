import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { User } from '#common/api/auth.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatBans, chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { clientLogs, contactMessages, contentTexts, takedownNotices } from '#server/db/schema/content.ts';
import { gameSpins } from '#server/db/schema/game.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { performerSessions, performers } from '#server/db/schema/performers.ts';
import { referralCodes, referralSignups } from '#server/db/schema/referrals.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { authTokens, nicknames, users } from '#server/db/schema/users.ts';
import { linkFrom, type TestClient, type TestContext } from './harness.ts';

/** A password no list of common passwords has. */
export const PASSWORD = 'violet-Harbour-42';
/**
 * How long a person took over the registration form, as the web app measures and sends it
 * (`form_ms`): without it a registration looks automated and is asked for a captcha (decision 027).
 */
export const FORM_MS = 20_000;

type Response = Awaited<ReturnType<TestClient['request']>>;

/** The newest mail sent to an address; fails the test when there is none. */
export async function mailTo(t: TestContext, address: string) {
  const mail = (await t.mails()).find((m) => m.toAddress === address);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

/** Waits for the newest mail to `address` whose subject contains `subject` (mails sent after a commit). */
export async function awaitMail(t: TestContext, address: string, subject: string) {
  let found: Awaited<ReturnType<TestContext['mails']>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await t.mails()).find((m) => m.toAddress === address && m.subject.includes(subject));
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error(`no mail "${subject}" to ${address}`);
  return found;
}

export async function userRow(t: TestContext, email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export async function sessionRowsOf(t: TestContext, userId: number) {
  return t.db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** Signs up over the API; the client is then logged in with an unverified account. */
export async function registerUser(
  t: TestContext,
  email: string,
  opts: { lang?: string; password?: string; username?: string } = {},
): Promise<{ client: TestClient; user: User }> {
  const client = t.client(opts.lang ?? 'en');
  const res = await client.post('/api/register', {
    email,
    password: opts.password ?? PASSWORD,
    ...(opts.username ? { username: opts.username } : {}),
    terms_check: true,
    form_ms: FORM_MS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client, user: res.json().user };
}

/** Signs up and follows the activation link: the client is logged in with a verified account. */
export async function registerAndVerify(
  t: TestContext,
  email: string,
  opts: { lang?: string; password?: string; username?: string } = {},
): Promise<{ client: TestClient; user: User }> {
  const { client } = await registerUser(t, email, opts);
  const { token } = linkFrom((await mailTo(t, email)).textBody, '/users/activate');
  const res = await client.post('/api/register/validate', { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user.is_verified).toBe(true);
  return { client, user: res.json().user };
}

/** A new client logged in with a password. */
export async function loginClient(t: TestContext, username: string, password = PASSWORD) {
  const client = t.client();
  const res = await client.post('/api/auth/login', { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** Every row of every table, in a stable order: to prove a refused request changed nothing. */
export async function dbState(t: TestContext) {
  const { db } = t;
  // The state once the work after earlier answers (mails of public endpoints) has ended: else a
  // mail of the request before lands between two snapshots, and a refused request's own work
  // after its answer would go unseen.
  await t.app.ctx.background.settled();
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    nicknames: await db.select().from(nicknames).orderBy(asc(nicknames.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
    authTokens: await db.select().from(authTokens).orderBy(asc(authTokens.id)),
    mails: await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id)),
    contact: await db.select().from(contactMessages).orderBy(asc(contactMessages.id)),
    contentTexts: await db.select().from(contentTexts).orderBy(asc(contentTexts.page), asc(contentTexts.locale)),
    takedown: await db.select().from(takedownNotices).orderBy(asc(takedownNotices.id)),
    clientLogs: await db.select().from(clientLogs).orderBy(asc(clientLogs.id)),
    wallets: await db.select().from(wallets).orderBy(asc(wallets.userId)),
    coinLedger: await db.select().from(coinLedger).orderBy(asc(coinLedger.id)),
    performers: await db.select().from(performers).orderBy(asc(performers.id)),
    performerSessions: await db.select().from(performerSessions).orderBy(asc(performerSessions.id)),
    chatSessions: await db.select().from(chatSessions).orderBy(asc(chatSessions.id)),
    chatBans: await db.select().from(chatBans).orderBy(asc(chatBans.id)),
    referralCodes: await db.select().from(referralCodes).orderBy(asc(referralCodes.code)),
    referralSignups: await db.select().from(referralSignups).orderBy(asc(referralSignups.id)),
    shows: await db.select({ id: shows.id, earnings: shows.earningsUserId }).from(shows).orderBy(asc(shows.id)),
    conversations: await db.select().from(conversations).orderBy(asc(conversations.id)),
    messages: await db.select().from(messages).orderBy(asc(messages.id)),
    gameSpins: await db.select().from(gameSpins).orderBy(asc(gameSpins.id)),
  };
}

/** A member written straight into the table: for tests that need ids, not a logged-in browser. */
export async function insertUser(t: TestContext, email: string): Promise<number> {
  const [row] = await t.db.insert(users).values({ email }).returning({ id: users.id });
  if (!row) throw new Error(`insert of ${email} returned nothing`);
  return row.id;
}

/**
 * Runs a request that must be refused: it answers `status` with `error` in the body and leaves
 * every table as it was. Answers the parsed body for further checks.
 */
export async function expectRefused(
  t: TestContext,
  send: () => Promise<Response>,
  status: number,
  error: string,
): Promise<{ error: string; message: string; errors?: Record<string, string[]>; email?: string }> {
  const before = await dbState(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/stack|at \w+ \(/);
  expect(await dbState(t)).toEqual(before);
  return body;
}

/** As expectRefused for a 422, and the per-field i18n keys must be exactly these. */
export async function expectInvalid(t: TestContext, send: () => Promise<Response>, errors: Record<string, string[]>) {
  const body = await expectRefused(t, send, 422, 'validation_failed');
  expect(body.errors).toEqual(errors);
  return body;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** The unsafe methods: each needs the CSRF token. */
export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body that is not JSON, under a JSON content type, with a valid CSRF token. */
export const sendBrokenJson = (client: TestClient, method: WriteMethod, url: string) =>
  client.raw(method, url, { payload: '{"email": "a@b.de", ', headers: { ...JSON_TYPE, ...client.xsrf() } });

/** A valid body padded past the 64 KiB limit, with a valid CSRF token. */
export const sendOversized = (client: TestClient, method: WriteMethod, url: string, body: object) =>
  client.raw(method, url, {
    payload: JSON.stringify({ ...body, padding: 'x'.repeat(65 * 1024) }),
    headers: { ...JSON_TYPE, ...client.xsrf() },
  });

/** A valid body with the given CSRF header (or none). */
export const sendWithXsrf = (
  client: TestClient,
  method: WriteMethod,
  url: string,
  body: object,
  xsrf: Record<string, string>,
) => client.raw(method, url, { payload: JSON.stringify(body), headers: { ...JSON_TYPE, ...xsrf } });
