import { describe, expect, it } from 'vitest';
import { routeNames } from '#app/routes.tsx';
import { FOOTER_LINKS, footerVariant } from './footer-links.ts';
import { escapeClearsHash } from './hash-dialogs.ts';

describe('footerVariant', () => {
  it('is full on the index and compact elsewhere', () => {
    expect(footerVariant('index', '')).toBe('full');
    expect(footerVariant('faq', '')).toBe('compact');
    expect(footerVariant(undefined, '')).toBe('compact');
  });
  it('hides during chat: a chat route or the chat overlay hash', () => {
    expect(footerVariant('chat', '')).toBeNull();
    expect(footerVariant('chat-videos', '')).toBeNull();
    expect(footerVariant('index', '#enter_chat')).toBeNull();
    expect(footerVariant('index', '#sign-in')).toBe('full');
  });
});

describe('footer links', () => {
  it('point to the pages the spec names', () => {
    expect(FOOTER_LINKS.map((l) => l.to)).toEqual(
      expect.arrayContaining([
        '/imprint',
        '/terms',
        '/faq',
        '/complaints',
        '/privacy_policy',
        '/youth_protection',
        '/abuse',
        '/refund',
        '/content_policy',
        '/takedown',
        '/usc2257',
        '/contact',
        '/camgirl_werden',
        '/webmaster',
      ]),
    );
    expect(FOOTER_LINKS).toHaveLength(14);
  });
  it('each exist in this release', () => {
    const paths = FOOTER_LINKS.map((l) => l.to.slice(1));
    const names: Record<string, string> = { privacy_policy: 'privacy_policy' };
    for (const p of paths) expect(routeNames.has(names[p] ?? p)).toBe(true);
  });
});

describe('escapeClearsHash', () => {
  it('clears dialog hashes, not the persistent success nor the open chat', () => {
    expect(escapeClearsHash('#sign-in')).toBe(true);
    expect(escapeClearsHash('#nicknames')).toBe(true);
    expect(escapeClearsHash('#sign-in-success')).toBe(false);
    expect(escapeClearsHash('#enter_chat')).toBe(false);
    expect(escapeClearsHash('')).toBe(false);
  });
});
