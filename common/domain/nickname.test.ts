import { describe, expect, it } from 'vitest';
import { nicknameField } from '../api/fields.ts';
import { isReservedNickname, isValidNickname } from './nickname.ts';

describe('nickname rules', () => {
  it.each(['abc', 'Anna_91', 'a.b-c', 'x'.repeat(15)])('accepts %s', (v) => {
    expect(isValidNickname(v)).toBe(true);
    expect(nicknameField.safeParse(v).success).toBe(true);
  });

  it.each(['ab', 'x'.repeat(16), 'with space', 'umlaut-ä', 'semi;colon', ''])(
    'refuses %s with the pattern key',
    (v) => {
      expect(isValidNickname(v)).toBe(false);
      const r = nicknameField.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/^errors\.validations\.(nickname\.pattern|required)$/);
    },
  );

  it('reserves guest in any spelling', () => {
    expect(isReservedNickname('guest')).toBe(true);
    expect(isReservedNickname(' GuEsT ')).toBe(true);
    expect(isReservedNickname('guest1')).toBe(false);
  });
});
