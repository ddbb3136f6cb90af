import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import { handleGlobalError, queryClient } from '#app/query-client.ts';
import { jsonResponse, testSession, testUser } from '#app/test/render.tsx';
import { globalErrorAction } from './global-errors.ts';
import { registerNavigate } from './navigation.ts';

const apiError = (status: number, code: string) => new ApiError(status, { error: code, message: code });

describe('globalErrorAction', () => {
  it('ends the session on a 401 only while logged in', () => {
    expect(globalErrorAction(apiError(401, 'unauthenticated'), true)).toEqual({ kind: 'logout' });
    expect(globalErrorAction(new ApiError(401, null), true)).toEqual({ kind: 'logout' });
    expect(globalErrorAction(apiError(401, 'unknown_credentials'), false)).toBeNull();
  });
  it('keeps the session on a 401 about something else than the session, and on a dead link', () => {
    expect(globalErrorAction(apiError(401, 'unknown_credentials'), true)).toBeNull();
    expect(globalErrorAction(apiError(410, 'link_expired'), true)).toBeNull();
  });
  it('sends an unverified member to /verify and any other 403 home', () => {
    expect(globalErrorAction(apiError(403, 'not_verified'), true)).toEqual({ kind: 'navigate', to: '/verify' });
    expect(globalErrorAction(apiError(403, 'forbidden'), true)).toEqual({ kind: 'navigate', to: '/' });
    expect(globalErrorAction(new ApiError(403, null), false)).toEqual({ kind: 'navigate', to: '/' });
  });
  it('leaves a blocked account and every other error to the page', () => {
    expect(globalErrorAction(apiError(403, 'user_blocked'), false)).toBeNull();
    expect(globalErrorAction(apiError(422, 'validation_failed'), true)).toBeNull();
    expect(globalErrorAction(new Error('network'), true)).toBeNull();
  });
});

describe('handleGlobalError', () => {
  afterEach(() => {
    registerNavigate(null);
    queryClient.clear();
    vi.restoreAllMocks();
  });

  it('asks whether the session is really gone, fetches the CSRF cookie, then goes to /logout', async () => {
    queryClient.setQueryData(sessionQuery.queryKey, { session: testSession(), user: testUser() });
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      calls.push(url.replace(/^https?:\/\/[^/]+/, ''));
      if (url.includes('/api/session/init')) return jsonResponse({ session: testSession(), user: null });
      return new Response(null, { status: 204 });
    });
    registerNavigate((to) => calls.push(`navigate ${to}`));
    await handleGlobalError(apiError(401, 'unauthenticated'));
    expect(calls).toEqual(['/api/session/init', '/api/auth/csrf-cookie', 'navigate /logout']);
  });

  it('keeps a member signed in when the 401 was for a session replaced meanwhile (activation, sign-in)', async () => {
    queryClient.setQueryData(sessionQuery.queryKey, { session: testSession(), user: testUser() });
    const navigate = vi.fn();
    registerNavigate(navigate);
    const fetches = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => jsonResponse({ session: testSession(), user: testUser({ name: 'renewed' }) }));
    await handleGlobalError(apiError(401, 'unauthenticated'));
    expect(navigate).not.toHaveBeenCalled();
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(sessionQuery.queryKey)?.user?.name).toBe('renewed');
  });

  it('applies the rule to failed queries through the cache', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ error: 'not_verified', message: 'not_verified' }, 403),
    );
    const { api } = await import('#app/http.ts');
    await queryClient.fetchQuery({ queryKey: ['x'], queryFn: () => api('GET', 'x'), retry: false }).catch(() => null);
    expect(navigate).toHaveBeenCalledWith('/verify');
  });

  it("leaves a member signed in when a performer's studio call of the same browser answers 401", async () => {
    queryClient.setQueryData(sessionQuery.queryKey, { session: testSession(), user: testUser() });
    const navigate = vi.fn();
    registerNavigate(navigate);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ error: 'unauthenticated' }, 401));
    const { api } = await import('#app/http.ts');
    const { PERFORMER_META } = await import('#app/features/studio/api.ts');
    await queryClient
      .fetchQuery({
        queryKey: ['studio-x'],
        queryFn: () => api('GET', 'studio/me'),
        retry: false,
        meta: PERFORMER_META,
      })
      .catch(() => null);
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => api('POST', 'studio/live/stop', {}), meta: PERFORMER_META })
      .execute(undefined)
      .catch(() => null);
    expect(navigate).not.toHaveBeenCalled();
    // The same answer to a member's call ends the member's session.
    await queryClient
      .fetchQuery({ queryKey: ['member-x'], queryFn: () => api('GET', 'x'), retry: false })
      .catch(() => null);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/logout'));
  });
});
