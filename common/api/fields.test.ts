import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS, hasControlCharacters, multiLine, requiredString, singleLine } from './fields.ts';

const line = { multiline: false };
const text = { multiline: true };

describe('hasControlCharacters', () => {
  it('finds C0 control characters and DEL; tab, line feed and carriage return only in single lines', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f']) {
      expect(hasControlCharacters(`a${c}b`, line), JSON.stringify(c)).toBe(true);
      expect(hasControlCharacters(`a${c}b`, text), JSON.stringify(c)).toBe(true);
    }
    for (const c of ['\t', '\n', '\r']) {
      expect(hasControlCharacters(`a${c}b`, line)).toBe(true);
      expect(hasControlCharacters(`a${c}b`, text)).toBe(false);
    }
  });

  it('finds halves of surrogate pairs, and lets whole pairs and other text through', () => {
    expect(hasControlCharacters('a\ud800', text)).toBe(true);
    expect(hasControlCharacters('\ud800b', text)).toBe(true);
    expect(hasControlCharacters('\udc00', text)).toBe(true);
    expect(hasControlCharacters('\udc00\ud800', text)).toBe(true);
    expect(hasControlCharacters('Ünïcødé – ß € 😀 \u{1F1E9}\u{1F1EA}', line)).toBe(false);
    // C1 controls and other invisible characters are text PostgreSQL stores; they pass.
    expect(hasControlCharacters('a\u0085\u200bb', line)).toBe(false);
    expect(hasControlCharacters('', line)).toBe(false);
  });
});

describe('singleLine and multiLine', () => {
  const issues = (result: { error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('answer the control-character key alone, before the field’s other checks', () => {
    const name = singleLine()
      .trim()
      .min(3, 'short')
      .regex(/^[a-z]+$/, 'pattern');
    expect(issues(name.safeParse('a\u0000'))).toEqual([CONTROL_CHARACTERS]);
    expect(issues(name.safeParse('ab'))).toEqual(['short']);
    expect(name.parse('  abc ')).toBe('abc');
  });

  it('let multi-line text keep its tabs and line breaks', () => {
    const message = requiredString(100, { multiline: true });
    expect(message.parse('one\r\n\ttwo')).toBe('one\r\n\ttwo');
    expect(issues(requiredString(100).safeParse('one\ntwo'))).toEqual([CONTROL_CHARACTERS]);
    expect(issues(multiLine().safeParse('bell\u0007'))).toEqual([CONTROL_CHARACTERS]);
  });
});
