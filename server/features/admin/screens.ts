import type { Locale } from '#common/constants.ts';
import type { ConsoleCapability } from './policy.ts';

/**
 * The console's screens as the start page lists them: each with the capability it needs
 * (policy.ts), so an operator sees only the screens her roles open.
 */
export const CONSOLE_SCREENS: readonly {
  path: string;
  capability: ConsoleCapability;
  label: Record<Locale, string>;
}[] = [
  {
    path: '/admin/support',
    capability: 'support',
    label: {
      en: "Support desk: answer members' messages",
      de: 'Support-Postfach: Nachrichten von Mitgliedern beantworten',
    },
  },
];

/** A screen's label, for tests and links elsewhere. */
export function screenLabel(path: string, locale: Locale = 'en'): string {
  const screen = CONSOLE_SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`no console screen ${path}`);
  return screen.label[locale];
}
