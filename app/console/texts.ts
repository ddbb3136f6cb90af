import { defineTexts } from './locale.tsx';

/** The frame's and the start page's words (each screen keeps its own beside it). */
export const frameTexts = defineTexts({
  en: {
    console: 'Console',
    screens: 'Console screens',
    menu: 'Menu',
    signedInAs: (name: string) => `Signed in as ${name}`,
    switchLanguage: 'Deutsch',
    signOut: 'Sign out',
    dashboard: 'Dashboard',
    figures: 'Figures now',
    open: 'Open',
    studio: 'Sandbox studio: switch demo shows online',
    notFound: 'There is no such console page.',
    toDashboard: 'To the dashboard',
  },
  de: {
    console: 'Konsole',
    screens: 'Bereiche der Konsole',
    menu: 'Menü',
    signedInAs: (name: string) => `Angemeldet als ${name}`,
    switchLanguage: 'English',
    signOut: 'Abmelden',
    dashboard: 'Übersicht',
    figures: 'Zahlen jetzt',
    open: 'Öffnen',
    studio: 'Sandbox-Studio: Demo-Shows online schalten',
    notFound: 'Diese Seite der Konsole gibt es nicht.',
    toDashboard: 'Zur Übersicht',
  },
});

export const signInTexts = defineTexts({
  en: {
    title: 'Operator sign-in',
    email: 'E-mail address',
    password: 'Password',
    code: 'Authenticator code',
    codeHelp: 'The six digits your authenticator app shows now.',
    submit: 'Sign in',
    failed: 'Sign-in failed. Check the e-mail address, the password and the code, then try again.',
    slowed: (wait: string) =>
      `There have been many sign-in attempts on this account. From this browser, try again in ${wait}, or unlock it with a link by e-mail.`,
    throttled: (wait: string) => `Too many attempts from this address or browser. Please try again in ${wait}.`,
    seconds: (n: number) => (n === 1 ? '1 second' : `${n} seconds`),
    minutes: (n: number) => (n === 1 ? '1 minute' : `${n} minutes`),
    sendUnlock: 'E-mail me an unlock link',
    unlockSent: (email: string) => `If ${email} belongs to an operator, an unlock link is on its way.`,
    signedOut: 'You are signed out.',
    unlockDone: 'This browser is unlocked. Sign in with your password and code.',
    unlockTitle: 'Unlock this browser',
    unlockText: 'The link lets this browser sign in without waiting. You still need your password and code.',
    unlockButton: 'Unlock this browser',
    unlockInvalid: 'This link has already been used or has expired.',
    toSignIn: 'To the sign-in',
  },
  de: {
    title: 'Anmeldung für das Betreiberteam',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    code: 'Code aus der Authenticator-App',
    codeHelp: 'Die sechs Ziffern, die Ihre Authenticator-App jetzt zeigt.',
    submit: 'Anmelden',
    failed:
      'Die Anmeldung ist fehlgeschlagen. Prüfen Sie E-Mail-Adresse, Passwort und Code und versuchen Sie es erneut.',
    slowed: (wait: string) =>
      `Für dieses Konto gab es viele Anmeldeversuche. Versuchen Sie es in diesem Browser in ${wait} erneut, oder schalten Sie ihn mit einem Link per E-Mail frei.`,
    throttled: (wait: string) =>
      `Zu viele Versuche von dieser Adresse oder diesem Browser. Bitte versuchen Sie es in ${wait} erneut.`,
    seconds: (n: number) => (n === 1 ? '1 Sekunde' : `${n} Sekunden`),
    minutes: (n: number) => (n === 1 ? '1 Minute' : `${n} Minuten`),
    sendUnlock: 'Freischaltlink per E-Mail senden',
    unlockSent: (email: string) =>
      `Wenn ${email} zu einem Konto des Betreiberteams gehört, ist ein Freischaltlink unterwegs.`,
    signedOut: 'Sie sind abgemeldet.',
    unlockDone: 'Dieser Browser ist freigeschaltet. Melden Sie sich mit Passwort und Code an.',
    unlockTitle: 'Diesen Browser freischalten',
    unlockText:
      'Mit dem Link kann sich dieser Browser ohne Wartezeit anmelden. Passwort und Code brauchen Sie trotzdem.',
    unlockButton: 'Diesen Browser freischalten',
    unlockInvalid: 'Dieser Link wurde schon benutzt oder ist abgelaufen.',
    toSignIn: 'Zur Anmeldung',
  },
});
