import type { Locale } from '#common/constants.ts';
import type { ConsoleCapability } from '#common/domain/console-policy.ts';

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
    path: '/admin/members',
    capability: 'members',
    label: {
      en: 'Members: find, block, orders and refunds',
      de: 'Mitglieder: suchen, sperren, Bestellungen und Erstattungen',
    },
  },
  {
    path: '/admin/performers',
    capability: 'performers',
    label: {
      en: 'Performer applications: identity and approval',
      de: 'Bewerbungen von Darstellerinnen: Identität und Freigabe',
    },
  },
  {
    path: '/admin/review',
    capability: 'review',
    label: { en: 'Review queue: uploads and edits', de: 'Prüfliste: Uploads und Änderungen' },
  },
  {
    path: '/admin/notices',
    capability: 'notices',
    label: { en: 'Notices and complaints (DSA)', de: 'Meldungen und Beschwerden (DSA)' },
  },
  {
    path: '/admin/payouts',
    capability: 'payouts',
    label: { en: 'Performer payouts', de: 'Auszahlungen an Darstellerinnen' },
  },
  {
    path: '/admin/operators',
    capability: 'operators',
    label: { en: 'Operators and roles', de: 'Betreiberteam und Rollen' },
  },
  {
    path: '/admin/audit',
    capability: 'audit',
    label: { en: 'Audit log', de: 'Protokoll' },
  },
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
