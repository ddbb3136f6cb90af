import { expect } from 'vitest';
import type { TestClient } from './harness.ts';
import { type SoftCredential, softAuthenticator } from './passkey-authenticator.ts';

/** The test app's site: PUBLIC_URL http://localhost:3000, reached as localhost. */
export const ORIGIN = 'http://localhost:3000';
export const RP_ID = 'localhost';

export const authenticator = () => softAuthenticator({ origin: ORIGIN, rpId: RP_ID });
export type Authenticator = ReturnType<typeof authenticator>;

/** Adds a passkey over the API as the settings page does; answers the credential and its row. */
export async function addPasskeyOver(
  client: TestClient,
  auth: Authenticator,
  name = 'Laptop',
): Promise<{ credential: SoftCredential; id: number }> {
  const { options } = (await client.post('/api/passkeys/options')).json();
  const { credential, json } = auth.create(options);
  const res = await client.post('/api/passkeys', { name, credential: json });
  expect(res.statusCode, res.body).toBe(201);
  return { credential, id: res.json().passkey.id };
}
