import { describe, expect, it, vi } from 'vitest';
import { computeFingerprint, fingerprintTaker } from './visitor-id.ts';

function setup(over: Partial<Parameters<typeof fingerprintTaker>[0]> = {}) {
  const store = new Map<string, string>();
  const send = vi.fn(async () => {});
  const deps = {
    hasVisitorId: () => false,
    allowed: () => true,
    compute: async () => ({ vid: 'a'.repeat(32), confidence: 0.4 }),
    send,
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    ...over,
  };
  return { take: fingerprintTaker(deps), send: deps.send, store };
}

describe('visitor fingerprint', () => {
  it('sends once on the first click', async () => {
    let known = false;
    const { take, send } = setup({ hasVisitorId: () => known });
    expect(await take()).toBe('sent');
    known = true;
    expect(await take()).toBe('skipped');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does nothing without analytics consent or with a visitor id', async () => {
    expect(await setup({ allowed: () => false }).take()).toBe('skipped');
    expect(await setup({ hasVisitorId: () => true }).take()).toBe('skipped');
  });

  it('retries on later clicks, at most 5 times, then marks the visitor id failed', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    const { take, store } = setup({ send });
    for (let i = 0; i < 4; i++) expect(await take()).toBe('retry');
    expect(await take()).toBe('failed');
    expect(store.get('visitor_id_failed')).toBe('1');
    expect(await take()).toBe('skipped');
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('hashes the browser facts into a stable 32-character id', async () => {
    const a = await computeFingerprint();
    const b = await computeFingerprint();
    expect(a.vid).toMatch(/^[0-9a-f]{32}$/);
    expect(a).toEqual(b);
  });
});
