import { defineTexts } from '../locale.tsx';

/** The words of closing a performer's account on her written request (decision 069), both languages. */
export const performerCloseTexts = defineTexts({
  en: {
    section: 'Closing the account',
    intro:
      'On her written request only. Her studio sessions end at once, her show and content go offline, and her contact details and show texts are erased. The 2257 records, payout statements and earnings stay.',
    open: 'Close the account…',
    title: 'Close this performer’s account',
    text: (show: string) =>
      `${show}: this cannot be undone. The reference of her written request and your reason go into the audit log.`,
    reference: 'Reference of her written request (ticket or letter)',
    reason: 'Reason',
    confirm: 'Close the account',
    cancel: 'Cancel',
    required: 'This field is required.',
    done: 'The account is closed; her personal data is erased.',
    unchanged: 'The account was closed already.',
    closed: 'This account is closed. Only the records the law keeps remain.',
  },
  de: {
    section: 'Konto schließen',
    intro:
      'Nur auf ihre schriftliche Bitte. Ihre Studio-Sitzungen enden sofort, ihre Show und ihre Inhalte gehen offline, und ihre Kontaktdaten und Show-Texte werden gelöscht. Die 2257-Unterlagen, Auszahlungsbelege und Einnahmen bleiben.',
    open: 'Konto schließen…',
    title: 'Konto dieser Darstellerin schließen',
    text: (show: string) =>
      `${show}: Das lässt sich nicht rückgängig machen. Das Zeichen ihrer schriftlichen Bitte und Ihr Grund kommen ins Audit-Log.`,
    reference: 'Zeichen ihrer schriftlichen Bitte (Ticket oder Brief)',
    reason: 'Grund',
    confirm: 'Konto schließen',
    cancel: 'Abbrechen',
    required: 'Dieses Feld ist erforderlich.',
    done: 'Das Konto ist geschlossen; ihre persönlichen Daten sind gelöscht.',
    unchanged: 'Das Konto war bereits geschlossen.',
    closed: 'Dieses Konto ist geschlossen. Nur die Unterlagen, die das Gesetz verlangt, sind noch da.',
  },
});
