import { describe, expect, it } from 'vitest';
import {
  billedMinutes,
  nextFreeExtension,
  phoneChatAmountCents,
  phoneChatDialString,
  phoneChatState,
} from './phone-chat.ts';

const flags = { online: true, phoneChat: true, phoneChatOn: true, phoneChatConnecting: false, phoneChatBusy: false };

describe('phone chat rules', () => {
  it('bills every started minute; an unanswered call costs nothing', () => {
    expect(billedMinutes(0)).toBe(0);
    expect(billedMinutes(1)).toBe(1);
    expect(billedMinutes(60)).toBe(1);
    expect(billedMinutes(61)).toBe(2);
    expect(billedMinutes(125)).toBe(3);
    expect(phoneChatAmountCents(61, 199)).toBe(398);
    expect(phoneChatAmountCents(0, 199)).toBe(0);
  });

  it('derives her phone state, a call in progress first', () => {
    expect(phoneChatState(flags)).toBe('available');
    expect(phoneChatState({ ...flags, phoneChatConnecting: true })).toBe('connecting');
    expect(phoneChatState({ ...flags, phoneChatConnecting: true, phoneChatBusy: true })).toBe('busy');
    expect(phoneChatState({ ...flags, phoneChatOn: false })).toBe('off');
    expect(phoneChatState({ ...flags, phoneChat: false })).toBe('off');
    // Offline she takes no calls, even with the switch still on.
    expect(phoneChatState({ ...flags, online: false })).toBe('off');
  });

  it('hands out the lowest free four-digit extension, none when all are taken', () => {
    expect(nextFreeExtension(new Set())).toBe('1000');
    expect(nextFreeExtension(new Set(['1000', '1001', '1003']))).toBe('1002');
    const all = new Set(Array.from({ length: 9000 }, (_, i) => String(1000 + i)));
    expect(nextFreeExtension(all)).toBeNull();
    all.delete('9999');
    expect(nextFreeExtension(all)).toBe('9999');
  });

  it('dials the number, a pause, then her extension', () => {
    expect(phoneChatDialString('0900 5 654321', '1042')).toBe('09005654321,1042');
    expect(phoneChatDialString('+49 900 5-654321', '1042')).toBe('+499005654321,1042');
  });
});
