import type { Locale } from '#common/constants.ts';
import { interpolate } from '#common/i18n/translate.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';

/** The operator console's words, in the visitor's language (server-rendered pages, like the sandbox's). */
const en = {
  signInTitle: 'Operator sign-in',
  consoleTitle: 'Operator console',
  banner: 'For the people who run the site. Members sign in on the site itself.',
  intro: 'Sign in with your e-mail address, your password and the 6-digit code from your authenticator app.',
  email: 'E-mail address',
  password: 'Password',
  code: 'Authenticator code',
  codeHint: '6 digits; the app shows a new code every 30 seconds.',
  submit: 'Sign in',
  failed: 'Sign-in failed. Check the e-mail address, the password and the code, then try again.',
  throttled:
    'Too many attempts from this address or browser. Please try again in {{wait}}, or have an unlock link mailed to you.',
  slowed:
    'There have been many sign-in attempts on this account. Please try again in {{wait}}, or have an unlock link mailed to the account: it lets this browser in at once.',
  waitSeconds: '{{count}} seconds',
  waitMinutes: '{{count}} minutes',
  unlockSend: 'Mail me an unlock link',
  unlockSent:
    'If {{email}} belongs to an operator, an unlock link is on its way. Open it in this browser within 30 minutes, then sign in.',
  unlockTitle: 'Unlock this browser',
  unlockIntro:
    'This makes this browser a known device of your operator account: attempts by others no longer slow it down. You still sign in with your password and code.',
  unlockDone: 'This browser is unlocked. Sign in now.',
  unlockInvalid: 'This link has already been used or has expired. Ask for a new one on the sign-in page.',
  toSignIn: 'To the sign-in page',
  expired: 'The form has expired. Please try again.',
  originRefused:
    'This page was opened at an address the server does not accept as its own ({{origin}}). Please open the console at {{expected}}.',
  signedOut: 'You are signed out.',
  signedInAs: 'Signed in as {{name}} ({{email}}).',
  roles: 'Roles: {{roles}}',
  signOut: 'Sign out',
  tools: 'Tools',
  figuresTitle: 'At a glance',
  figuresNote:
    '“Today” is the calendar day in Berlin. The figures are those of the moment the page was opened: reload for new ones.',
  studio: 'Studio console (sandbox): switch performers on and off line',
  role_admin: 'Administrator',
  role_moderator: 'Moderator',
  role_support: 'Support',
  deskTitle: 'Support desk',
  deskIntro: 'Conversations with unread messages come first, then the newest.',
  deskCounts: 'Conversations: {{total}}; with unread messages: {{unread}}.',
  deskEmpty: 'No member has written to support yet.',
  colMember: 'Member',
  colLast: 'Last message',
  colTime: 'Time',
  colUnread: 'Unread',
  pages: 'Pages',
  pageOf: 'Page {{page}} of {{pages}}',
  newer: 'Newer',
  older: 'Older',
  backToConsole: 'Back to the console',
  backToDesk: 'Back to the support desk',
  threadTitle: 'Support conversation with {{member}}',
  memberDetails: 'Member: {{name}} ({{email}})',
  memberAuthor: 'Member',
  deskAuthor: 'Support',
  deskAuthorNamed: 'Support ({{name}})',
  olderHidden: 'Only the latest {{count}} messages are shown.',
  replyLabel: 'Your reply',
  replyHint:
    'Plain text, at most {{max}} characters. The member is notified at once, or by e-mail when not on the site.',
  replySubmit: 'Send reply',
  replySent: 'Your reply has been sent.',
  replyRequired: 'Please write a reply.',
  replyTooLong: 'The reply is too long: at most {{max}} characters.',
  replyInvalid: 'The reply contains characters that cannot be sent.',
  forbiddenTitle: 'No access',
  forbidden: 'Your roles do not include this page. Ask an administrator if you need it.',
  notFoundTitle: 'Not found',
  notFound: 'There is no such support conversation.',
  notFoundAny: 'There is no such page or record.',
} as const;

type Texts = Record<keyof typeof en, string>;

