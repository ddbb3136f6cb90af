import { describe, expect, it } from 'vitest';
import { nicknameField } from '../api/fields.ts';
import { nameRules } from './name-blocklist.ts';
import { isValidNickname, nicknameRefusalKey } from './nickname.ts';

describe('nickname rules', () => {
  it.each(['abc', 'Anna_91', 'a.b-c', 'x'.repeat(15)])('accepts %s', (v) => {
    expect(isValidNickname(v)).toBe(true);
    expect(nicknameField.safeParse(v).success).toBe(true);
  });

  it.each(['ab', 'with space', 'umlaut-ä', 'semi;colon', ''])('refuses %s with the pattern key', (v) => {
    expect(isValidNickname(v)).toBe(false);
    const r = nicknameField.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^errors\.validations\.(nickname\.pattern|required)$/);
  });

  it('refuses an over-long nickname with its own key, never cutting it', () => {
    const v = 'x'.repeat(16);
    expect(isValidNickname(v)).toBe(false);
    const r = nicknameField.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('errors.validations.nickname.too_long');
  });

  it('reserves guest in any spelling, and refuses offensive nicknames, with their message keys', () => {
    const rules = nameRules();
    expect(nicknameRefusalKey('guest', rules)).toBe('errors.validations.nickname.reserved');
    expect(nicknameRefusalKey(' GuEsT ', rules)).toBe('errors.validations.nickname.reserved');
    expect(nicknameRefusalKey('Admin_1', rules)).toBe('errors.validations.nickname.reserved');
    expect(nicknameRefusalKey('fuck', rules)).toBe('errors.validations.nickname.offensive');
    expect(nicknameRefusalKey('Anna_91', rules)).toBeNull();
  });
});
