import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { catalogs } from '#common/i18n/catalogs.ts';

type Lang = 'en' | 'de';

/** The interface text of a key, so journeys follow the catalogs instead of copying wording. */
export function text(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogs[lang]);
  if (typeof value !== 'string') throw new Error(`no catalog text for ${key}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? '')).replace(/<\/?\w+>/g, '');
}

/** A form field by its catalog label; required fields add " *" to the accessible name. */
export function field(page: Page, lang: Lang, key: string) {
  const label = text(lang, key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/** Passes the 18+ splash the way a visitor does. */
export async function confirmAge(page: Page, lang: Lang = 'en') {
  const button = page.getByRole('button', { name: text(lang, 'splash.confirm') });
  await button.click();
  await expect(button).toBeHidden();
}

/** The newest link to `path` in the mails to `to`, read from the development mailbox. */
export async function mailLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/dev/mailbox.json');
      const mails = (await res.json()) as Array<{ to: string; text: string }>;
      const mail = mails.find((m) => m.to === to && m.text.includes(path));
      link = mail?.text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`))?.[0];
      return link;
    })
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

export const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * Whether the journeys save screenshots for people to look at (on by default; CI sets
 * E2E_SCREENSHOTS=0: nobody looks at its pictures, and they cost minutes). Screens that exist
 * only for the pictures then visit fewer variants, still checking each page renders.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** The width and language variants a screen-by-screen check visits: all four for the pictures. */
export const VARIANTS: ReadonlyArray<{ lang: 'en' | 'de'; device: keyof typeof WIDTHS }> = SCREENSHOTS
  ? [
      { lang: 'en', device: 'phone' },
      { lang: 'en', device: 'desktop' },
      { lang: 'de', device: 'phone' },
      { lang: 'de', device: 'desktop' },
    ]
  : [
      { lang: 'en', device: 'desktop' },
      { lang: 'de', device: 'phone' },
    ];

/**
 * Saves a screenshot of the page (git-ignored folder) for people to look at; `fullPage: false`
 * for what a modal dialog covers, where the page below it would only mislead.
 */
export async function shoot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!SCREENSHOTS) return;
  const { width } = page.viewportSize() ?? { width: 0 };
  const lang = (await page.evaluate(() => document.documentElement.lang)) || 'en';
  await page.screenshot({ path: `e2e/screenshots/${name}-${width}-${lang}.png`, fullPage });
}

/** The member's balance as the top bar shows it (its accessible name carries the number). */
export async function coinBalance(page: Page): Promise<number> {
  const prefix = text('en', 'navbar.coins_other', { count: '§' }).split('§')[0] ?? '';
  // A dialog hides the rest of the page from assistive technology; the top bar is still on screen.
  const link = page.getByRole('link', { name: new RegExp(`^${prefix}`), includeHidden: true });
  const name = (await link.getAttribute('aria-label')) ?? '';
  return Number(name.replace(/\D/g, ''));
}
