import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { configQuery, sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { appTheme } from '#app/theme/themes.ts';
import type { User } from '#common/api/auth.ts';
import type { SessionInfo } from '#common/api/session.ts';
import type { PublicConfig } from '#common/api/system.ts';

export const testSession = (over: Partial<SessionInfo> = {}): SessionInfo => ({
  webid: 1,
  website_id: 1,
  session_id: 'test-session',
  domain: 'localhost',
  visitor_id: null,
  splash18_confirmed: true,
  agechecked: false,
  redirect_splash: null,
  voicecall: false,
  phonecall_payment_type_id: null,
  phonecall_product_id: null,
  phonecall_payment_name: null,
  sms_coins_disabled: true,
  sms_coins_available: false,
  temp_nickname: null,
  welcome_dialog: null,
  incentive_tsp: null,
  _date: '2026-11-21T10:00:00.000Z',
  ...over,
});

export const testUser = (over: Partial<User> = {}): User => ({
  id: 7,
  name: 'member',
  email: 'member@example.org',
  coins: 0,
  is_verified: true,
  show_history: true,
  newsletter: false,
  message_mail: true,
  favorite_mail: true,
  locale: 'en',
  theme: 'redhot',
  has_password: true,
  nicknames: { data: [{ id: 1, nickname: 'Nick' }], current_nickname: { id: 1, nickname: 'Nick' } },
  ...over,
});

export const testConfig = (over: Partial<PublicConfig> = {}): PublicConfig => ({
  site: { name: 'LiveCam', logo: '/logo.svg', webid: 1 },
  supportEmail: 'support@example.org',
  legal: {
    company: 'Operator GmbH',
    address: 'Street 1, Berlin',
    register: 'HRB 1',
    vatId: 'DE1',
    director: 'Director',
    youthOfficer: 'Officer',
    youthEmail: 'youth@example.org',
    abuseEmail: 'abuse@example.org',
    records: 'Records, Berlin',
  },
  googleClientId: null,
  local: false,
  version: '1.4.2',
  buildId: 'test-build',
  age_check_gates: 'voicecall',
  image_hosts: ['', ''],
  name_blocklist: [],
  captcha: { provider: 'sandbox', site_key: 'sandbox-captcha-site-key' },
  chat: { tip_amounts: [10, 25, 50, 100], minute_seconds: 60, voyeur_percent: 50, free_guest_seconds: 300 },
  phone_chat: { number: '0900 5 654321', price_per_minute_cents: 199, currency: 'EUR' },
  ...over,
});

/**
 * Renders UI as the app does: query cache primed with session, user and config, i18n, theme,
 * and a memory router at `route`. Extra routes let a test assert where a page navigates.
 */
export function renderWithProviders(
  ui: ReactElement,
  opts: {
    route?: string;
    path?: string;
    user?: User | null;
    session?: Partial<SessionInfo>;
    config?: Partial<PublicConfig>;
    routes?: RouteObject[];
    lang?: 'en' | 'de';
    /** The app's own client instead of a fresh one (for what is wired to it). */
    client?: QueryClient;
  } = {},
) {
  const client =
    opts.client ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(sessionQuery.queryKey, { session: testSession(opts.session), user: opts.user ?? null });
  client.setQueryData(configQuery.queryKey, testConfig(opts.config));
  void i18n.changeLanguage(opts.lang ?? 'en');
  const router = createMemoryRouter([{ path: opts.path ?? '*', element: ui }, ...(opts.routes ?? [])], {
    initialEntries: [opts.route ?? '/'],
  });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeProvider theme={appTheme('redhot')}>
          <RouterProvider router={router} />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, client, router };
}

/** A fetch answer as the server sends it. */
export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
