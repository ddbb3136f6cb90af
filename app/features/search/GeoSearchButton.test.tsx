import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { GEO_MAX_AGE_MS } from '#common/constants.ts';
import { GeoSearchButton } from './GeoSearchButton.tsx';

type Success = (p: GeolocationPosition) => void;
type Failure = (e: GeolocationPositionError) => void;

function mockGeolocation(answer: (ok: Success, fail: Failure) => void) {
  const getCurrentPosition = vi.fn((ok: Success, fail: Failure, _options?: PositionOptions) => answer(ok, fail));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

const failWith = (code: number) => (_ok: Success, fail: Failure) =>
  fail({ code, message: 'failed', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });

const renderButton = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<GeoSearchButton />, {
    lang,
    routes: [
      { path: '/search/shows', element: <p>shows search</p> },
      { path: '/faq', element: <p>faq</p> },
    ],
  });

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

describe('geo search', () => {
  it('asks the position (at most 10 minutes old) and opens the shows search with lat and lon', async () => {
    const geo = mockGeolocation((ok) =>
      ok({ coords: { latitude: 52.520008, longitude: 13.404954 } } as GeolocationPosition),
    );
    const { router } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Shows near me' }));
    expect(geo.mock.calls[0]?.[2]).toMatchObject({ maximumAge: GEO_MAX_AGE_MS });
    expect(router.state.location.pathname).toBe('/search/shows');
    expect(router.state.location.search).toBe('?lat=52.52&lon=13.405');
  });

  it.each([
    [1, 'Location not allowed', /allow location access/],
    [2, 'Location not available', /could not determine your location/],
    [3, 'Location took too long', /took too long/],
    [7, 'Location unknown', /could not be determined/],
  ])('error code %i shows its own title and text with the FAQ privacy link', async (code, title, text) => {
    mockGeolocation(failWith(code));
    const { router } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Shows near me' }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent(text);
    const faq = screen.getByRole('link', { name: 'Why the site asks for your location (FAQ)' });
    expect(faq).toHaveAttribute('href', '/faq#q-12');
    expect(router.state.location.pathname).toBe('/');
  });

  it('without geolocation in the browser, shows the default text', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Shows near me' }));
    expect(await screen.findByRole('dialog', { name: 'Location unknown' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  });

  it('speaks German', async () => {
    mockGeolocation(failWith(1));
    renderButton('de');
    await userEvent.click(screen.getByRole('button', { name: 'Shows in meiner Nähe' }));
    expect(await screen.findByRole('dialog', { name: 'Standort nicht freigegeben' })).toBeInTheDocument();
  });
});
