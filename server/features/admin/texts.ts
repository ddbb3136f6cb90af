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
  throttled: 'Too many attempts. Please wait a few minutes and try again.',
  expired: 'The form has expired. Please try again.',
  signedOut: 'You are signed out.',
  signedInAs: 'Signed in as {{name}} ({{email}}).',
  roles: 'Roles: {{roles}}',
  signOut: 'Sign out',
  tools: 'Tools',
  studio: 'Studio console (sandbox): switch performers on and off line',
  role_admin: 'Administrator',
  role_moderator: 'Moderator',
  role_support: 'Support',
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
  throttled: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  expired: 'Das Formular ist abgelaufen. Bitte versuchen Sie es erneut.',
  signedOut: 'Sie sind abgemeldet.',
  signedInAs: 'Angemeldet als {{name}} ({{email}}).',
  roles: 'Rollen: {{roles}}',
  signOut: 'Abmelden',
  tools: 'Werkzeuge',
  studio: 'Studio-Konsole (Sandbox): Darstellerinnen online und offline schalten',
  role_admin: 'Administration',
  role_moderator: 'Moderation',
  role_support: 'Support',
};

export type AdminText = keyof Texts;

/** The text in the language, with {{name}} placeholders filled. */
export function adminText(locale: Locale, key: AdminText, vars: Record<string, string> = {}): string {
  const text = (locale === 'de' ? de : en)[key];
  return interpolate(text, vars);
}

export const roleName = (locale: Locale, role: OperatorRole) => adminText(locale, `role_${role}`);
