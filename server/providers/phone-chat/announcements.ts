import { interpolate } from '#common/i18n/translate.ts';

/**
 * What the real phone-chat line says to a caller. The 0900 line is a German premium-rate number,
 * so it speaks German (`LINE_LANGUAGE`); the English words are kept beside them for the day a
 * line in another language is added, and so both say the same.
 */
const de = {
  ask_extension: 'Willkommen beim Telefonchat. Bitte geben Sie die vierstellige Durchwahl der Darstellerin ein.',
  unknown: 'Diese Durchwahl gibt es nicht.',
  off: '{{name}} nimmt gerade keine Anrufe an. Bitte versuchen Sie es später noch einmal.',
  busy: '{{name}} telefoniert gerade. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
  connecting: 'Sie werden mit {{name}} verbunden.',
  no_answer: '{{name}} hat nicht abgenommen. Es wurde nichts berechnet.',
  goodbye: 'Auf Wiederhören.',
} as const;

type Announcements = Record<keyof typeof de, string>;

const en: Announcements = {
  ask_extension: 'Welcome to phone chat. Please key in the performer’s four-digit extension.',
  unknown: 'This extension does not exist.',
  off: '{{name}} is not taking calls right now. Please try again later.',
  busy: '{{name}} is on another call. Please try again in a few minutes.',
  connecting: 'Putting you through to {{name}}.',
  no_answer: '{{name}} did not answer. Nothing was billed.',
  goodbye: 'Goodbye.',
};

export type Announcement = keyof Announcements;
export const LINE_LANGUAGE = 'de-DE';

export function announcement(key: Announcement, vars: Record<string, string> = {}, locale: 'de' | 'en' = 'de') {
  return interpolate((locale === 'de' ? de : en)[key], vars);
}
