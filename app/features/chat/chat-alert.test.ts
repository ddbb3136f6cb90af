import { describe, expect, it } from 'vitest';
import { ApiError } from '#app/http.ts';
import { CHAT_END_REASONS, CHAT_START_ERRORS } from '#common/api/chat.ts';
import { catalogs } from '#common/i18n/catalogs.ts';
import { chatAlert, endAlert, startFailure } from './chat-alert.ts';

const refusal = (key: string, status = 409) =>
  new ApiError(status, { error: 'conflict', message: key, errors: { [key]: [key] } });

const lookup = (catalog: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

describe('chat alerts', () => {
  it('has a title and a message in both languages for every start error and end reason', () => {
    for (const key of [...CHAT_START_ERRORS, ...CHAT_END_REASONS]) {
      for (const catalog of [catalogs.en, catalogs.de]) {
        expect({ key, title: typeof lookup(catalog, `${key}.title`) }).toEqual({ key, title: 'string' });
        expect({ key, message: typeof lookup(catalog, `${key}.message`) }).toEqual({ key, message: 'string' });
      }
    }
  });

  it('maps the refusals as the error catalogue says', () => {
    expect(startFailure(refusal('chat.not_verfified', 403), 'Anna')).toEqual({ kind: 'verify' });
    expect(startFailure(refusal('chat.no_nickname'), 'Anna')).toEqual({ kind: 'nickname' });
    expect(startFailure(refusal('chat.sign_up_required'), 'Anna')).toEqual({ kind: 'sign_up' });
    expect(startFailure(refusal('chat.no_coins', 402), 'Anna')).toEqual({
      kind: 'alert',
      alert: {
        title: 'chat.no_coins.title',
        message: 'chat.no_coins.message',
        vars: { name: 'Anna' },
        action: { label: 'chatsession.buy_coins', to: '/billing' },
      },
    });
    const paused = startFailure(refusal('chat.show_paused'), 'Anna');
    expect(paused).toMatchObject({ alert: { title: 'chat.show_paused.title', action: null } });
  });

  it('uses the first message of the first key, and the answer message without keys', () => {
    const two = new ApiError(409, {
      error: 'conflict',
      message: 'x',
      errors: { 'chat.show_paused': ['chat.show_not_available'], other: ['chat.banned'] },
    });
    expect(startFailure(two, 'Anna')).toMatchObject({ alert: { title: 'chat.show_not_available.title' } });
    const bare = new ApiError(429, { error: 'throttled', message: 'errors.throttle' });
    expect(startFailure(bare, 'Anna')).toMatchObject({
      alert: { title: 'chatsession.alert.title', message: 'errors.throttle' },
    });
  });

  it('hides the chat without a word when the answer had no body, or none came', () => {
    expect(startFailure(new ApiError(502, null), 'Anna')).toEqual({ kind: 'hidden' });
    expect(startFailure(new TypeError('Failed to fetch'), 'Anna')).toEqual({ kind: 'hidden' });
  });

  it('gives an unknown key its own text under the generic title', () => {
    expect(chatAlert('chat.something_new', 'Anna')).toEqual({
      title: 'chatsession.alert.title',
      message: 'chat.something_new',
      vars: { name: 'Anna' },
      action: null,
    });
  });

  it('says why a session ended, with the way to buy coins when they ran out', () => {
    expect(endAlert('chat.no_coins', 'Anna').action).toEqual({ label: 'chatsession.buy_coins', to: '/billing' });
    expect(endAlert('chat.kicked', 'Anna')).toMatchObject({ title: 'chat.kicked.title', action: null });
    expect(endAlert(null, 'Anna')).toMatchObject({ title: 'chatsession.ended.title' });
  });
});
