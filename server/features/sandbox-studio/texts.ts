import type { Locale } from '#common/constants.ts';
import { interpolate } from '#common/i18n/translate.ts';

/** The studio console's words: a sandbox page of the server, in the visitor's language. */
const en = {
  title: 'Studio console',
  banner: 'Sandbox: a stand-in for the studio app performers use to go live. Nothing here is shown to members.',
  intro:
    'Switch performers on and off line. Members and visitors see the change at once (show:bulkupdate) on the lists, the show page and in favorites.',
  search: 'Search by name',
  searchSubmit: 'Search',
  showAll: 'Show all',
  performer: 'Performer',
  state: 'State',
  action: 'Action',
  online: 'Online',
  offline: 'Offline',
  goOnline: 'Go online',
  goOffline: 'Go offline',
  goOnlineLabel: 'Set {{name}} online',
  goOfflineLabel: 'Set {{name}} offline',
  count: '{{shown}} of {{total}} performers',
  empty: 'No performer matches.',
  changedOnline: '{{name}} is online now.',
  changedOffline: '{{name}} is offline now.',
  unchanged: '{{name}} already had that state.',
  expired: 'The form has expired. Please try again.',
  invalid: 'The form was incomplete. Please try again.',
  notFound: 'This performer does not exist.',
  calls: 'Phone chat: takes calls',
  noCalls: 'Phone chat: no calls',
  takeCalls: 'Take calls',
  stopCalls: 'Stop calls',
  takeCallsLabel: 'Let {{name}} take phone-chat calls',
  stopCallsLabel: 'Stop phone-chat calls for {{name}}',
  callsOn: '{{name}} takes phone-chat calls now.',
  callsOff: '{{name}} takes no phone-chat calls now.',
  callsOffline: '{{name}} is offline: she takes calls only while online.',
  offerCalls: 'Offer phone chat',
  offerCallsLabel: 'Offer phone chat for {{name}}',
  offered: '{{name}} offers phone chat now, with her own extension.',
  noExtension: 'Every phone-chat extension is taken.',
} as const;

type Texts = Record<keyof typeof en, string>;

const de: Texts = {
  title: 'Studio-Konsole',
  banner:
    'Sandbox: ein Ersatz für die Studio-App, mit der Darstellerinnen live gehen. Mitglieder sehen diese Seite nicht.',
  intro:
    'Schalten Sie Darstellerinnen online und offline. Mitglieder und Besucher sehen die Änderung sofort (show:bulkupdate) in den Listen, auf der Showseite und in den Favoriten.',
  search: 'Nach Namen suchen',
  searchSubmit: 'Suchen',
  showAll: 'Alle anzeigen',
  performer: 'Darstellerin',
  state: 'Status',
  action: 'Aktion',
  online: 'Online',
  offline: 'Offline',
  goOnline: 'Online gehen',
  goOffline: 'Offline gehen',
  goOnlineLabel: '{{name}} online schalten',
  goOfflineLabel: '{{name}} offline schalten',
  count: '{{shown}} von {{total}} Darstellerinnen',
  empty: 'Keine Darstellerin gefunden.',
  changedOnline: '{{name}} ist jetzt online.',
  changedOffline: '{{name}} ist jetzt offline.',
  unchanged: '{{name}} hatte diesen Status bereits.',
  expired: 'Das Formular ist abgelaufen. Bitte versuchen Sie es erneut.',
  invalid: 'Das Formular war unvollständig. Bitte versuchen Sie es erneut.',
  notFound: 'Diese Darstellerin gibt es nicht.',
  calls: 'Telefonchat: nimmt Anrufe an',
  noCalls: 'Telefonchat: keine Anrufe',
  takeCalls: 'Anrufe annehmen',
  stopCalls: 'Anrufe beenden',
  takeCallsLabel: '{{name}} Telefonchat-Anrufe annehmen lassen',
  stopCallsLabel: 'Telefonchat-Anrufe für {{name}} abschalten',
  callsOn: '{{name}} nimmt jetzt Telefonchat-Anrufe an.',
  callsOff: '{{name}} nimmt jetzt keine Telefonchat-Anrufe an.',
  callsOffline: '{{name}} ist offline: Anrufe nimmt sie nur online an.',
  offerCalls: 'Telefonchat anbieten',
  offerCallsLabel: 'Telefonchat für {{name}} anbieten',
  offered: '{{name}} bietet jetzt Telefonchat an, mit eigener Durchwahl.',
  noExtension: 'Alle Telefonchat-Durchwahlen sind vergeben.',
};

export type StudioText = keyof Texts;

/** The text in the language, with {{name}} placeholders filled. */
export function studioText(locale: Locale, key: StudioText, vars: Record<string, string | number> = {}): string {
  const text = (locale === 'de' ? de : en)[key];
  return interpolate(text, vars);
}
