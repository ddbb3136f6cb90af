import { describe, expect, it } from 'vitest';
import { freeWatchRefusal, viewerNickname } from './live-access.ts';

describe('freeWatchRefusal', () => {
  it('lets anybody watch a free show that is online and on air', () => {
    expect(freeWatchRefusal({ online: true, free: true, onAir: true })).toBeNull();
  });

  it('refuses an offline show, and an online one whose stream is not up yet', () => {
    expect(freeWatchRefusal({ online: false, free: true, onAir: false })).toBe('chat.show_not_available');
    expect(freeWatchRefusal({ online: false, free: true, onAir: true })).toBe('chat.show_not_available');
    expect(freeWatchRefusal({ online: true, free: true, onAir: false })).toBe('chat.show_not_available');
  });

  it('refuses a show without free chat', () => {
    expect(freeWatchRefusal({ online: true, free: false, onAir: true })).toBe('chat.show_not_available_free');
  });
});

describe('viewerNickname', () => {
  it('is the current nickname, or guest without one', () => {
    expect(viewerNickname('Moonlight')).toBe('Moonlight');
    expect(viewerNickname(null)).toBe('guest');
    expect(viewerNickname('')).toBe('guest');
  });
});
