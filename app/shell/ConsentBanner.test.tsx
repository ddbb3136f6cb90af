import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from '#app/cookies.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { CONSENT_COOKIE } from '#common/constants.ts';
import { ConsentBanner } from './ConsentBanner.tsx';

describe('ConsentBanner', () => {
  it('offers accept and decline with equal weight', () => {
    renderWithProviders(<ConsentBanner />);
    const accept = screen.getByRole('button', { name: 'Accept' });
    const decline = screen.getByRole('button', { name: 'Decline' });
    expect(accept.className.replace(/css-\S+/g, '')).toBe(decline.className.replace(/css-\S+/g, ''));
    expect(accept).toHaveClass('MuiButton-contained', 'MuiButton-sizeMedium');
  });

  it('stores an accept for a year and goes away', () => {
    renderWithProviders(<ConsentBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(readCookie(CONSENT_COOKIE)).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Your privacy' })).not.toBeInTheDocument();
  });

  it('on decline, stores it and removes the tracking cookies, keeping the others', () => {
    writeCookie('_ga', 'GA1.1.1', 1);
    writeCookie('_ga_ABC', 'x', 1);
    writeCookie('_gid', 'x', 1);
    writeCookie('_pk_id.1', 'x', 1);
    writeCookie('_fbp', 'x', 1);
    writeCookie('_hjSession', 'x', 1);
    writeCookie('locale', 'de', 1);
    renderWithProviders(<ConsentBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(readCookie(CONSENT_COOKIE)).toBe('declined');
    for (const name of ['_ga', '_ga_ABC', '_gid', '_pk_id.1', '_fbp', '_hjSession'])
      expect(readCookie(name)).toBeNull();
    expect(readCookie('locale')).toBe('de');
  });

  it('is not asked again once answered', () => {
    writeCookie(CONSENT_COOKIE, 'declined', 365);
    renderWithProviders(<ConsentBanner />);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
