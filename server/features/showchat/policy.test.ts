import { describe, expect, it } from 'vitest';
import { SHOW_CHAT_ERRORS } from '#common/api/showchat.ts';
import { type Chatter, chatWriter } from './policy.ts';

const show = (over: Partial<{ free: boolean; online: boolean; privateUserId: number | null }> = {}) => ({
  universalId: '7',
  free: false,
  online: true,
  privateUserId: null,
  ...over,
});
const member = (over: Partial<Extract<Chatter, { kind: 'member' }>> = {}): Chatter => ({
  kind: 'member',
  userId: 11,
  nickname: 'anna',
  verified: true,
  active: true,
  ...over,
});

describe('chatWriter', () => {
  it('lets only the member of a running private (and the performer) write', () => {
    const inPrivate = show({ free: true, privateUserId: 11 });
    expect(chatWriter(member(), inPrivate)).toEqual({ nickname: 'anna', from: 'viewer' });
    expect(chatWriter(member({ userId: 12 }), inPrivate)).toEqual({ refused: SHOW_CHAT_ERRORS.inPrivate });
    expect(chatWriter({ kind: 'guest', session: true }, inPrivate)).toEqual({ refused: SHOW_CHAT_ERRORS.inPrivate });
    const her: Chatter = { kind: 'performer', showUniversalId: '7', showName: 'Mia' };
    expect(chatWriter(her, inPrivate)).toEqual({ nickname: 'Mia', from: 'performer' });
  });

  it('lets the performer write in her own show only, as her show name', () => {
    const her: Chatter = { kind: 'performer', showUniversalId: '7', showName: 'Mia' };
    expect(chatWriter(her, show())).toEqual({ nickname: 'Mia', from: 'performer' });
    expect(chatWriter(her, show({ online: false }))).toEqual({ nickname: 'Mia', from: 'performer' });
    expect(chatWriter(her, { ...show(), universalId: '8' })).toEqual({ refused: SHOW_CHAT_ERRORS.notYourShow });
  });

  it('lets a verified member write as her current nickname, in any show', () => {
    expect(chatWriter(member(), show())).toEqual({ nickname: 'anna', from: 'viewer' });
    expect(chatWriter(member(), show({ online: false }))).toEqual({ nickname: 'anna', from: 'viewer' });
  });

  it('refuses a member without a nickname, unverified or blocked', () => {
    expect(chatWriter(member({ nickname: null }), show())).toEqual({ refused: SHOW_CHAT_ERRORS.nickname });
    expect(chatWriter(member({ verified: false }), show())).toEqual({ refused: SHOW_CHAT_ERRORS.notVerified });
    expect(chatWriter(member({ active: false }), show())).toEqual({ refused: 'errors.user_blocked' });
  });

  it('lets a guest write as guest only in a free show that is online', () => {
    const guest: Chatter = { kind: 'guest', session: true };
    expect(chatWriter(guest, show({ free: true }))).toEqual({ nickname: 'guest', from: 'viewer' });
    // Once her chat in the show started, under her name for the visit.
    const named: Chatter = { kind: 'guest', session: true, name: 'guest-4821' };
    expect(chatWriter(named, show({ free: true }))).toEqual({ nickname: 'guest-4821', from: 'viewer' });
    expect(chatWriter(named, show())).toEqual({ refused: SHOW_CHAT_ERRORS.signUp });
    expect(chatWriter(guest, show())).toEqual({ refused: SHOW_CHAT_ERRORS.signUp });
    expect(chatWriter(guest, show({ free: true, online: false }))).toEqual({ refused: SHOW_CHAT_ERRORS.offline });
    // Without a browser session nobody could mute or ban her.
    expect(chatWriter({ kind: 'guest', session: false }, show({ free: true }))).toEqual({
      refused: SHOW_CHAT_ERRORS.noSession,
    });
  });

  it('refuses viewers the performer banned or muted, and never the performer', () => {
    const guest: Chatter = { kind: 'guest', session: true };
    const banned = { banned: true, muted: true };
    const muted = { banned: false, muted: true };
    expect(chatWriter(member(), show(), banned)).toEqual({ refused: SHOW_CHAT_ERRORS.banned });
    expect(chatWriter(member(), show(), muted)).toEqual({ refused: SHOW_CHAT_ERRORS.muted });
    expect(chatWriter(guest, show({ free: true }), muted)).toEqual({ refused: SHOW_CHAT_ERRORS.muted });
    expect(chatWriter(member(), show(), { banned: false, muted: false })).toEqual({ nickname: 'anna', from: 'viewer' });
    const her: Chatter = { kind: 'performer', showUniversalId: '7', showName: 'Mia' };
    expect(chatWriter(her, show(), banned)).toEqual({ nickname: 'Mia', from: 'performer' });
  });

  it('refuses a performer whose session ended', () => {
    expect(chatWriter({ kind: 'gone' }, show())).toEqual({ refused: 'errors.unauthenticated' });
  });
});
