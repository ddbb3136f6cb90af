import type { Locale } from '#common/constants.ts';
import { defineTexts } from '../locale.tsx';

/** Euros from cents as the console's language writes them (display only: amounts stay whole cents). */
export const euros = (locale: Locale, cents: number) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

/** A whole number as the console's language writes it. */
export const whole = (locale: Locale, n: number) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-IE').format(n);

/** The words of the performer payouts screen. */
export const payoutTexts = defineTexts({
  en: {
    title: 'Performer payouts',
    intro: (rate: string, minimum: string) =>
      `Statements are made for each performer and calendar month (Berlin time), from an hour after the month ends. Rate: ${rate} cents per coin. Minimum payout: ${minimum}; a statement below it is carried over and its coins count in the next one.`,
    current: (period: string) => `The current month ${period} is still running; its earnings count when it has ended.`,
    month: 'Month',
    monthOption: (period: string, statements: number) =>
      statements > 0 ? `${period} (${statements} statements)` : `${period} (not made yet)`,
    counts: (due: number, dueAmount: string, paid: number, paidAmount: string, carried: number) =>
      `Due: ${due} (${dueAmount}). Paid: ${paid} (${paidAmount}). Carried over: ${carried}.`,
    empty: 'There are no statements for this month.',
    generate: (period: string) => `Create statements for ${period}`,
    generateTitle: (period: string) => `Create the statements for ${period}?`,
    generateText:
      'A statement is made for every performer with earnings not yet on a statement. Months are made in order: once this month is made, earlier months can no longer be.',
    generated: (created: number) => `Statements created: ${created}.`,
    generatedNone: 'Every statement of this month was there already; nothing was created.',
    notClosed: (period: string) =>
      `The month ${period} has not ended yet: statements are made from an hour after it ends.`,
    laterExists: 'A later month has statements already: months are made in order, so this one cannot be made now.',
    csv: 'Download the statements as CSV (bank run)',
    statements: (period: string) => `Statements for ${period}`,
    colShow: 'Show',
    colCoins: 'Coins',
    colAmount: 'Amount',
    colState: 'State',
    colPaidOn: 'Paid on',
    colAction: 'Action',
    state_due: 'Due',
    state_carried: 'Carried over',
    state_paid: 'Paid',
    markPaid: 'Mark paid',
    markPaidFor: (show: string) => `Mark paid: ${show}`,
    markPaidTitle: (show: string, period: string) => `Mark the statement of ${show} for ${period} paid`,
    markPaidText: (amount: string, coins: string) =>
      `After the bank has paid ${amount}: ${coins} coins leave the earnings account, and the statement can no longer be changed.`,
    paidOn: 'Payment date',
    paidOnHint: 'The day the bank paid: after the month, not in the future.',
    reference: 'Payment reference',
    referenceHint: "As on the bank's statement: up to 140 letters, digits, spaces and / - ? : ( ) . , ' + # & _",
    dateInvalid: 'Enter the payment date: a day after the month, not in the future.',
    referenceInvalid:
      "Enter the bank's payment reference: 1 to 140 letters, digits, spaces and / - ? : ( ) . , ' + # & _",
    paid: (show: string) => `The statement of ${show} is marked paid; its coins have left the earnings account.`,
    alreadyPaid: 'This statement was paid already; nothing was changed.',
    repeated: 'This was done already; nothing was changed.',
    notDue: 'Only a due statement can be marked paid.',
    noCoins:
      'The earnings account holds fewer coins than the statement; nothing was paid. Please look into the account.',
    cancel: 'Cancel',
    confirm: 'Confirm',
    grid: (period: string) => `Payout statements for ${period}`,
  },
  de: {
    title: 'Auszahlungen an Darstellerinnen',
    intro: (rate: string, minimum: string) =>
      `Abrechnungen entstehen je Darstellerin und Kalendermonat (Berliner Zeit), frühestens eine Stunde nach Monatsende. Satz: ${rate} Cent je Coin. Mindestauszahlung: ${minimum}; eine Abrechnung darunter wird vorgetragen, ihre Coins zählen in der nächsten.`,
    current: (period: string) =>
      `Der laufende Monat ${period} ist noch nicht zu Ende; seine Einnahmen zählen, wenn er abgeschlossen ist.`,
    month: 'Monat',
    monthOption: (period: string, statements: number) =>
      statements > 0 ? `${period} (${statements} Abrechnungen)` : `${period} (noch nicht erstellt)`,
    counts: (due: number, dueAmount: string, paid: number, paidAmount: string, carried: number) =>
      `Fällig: ${due} (${dueAmount}). Bezahlt: ${paid} (${paidAmount}). Vorgetragen: ${carried}.`,
    empty: 'Für diesen Monat gibt es keine Abrechnungen.',
    generate: (period: string) => `Abrechnungen für ${period} erstellen`,
    generateTitle: (period: string) => `Die Abrechnungen für ${period} erstellen?`,
    generateText:
      'Für jede Darstellerin mit Einnahmen, die noch auf keiner Abrechnung stehen, entsteht eine Abrechnung. Monate werden der Reihe nach abgerechnet: Ist dieser Monat erstellt, können frühere nicht mehr erstellt werden.',
    generated: (created: number) => `Erstellte Abrechnungen: ${created}.`,
    generatedNone: 'Alle Abrechnungen dieses Monats waren schon vorhanden; es wurde nichts erstellt.',
    notClosed: (period: string) =>
      `Der Monat ${period} ist noch nicht zu Ende: Abrechnungen entstehen frühestens eine Stunde nach Monatsende.`,
    laterExists:
      'Für einen späteren Monat gibt es bereits Abrechnungen: Monate werden der Reihe nach abgerechnet, daher kann dieser jetzt nicht erstellt werden.',
    csv: 'Abrechnungen als CSV herunterladen (Zahllauf)',
    statements: (period: string) => `Abrechnungen für ${period}`,
    colShow: 'Show',
    colCoins: 'Coins',
    colAmount: 'Betrag',
    colState: 'Status',
    colPaidOn: 'Bezahlt am',
    colAction: 'Aktion',
    state_due: 'Fällig',
    state_carried: 'Vorgetragen',
    state_paid: 'Bezahlt',
    markPaid: 'Als bezahlt markieren',
    markPaidFor: (show: string) => `Als bezahlt markieren: ${show}`,
    markPaidTitle: (show: string, period: string) => `Die Abrechnung von ${show} für ${period} als bezahlt markieren`,
    markPaidText: (amount: string, coins: string) =>
      `Nachdem die Bank ${amount} überwiesen hat: ${coins} Coins verlassen das Einnahmenkonto, und die Abrechnung kann nicht mehr geändert werden.`,
    paidOn: 'Zahlungsdatum',
    paidOnHint: 'Der Tag, an dem die Bank gezahlt hat: nach dem Monat, nicht in der Zukunft.',
    reference: 'Verwendungszweck',
    referenceHint: "Wie auf dem Kontoauszug: bis zu 140 Buchstaben, Ziffern, Leerzeichen und / - ? : ( ) . , ' + # & _",
    dateInvalid: 'Geben Sie das Zahlungsdatum ein: ein Tag nach dem Monat, nicht in der Zukunft.',
    referenceInvalid:
      "Geben Sie den Verwendungszweck der Bank ein: 1 bis 140 Buchstaben, Ziffern, Leerzeichen und / - ? : ( ) . , ' + # & _",
    paid: (show: string) =>
      `Die Abrechnung von ${show} ist als bezahlt markiert; ihre Coins haben das Einnahmenkonto verlassen.`,
    alreadyPaid: 'Diese Abrechnung war bereits bezahlt; es wurde nichts geändert.',
    repeated: 'Das ist bereits geschehen; es wurde nichts geändert.',
    notDue: 'Nur eine fällige Abrechnung kann als bezahlt markiert werden.',
    noCoins:
      'Das Einnahmenkonto enthält weniger Coins als die Abrechnung; es wurde nichts ausgezahlt. Bitte prüfen Sie das Konto.',
    cancel: 'Abbrechen',
    confirm: 'Bestätigen',
    grid: (period: string) => `Abrechnungen für ${period}`,
  },
});

export type PayoutTexts = (typeof payoutTexts)['en'];
