import { describe, expect, it } from 'vitest';
import { isSemver, UNKNOWN_VERSION } from './semver.ts';

describe('isSemver', () => {
  it.each([
    '0.1.0',
    '1.2.3',
    '10.20.30',
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-0.3.7',
    '1.0.0+20130313144700',
    '1.0.0-beta+exp.sha.5114f85',
    UNKNOWN_VERSION,
  ])('accepts %s', (v) => expect(isSemver(v)).toBe(true));

  it.each([
    '',
    '1',
    '1.2',
    'v1.2.3',
    '01.2.3',
    '1.02.3',
    '1.2.03',
    '1.2.3-',
    '1.2.3+',
    '1.2.3-01',
    '1.2.3.4',
    ' 1.2.3',
    '1.2.3 ',
    'dev',
    'test-build',
    `1.2.3-${'a'.repeat(60)}`,
  ])('refuses %j', (v) => expect(isSemver(v)).toBe(false));
});
