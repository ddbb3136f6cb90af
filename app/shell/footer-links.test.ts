import { describe, expect, it } from 'vitest';
import { escapeClearsHash } from '#app/platform/hash-dialogs.ts';
import { routeNames } from '#app/route-names.ts';
import { FOOTER_LINKS, footerVariant } from './footer-links.ts';

describe('footerVariant', () => {
  it('is full on the index and compact elsewhere', () => {
    expect(footerVariant('index', '')).toBe('full');
    expect(footerVariant('faq', '')).toBe('compact');
    expect(footerVariant(undefined, '')).toBe('compact');
  });
  it('hides while the chat overlay is open, wherever it opens', () => {
    expect(footerVariant('index', '#enter_chat')).toBeNull();
    expect(footerVariant('show', '#enter_chat')).toBeNull();
    expect(footerVariant('search-shows-chat', '#enter_chat')).toBeNull();
    expect(footerVariant('index', '#sign-in')).toBe('full');
  });
  it('stays on show pages while the chat is closed (their route names start with "show")', () => {
    expect(footerVariant('show', '')).toBe('compact');
    expect(footerVariant('show-videos', '')).toBe('compact');
    expect(footerVariant('search-shows-chat', '#sign-in')).toBe('compact');
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
