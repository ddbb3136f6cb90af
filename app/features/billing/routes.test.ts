import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeNames } from '#app/route-names.ts';
import { pageRoutes } from '#app/routes.tsx';

const nameOf = (path: string) => {
  const matches = matchRoutes(pageRoutes, path);
  const last = matches?.[matches.length - 1];
  return { name: (last?.route.handle as { name?: string } | undefined)?.name, params: last?.params ?? {} };
};

describe('billing routes', () => {
  it('carry the spec route names', () => {
    expect(nameOf('/billing').name).toBe('billing');
    expect(nameOf('/bill').name).toBe('bill');
    expect(nameOf('/billing/f').name).toBe('billing-f');
    expect(nameOf('/billing/f/PLUS10')).toEqual({ name: 'billing-f', params: { code: 'PLUS10' } });
    expect(nameOf('/billing/transfer').name).toBe('billing-transfer');
    expect(nameOf('/billing/back').name).toBe('billing-back');
    // the side menu shows "Buy coins" and "Pay by phone" once the billing route exists
    expect(routeNames.has('billing')).toBe(true);
  });
});