const de: Texts = {
  signInTitle: 'Anmeldung für das Betreiberteam',
  consoleTitle: 'Betreiberkonsole',
  banner: 'Für die Menschen, die die Website betreiben. Mitglieder melden sich auf der Website selbst an.',
  intro:
    'Melden Sie sich mit Ihrer E-Mail-Adresse, Ihrem Passwort und dem sechsstelligen Code aus Ihrer Authenticator-App an.',
  email: 'E-Mail-Adresse',
  password: 'Passwort',
  code: 'Code aus der Authenticator-App',
  codeHint: '6 Ziffern; die App zeigt alle 30 Sekunden einen neuen Code.',
  submit: 'Anmelden',
  failed: 'Die Anmeldung ist fehlgeschlagen. Prüfen Sie E-Mail-Adresse, Passwort und Code und versuchen Sie es erneut.',
  throttled:
    'Zu viele Versuche von dieser Adresse oder diesem Browser. Bitte versuchen Sie es in {{wait}} erneut, oder lassen Sie sich einen Freischaltlink schicken.',
  slowed:
    'Für dieses Konto gab es viele Anmeldeversuche. Bitte versuchen Sie es in {{wait}} erneut, oder lassen Sie sich einen Freischaltlink an das Konto schicken: Damit kommt dieser Browser sofort herein.',
  waitSeconds: '{{count}} Sekunden',
  waitMinutes: '{{count}} Minuten',
  unlockSend: 'Freischaltlink per E-Mail schicken',
  unlockSent:
    'Wenn {{email}} zu einem Konto des Betreiberteams gehört, ist ein Freischaltlink unterwegs. Öffnen Sie ihn innerhalb von 30 Minuten in diesem Browser und melden Sie sich dann an.',
  unlockTitle: 'Diesen Browser freischalten',
  unlockIntro:
    'Damit wird dieser Browser ein bekanntes Gerät Ihres Kontos: Versuche anderer bremsen ihn nicht mehr. Anmelden müssen Sie sich weiterhin mit Passwort und Code.',
  unlockDone: 'Dieser Browser ist freigeschaltet. Melden Sie sich jetzt an.',
  unlockInvalid:
    'Dieser Link wurde schon benutzt oder ist abgelaufen. Fordern Sie auf der Anmeldeseite einen neuen an.',
  toSignIn: 'Zur Anmeldeseite',
  expired: 'Das Formular ist abgelaufen. Bitte versuchen Sie es erneut.',
  originRefused:
    'Diese Seite wurde unter einer Adresse geöffnet, die der Server nicht als seine eigene annimmt ({{origin}}). Bitte öffnen Sie die Konsole unter {{expected}}.',
  signedOut: 'Sie sind abgemeldet.',
  signedInAs: 'Angemeldet als {{name}} ({{email}}).',
  roles: 'Rollen: {{roles}}',
  signOut: 'Abmelden',
  tools: 'Werkzeuge',
  figuresTitle: 'Auf einen Blick',
  figuresNote:
    '„Heute“ ist der Kalendertag in Berlin. Die Zahlen gelten für den Moment, in dem die Seite geöffnet wurde: Laden Sie sie für neue Zahlen neu.',
  studio: 'Studio-Konsole (Sandbox): Darstellerinnen online und offline schalten',
  role_admin: 'Administration',
  role_moderator: 'Moderation',
  role_support: 'Support',
  deskTitle: 'Support-Postfach',
  deskIntro: 'Unterhaltungen mit ungelesenen Nachrichten stehen oben, danach die neuesten.',
  deskCounts: 'Unterhaltungen: {{total}}; mit ungelesenen Nachrichten: {{unread}}.',
  deskEmpty: 'Noch kein Mitglied hat dem Support geschrieben.',
  colMember: 'Mitglied',
  colLast: 'Letzte Nachricht',
  colTime: 'Zeit',
  colUnread: 'Ungelesen',
  pages: 'Seiten',
  pageOf: 'Seite {{page}} von {{pages}}',
  newer: 'Neuere',
  older: 'Ältere',
  backToConsole: 'Zurück zur Betreiberkonsole',
  backToDesk: 'Zurück zum Support-Postfach',
  threadTitle: 'Support-Unterhaltung mit {{member}}',
  memberDetails: 'Mitglied: {{name}} ({{email}})',
  memberAuthor: 'Mitglied',
  deskAuthor: 'Support',
  deskAuthorNamed: 'Support ({{name}})',
  olderHidden: 'Es werden nur die letzten {{count}} Nachrichten angezeigt.',
  replyLabel: 'Ihre Antwort',
  replyHint:
    'Nur Text, höchstens {{max}} Zeichen. Das Mitglied wird sofort benachrichtigt, oder per E-Mail, wenn es nicht auf der Website ist.',
  replySubmit: 'Antwort senden',
  replySent: 'Ihre Antwort wurde gesendet.',
  replyRequired: 'Bitte schreiben Sie eine Antwort.',
  replyTooLong: 'Die Antwort ist zu lang: höchstens {{max}} Zeichen.',
  replyInvalid: 'Die Antwort enthält Zeichen, die nicht gesendet werden können.',
  forbiddenTitle: 'Kein Zugriff',
  forbidden: 'Ihre Rollen umfassen diese Seite nicht. Wenden Sie sich an die Administration, wenn Sie sie brauchen.',
  notFoundTitle: 'Nicht gefunden',
  notFound: 'Diese Support-Unterhaltung gibt es nicht.',
  notFoundAny: 'Diese Seite oder diesen Eintrag gibt es nicht.',
};

export type AdminText = keyof Texts;

/** The text in the language, with {{name}} placeholders filled. */
export function adminText(locale: Locale, key: AdminText, vars: Record<string, string> = {}): string {
  const text = (locale === 'de' ? de : en)[key];
  return interpolate(text, vars);
}

/** A wait in words: seconds up to a minute and a half, whole minutes (rounded up) beyond. */
export function waitText(locale: Locale, seconds: number): string {
  if (seconds <= 90) return adminText(locale, 'waitSeconds', { count: String(seconds) });
  return adminText(locale, 'waitMinutes', { count: String(Math.ceil(seconds / 60)) });
}

export const roleName = (locale: Locale, role: OperatorRole) => adminText(locale, `role_${role}`);

/**
 * A translator for one console area's own words (each area keeps its texts beside its pages, in
 * both languages; the German list must have every English key, which the type checks).
 */
export function consoleTexts<K extends string>(en: Record<K, string>, de: Record<K, string>) {
  return (locale: Locale, key: K, vars: Record<string, string> = {}): string =>
    interpolate((locale === 'de' ? de : en)[key], vars);
}
