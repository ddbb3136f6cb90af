import { defineTexts } from '../locale.tsx';

/** The content pages' screen, English and German (formal). */
export const contentTexts = defineTexts({
  en: {
    title: 'Content pages',
    intro:
      'The texts of the legal pages, the FAQ and the performer guide, per language. A change is live on the site at once.',
    colPage: 'Page',
    colLanguage: 'Language',
    colState: 'Text',
    colChanged: 'Changed',
    edited: 'Changed in the console',
    release: 'As released',
    changedBy: (time: string, name: string) => `${time} by ${name}`,
    edit: (page: string) => `Edit ${page}`,
    editTitle: (page: string, language: string) => `${page} (${language})`,
    back: 'Back to the pages',
    textLabel: 'Text',
    textHint: (max: number) =>
      `First line "# Title", then paragraphs separated by an empty line; "## Heading" starts a section (on the FAQ a question). {{site}}, {{email}} and the operator's details are filled in. Everything else is shown as written. At most ${max} characters.`,
    format: 'The text must start with one line "# Title", and have no second one.',
    save: 'Save and publish',
    restore: 'Put the released text back',
    saved: 'The text is live on the site.',
    repeat: 'This change was saved already.',
    unchanged: 'The site shows this text already.',
    notFound: 'There is no such content page.',
    english: 'English',
    german: 'German',
  },
  de: {
    title: 'Inhaltsseiten',
    intro:
      'Die Texte der Rechtsseiten, der FAQ und des Darstellerinnen-Leitfadens, je Sprache. Eine Änderung gilt sofort auf der Website.',
    colPage: 'Seite',
    colLanguage: 'Sprache',
    colState: 'Text',
    colChanged: 'Geändert',
    edited: 'In der Konsole geändert',
    release: 'Wie ausgeliefert',
    changedBy: (time: string, name: string) => `${time} von ${name}`,
    edit: (page: string) => `${page} bearbeiten`,
    editTitle: (page: string, language: string) => `${page} (${language})`,
    back: 'Zurück zu den Seiten',
    textLabel: 'Text',
    textHint: (max: number) =>
      `Erste Zeile „# Titel“, dann Absätze, getrennt durch eine Leerzeile; „## Überschrift“ beginnt einen Abschnitt (in der FAQ eine Frage). {{site}}, {{email}} und die Angaben des Betreibers werden eingesetzt. Alles andere erscheint wie geschrieben. Höchstens ${max} Zeichen.`,
    format: 'Der Text muss mit genau einer Zeile „# Titel“ beginnen.',
    save: 'Speichern und veröffentlichen',
    restore: 'Ausgelieferten Text wiederherstellen',
    saved: 'Der Text ist auf der Website zu sehen.',
    repeat: 'Diese Änderung wurde bereits gespeichert.',
    unchanged: 'Die Website zeigt diesen Text bereits.',
    notFound: 'Diese Inhaltsseite gibt es nicht.',
    english: 'Englisch',
    german: 'Deutsch',
  },
});
export type ContentTexts = (typeof contentTexts)['en'];
