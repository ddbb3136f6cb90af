import type { FastifyRequest } from 'fastify';
import { guessDevice } from '#app/platform/viewport.ts';
import {
  DEFAULT_THEME,
  DEFAULT_UI_LOCALE,
  LAYOUT_COOKIE,
  LOCALE_COOKIE,
  type Locale,
  THEMES,
  type ThemeName,
} from '#common/constants.ts';
import { chooseLocale } from '#common/domain/locale.ts';
import { rankedLanguages } from '#server/http/locale.ts';
import type { ShellPrefs } from './renderer.ts';

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const isThemeName = (v: unknown): v is ThemeName => typeof v === 'string' && (THEMES as readonly string[]).includes(v);

/**
 * What a page is rendered in, decided the way the browser's middleware decides it (spec part 1,
 * route rules): the `lang` query, the remembered choice, the browser's languages, else the
 * interface default; the layout from `l` or its cookie; the header hidden by `h=off`.
 */
export function pagePrefs(request: FastifyRequest): { locale: Locale; prefs: ShellPrefs } {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const lang = first(query.lang);
  const locale = chooseLocale(
    {
      query: typeof lang === 'string' ? lang : null,
      cookie: request.cookies[LOCALE_COOKIE] ?? null,
      browser: rankedLanguages(request.headers['accept-language']),
    },
    DEFAULT_UI_LOCALE,
  );
  const l = first(query.l);
  const cookieLayout = request.cookies[LAYOUT_COOKIE];
  const layout = isThemeName(l) ? l : isThemeName(cookieLayout) ? cookieLayout : DEFAULT_THEME;
  const device = guessDevice({
    mobileHint: first(request.headers['sec-ch-ua-mobile']) as string | undefined,
    userAgent: request.headers['user-agent'],
  });
  return { locale, prefs: { layout, headerHidden: first(query.h) === 'off', device } };
}
