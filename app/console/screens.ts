import type { Locale } from '#common/constants.ts';
import type { ConsoleCapability } from '#common/domain/console-policy.ts';

export type ConsoleScreen = {
  path: string;
  capability: ConsoleCapability;
  label: Record<Locale, string>;
};

/**
 * The console's screens as the menu lists them, each with the capability it needs
 * (common/domain/console-policy.ts): an operator sees only the screens her roles open.
 */
export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  { path: '/admin', capability: 'dashboard', label: { en: 'Dashboard', de: 'Übersicht' } },
  { path: '/admin/members', capability: 'members', label: { en: 'Members', de: 'Mitglieder' } },
  {
    path: '/admin/performers',
    capability: 'performers',
    label: { en: 'Performer applications', de: 'Bewerbungen' },
  },
  {
    path: '/admin/review',
    capability: 'review',
    label: { en: 'Review queue', de: 'Prüfliste' },
  },
  {
    path: '/admin/notices',
    capability: 'notices',
    label: { en: 'Notices and complaints (DSA)', de: 'Meldungen und Beschwerden (DSA)' },
  },
  {
    path: '/admin/payouts',
    capability: 'payouts',
    label: { en: 'Payouts', de: 'Auszahlungen' },
  },
  {
    path: '/admin/referrals',
    capability: 'payouts',
    label: { en: 'Referral codes', de: 'Empfehlungscodes' },
  },
  {
    path: '/admin/operators',
    capability: 'operators',
    label: { en: 'Operators and roles', de: 'Betreiberteam und Rollen' },
  },
  { path: '/admin/audit', capability: 'audit', label: { en: 'Audit log', de: 'Protokoll' } },
  { path: '/admin/content', capability: 'content', label: { en: 'Content pages', de: 'Inhaltsseiten' } },
  {
    path: '/admin/support',
    capability: 'support',
    label: { en: 'Support desk', de: 'Support-Postfach' },
  },
];
