import { describe, expect, it } from 'vitest';
import { chatWordFilter, filterWord } from './chat-word-filter.ts';

const filter = chatWordFilter(['spam', 'whats app', 'Schlampe', '  ', '...']);

describe('chatWordFilter', () => {
  it.each([
    'spam',
    'SPAM',
    'Spam!',
    'buy my spam now',
    '(spam)',
    'spam, spam, spam',
    'Späm',
    's.p.a.m',
    's p a m',
    's-p-a-m',
    's_p_a_m',
    's*p*a*m',
    'sp am',
    's . p . a . m',
    'write me on whatsapp',
    'whats app me',
    'WHATS-APP',
    'du schlampe',
    'SCHLAMPE!!',
  ])('refuses %j', (text) => {
    expect(filter(text)).not.toBeNull();
  });

  it.each([
    '',
    'hello there',
    'spammer',
    'antispam',
    'spam123',
    'sp    am',
    'what a lovely app',
    'is pam here?',
    'whatsappening',
  ])('lets %j through', (text) => {
    expect(filter(text)).toBeNull();
  });

  it('answers the listed word it found', () => {
    expect(filter('hey S.P.A.M')).toBe('spam');
    expect(filter('call me on whats-app')).toBe('whatsapp');
  });

  it('lets everything through with an empty list, or one of separators only', () => {
    expect(chatWordFilter([])('spam')).toBeNull();
    expect(chatWordFilter([' ', '-.-'])('- . -')).toBeNull();
  });

  it('compares entries folded and joined', () => {
    expect(filterWord(' Whats App ')).toBe('whatsapp');
    expect(filterWord('Straße')).toBe('strasse');
    expect(filterWord('--')).toBeNull();
    expect(chatWordFilter(['straße'])('STRASSE')).toBe('strasse');
  });
});
