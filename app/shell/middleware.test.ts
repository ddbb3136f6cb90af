import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from '#app/routes.tsx';
import { testSession, testUser } from '#app/test/render.tsx';
import { queryPreferences, routeGuard } from './middleware.ts';

const guard = (routeName: string | undefined, over: Parameters<typeof testSession>[0] = {}, user = testUser()) =>
  routeGuard({ pathname: `/${routeName ?? 'x'}`, routeName, session: testSession(over), user });

describe('route middleware', () => {
  it('lets a verified member through', () => {
    expect(guard('users-profile-settings')).toEqual({ kind: 'continue' });
  });

  it('sends a voice-call session home from pages not allowed in voice call', () => {
    expect(guard('users-profile-settings', { voicecall: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(guard('faq', { voicecall: true })).toEqual({ kind: 'continue' });
    expect(
      routeGuard({ pathname: '/', routeName: 'index', session: testSession({ voicecall: true }), user: null }),
    ).toEqual({
      kind: 'continue',
    });
  });

  it('leaves for the splash URL unless the page is exempt', () => {
    const splash = { redirect_splash: 'https://partner.example/landing' };
    expect(guard('users-signup', splash)).toEqual({ kind: 'leave', to: 'https://partner.example/landing' });
    for (const exempt of ['terms', 'contact', 'privacy_policy', 'faq', 'usc2257', 'refund']) {
      expect(guard(exempt, splash)).toEqual({ kind: 'continue' });
    }
  });

  it('never follows a splash URL that is not a web address', () => {
    expect(guard('users-signup', { redirect_splash: 'javascript:alert(1)' })).toEqual({ kind: 'continue' });
    expect(guard('users-signup', { redirect_splash: 'data:text/html,x' })).toEqual({ kind: 'continue' });
  });

  it('applies the rules in the spec order: voice call before splash before verification', () => {
    expect(guard('users-signup', { voicecall: true, redirect_splash: 'https://s.example' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(guard('users-signup', { redirect_splash: 'https://s.example' }, testUser({ is_verified: false }))).toEqual({
      kind: 'leave',
      to: 'https://s.example',
    });
  });

  it('sends an unverified member to /verify, except from the pages needed to verify or leave', () => {
    const unverified = testUser({ is_verified: false });
    expect(guard('users-profile-settings', {}, unverified)).toEqual({ kind: 'redirect', to: '/verify' });
    expect(guard('index', {}, unverified)).toEqual({ kind: 'redirect', to: '/verify' });
    for (const allowed of ['verify', 'logout', 'users-activate', 'terms', 'users-signup_success']) {
      expect(guard(allowed, {}, unverified)).toEqual({ kind: 'continue' });
    }
  });

  it('leaves visitors alone', () => {
    expect(
      routeGuard({ pathname: '/users/profile', routeName: 'users-profile', session: testSession(), user: null }),
    ).toEqual({
      kind: 'continue',
    });
  });

  it('reads the query preferences h, lang and l', () => {
    expect(queryPreferences(new URLSearchParams('h=off&lang=de&l=greenhorn'))).toEqual({
      hideHeader: true,
      lang: 'de',
      layout: 'greenhorn',
    });
    expect(queryPreferences(new URLSearchParams('h=on'))).toEqual({ hideHeader: false, lang: null, layout: null });
  });

  it('is the route `game`, which sends unverified members to /verify', () => {
    const matches = matchRoutes(pageRoutes, '/game');
    const name = (matches?.at(-1)?.route.handle as { name?: string } | undefined)?.name;
    expect(name).toBe('game');
    const guard = (verified: boolean) =>
      routeGuard({
        pathname: '/game',
        routeName: name,
        session: testSession(),
        user: testUser({ is_verified: verified }),
      });
    expect(guard(false)).toEqual({ kind: 'redirect', to: '/verify' });
    expect(guard(true)).toEqual({ kind: 'continue' });
  });
});
