import { describe, expect, it } from 'vitest';
import {
  JOB_FIRST_RETRY_MS,
  JOB_MAX_RETRY_MS,
  jobRetryDelayMs,
  LEASE_LIFE_MS,
  LEASE_RENEW_MS,
  leaseExpired,
  leaseUntil,
} from './process-lease.ts';

describe('process leases', () => {
  it('settle a dead process within 30 s: the lease runs out, then the next renewal of another finds it', () => {
    expect(LEASE_LIFE_MS + LEASE_RENEW_MS).toBeLessThanOrEqual(30_000);
    expect(LEASE_LIFE_MS).toBeGreaterThanOrEqual(2 * LEASE_RENEW_MS);
  });

  it('hold until their end and not at it', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const until = leaseUntil(now);
    expect(leaseExpired(until, new Date(until.getTime() - 1))).toBe(false);
    expect(leaseExpired(until, until)).toBe(true);
  });
});

describe('delayed job retries', () => {
  it('double from the first pause up to the cap', () => {
    expect(jobRetryDelayMs(1)).toBe(JOB_FIRST_RETRY_MS);
    expect(jobRetryDelayMs(2)).toBe(2 * JOB_FIRST_RETRY_MS);
    expect(jobRetryDelayMs(3)).toBe(4 * JOB_FIRST_RETRY_MS);
    expect(jobRetryDelayMs(40)).toBe(JOB_MAX_RETRY_MS);
  });
});
