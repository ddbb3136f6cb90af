import { createRemoteJWKSet, jwtVerify } from 'jose';

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name: string | null };

/** Verifies a Google ID token (signature against the JWKS, issuer, audience, expiry). */
export type GoogleVerifier = {
  enabled: boolean;
  verify(credential: string): Promise<GoogleIdentity | null>;
};

export function googleVerifier(opts: {
  clientId: string | undefined;
  jwksUrl: string;
  issuers: string[];
}): GoogleVerifier {
  if (!opts.clientId) return { enabled: false, verify: async () => null };
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  const audience = opts.clientId;
  return {
    enabled: true,
    async verify(credential) {
      try {
        const { payload } = await jwtVerify(credential, jwks, {
          issuer: opts.issuers,
          audience,
          algorithms: ['RS256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          sub: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true,
          name: typeof payload.name === 'string' ? payload.name : null,
        };
      } catch {
        return null;
      }
    },
  };
}
