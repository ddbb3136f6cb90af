import type { Locale } from '#common/constants.ts';
import { interpolate } from '#common/i18n/translate.ts';

/** The sandbox phone-chat line's and the studio's words, in the visitor's language. */
const en = {
  lineTitle: 'Phone-chat line (test provider)',
  lineIntro:
    'This page plays the caller’s telephone on the premium-rate phone-chat line {{number}} ({{price}} per started minute, billed on the phone bill). Dial, then key in the performer’s extension.',
  extension: 'Extension',
  expired: 'This dial did not come from this page, or the page is too old. Please dial again.',
  dial: 'Dial {{number}}',
  unknown: 'Announcement: this extension does not exist. Please check the number.',
  off: 'Announcement: {{name}} is not taking calls right now. Please try again later.',
  busy: 'Announcement: {{name}} is on another call. Please try again in a few minutes.',
  connecting: 'Ringing: putting you through to {{name}} …',
  talking: 'Connected with {{name}}. The carrier bills {{price}} per started minute.',
  ended: 'Call with {{name}} ended: {{seconds}} s, {{minutes}} min billed, {{amount}} on your phone bill.',
  missed: '{{name}} did not answer. Nothing was billed.',
  hangUp: 'Hang up',
  again: 'Call again',
  studioTitle: 'Phone chat',
  studioNone: 'No phone-chat call right now.',
  studioConnecting: 'Caller waiting for {{name}} (ext. {{extension}})',
  studioTalking: '{{name}} is talking to a caller',
  answer: 'Answer',
  answerLabel: 'Answer the call for {{name}}',
  hangUpLabel: 'Hang up the call of {{name}}',
} as const;

type Texts = Record<keyof typeof en, string>;

const de: Texts = {
  lineTitle: 'Telefonchat-Leitung (Testanbieter)',
  lineIntro:
    'Diese Seite spielt das Telefon des Anrufers an der Premium-Telefonchat-Nummer {{number}} ({{price}} je angefangene Minute, über die Telefonrechnung). Wählen Sie und geben Sie dann die Durchwahl der Darstellerin ein.',
  extension: 'Durchwahl',
  expired: 'Diese Wahl kam nicht von dieser Seite, oder die Seite ist zu alt. Bitte wählen Sie noch einmal.',
  dial: '{{number}} wählen',
  unknown: 'Ansage: Diese Durchwahl gibt es nicht. Bitte prüfen Sie die Nummer.',
  off: 'Ansage: {{name}} nimmt gerade keine Anrufe an. Bitte versuchen Sie es später noch einmal.',
  busy: 'Ansage: {{name}} telefoniert gerade. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
  connecting: 'Es klingelt: Sie werden mit {{name}} verbunden …',
  talking: 'Verbunden mit {{name}}. Der Netzbetreiber berechnet {{price}} je angefangene Minute.',
  ended:
    'Gespräch mit {{name}} beendet: {{seconds}} s, {{minutes}} Min. berechnet, {{amount}} auf Ihrer Telefonrechnung.',
  missed: '{{name}} hat nicht abgenommen. Es wurde nichts berechnet.',
  hangUp: 'Auflegen',
  again: 'Erneut anrufen',
  studioTitle: 'Telefonchat',
  studioNone: 'Gerade kein Telefonchat-Anruf.',
  studioConnecting: 'Anrufer wartet auf {{name}} (Durchwahl {{extension}})',
  studioTalking: '{{name}} telefoniert mit einem Anrufer',
  answer: 'Annehmen',
  answerLabel: 'Anruf für {{name}} annehmen',
  hangUpLabel: 'Anruf von {{name}} beenden',
};

export type PhoneChatText = keyof Texts;

export function phoneChatText(locale: Locale, key: PhoneChatText, vars: Record<string, string | number> = {}) {
  const text = (locale === 'de' ? de : en)[key];
  return interpolate(text, vars);
}
