import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AgeCheckGates } from '#common/api/avs.ts';
import { AppError } from '#server/errors.ts';
import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import { createTestApp } from '#server/test/harness.ts';
import { ageCheckNeeded, requireAgeChecked } from './policy.ts';

/** A request as the session hook leaves it: the session's flag, and its member once loaded. */
const request = (gates: AgeCheckGates, s: { agechecked?: boolean; verifiedAt?: Date | null } = {}) => {
  const member = s.verifiedAt !== undefined;
  return {
    session: { id: 'session', userId: member ? 1 : null, data: { agechecked: s.agechecked ?? false } },
    sessionUser: member ? ({ id: 1, status: 'active', ageVerifiedAt: s.verifiedAt } as UserWithNicknames) : undefined,
    server: { ctx: { config: { ageCheck: { gates } } } },
  } as unknown as FastifyRequest;
};

const refusal = (p: Promise<void>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? { status: err.status, code: err.code } : err),
  );

describe('requireAgeChecked', () => {
  it('with AGE_CHECK_GATES=voicecall, only the voice call needs the check', async () => {
    expect(ageCheckNeeded('voicecall', 'voicecall')).toBe(true);
    expect(ageCheckNeeded('voicecall', 'media')).toBe(false);
    expect(await refusal(requireAgeChecked(request('voicecall'), 'media'))).toBeNull();
    expect(await refusal(requireAgeChecked(request('voicecall'), 'voicecall'))).toEqual({
      status: 403,
      code: 'age_check_required',
    });
    expect(await refusal(requireAgeChecked(request('voicecall', { agechecked: true }), 'voicecall'))).toBeNull();
  });

  it('with AGE_CHECK_GATES=media, explicit media need it too', async () => {
    expect(ageCheckNeeded('media', 'media')).toBe(true);
    expect(await refusal(requireAgeChecked(request('media')))).toEqual({ status: 403, code: 'age_check_required' });
    expect(await refusal(requireAgeChecked(request('media', { verifiedAt: null })))).toEqual({
      status: 403,
      code: 'age_check_required',
    });
    expect(await refusal(requireAgeChecked(request('media', { agechecked: true })))).toBeNull();
    // A verified member passes even in a session that predates the check.
    expect(await refusal(requireAgeChecked(request('media', { verifiedAt: new Date() })))).toBeNull();
  });

  it('the public configuration tells the app what the check gates', async () => {
    const t = await createTestApp({ env: { AGE_CHECK_GATES: 'media' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json().age_check_gates).toBe('media');
    } finally {
      await t.close();
    }
  });
});
