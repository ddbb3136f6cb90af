import { consoleTexts } from '#server/features/admin/texts.ts';

/** The words of the notifier's complaint page (/notices/:id/complaint), in both languages. */
const en = {
  title: 'Complaint about the decision on notice #{{id}}',
  intro:
    'You sent us notice #{{id}}. If you disagree with our decision, tell us why. A moderator who was not involved in the decision will review it, and we will tell you the outcome.',
  decision: 'Our decision',
  decision_remove: 'The content was removed.',
  decision_keep: 'The content stays online.',
  until: 'You can complain until {{date}}.',
  textLabel: 'Your complaint',
  textHint: 'At most {{max}} characters.',
  submit: 'Send complaint',
  sent: 'Thank you: your complaint has been received. We will tell you the outcome by e-mail.',
  exists: 'We have already received a complaint about this decision. We will tell you the outcome by e-mail.',
  closed: 'The time for a complaint about this decision has passed.',
  required: 'Please write your complaint.',
  tooLong: 'The complaint is too long: at most {{max}} characters.',
  invalidText: 'The complaint contains characters that cannot be sent.',
  expired: 'The form could not be sent from here. Please open the link from your e-mail again.',
  notFoundTitle: 'Link not valid',
  notFound: 'This link is not valid. Please use the link from our e-mail about your notice.',
  home: 'To the website',
} as const;

type Texts = Record<keyof typeof en, string>;

const de: Texts = {
  title: 'Beschwerde gegen die Entscheidung zu Meldung #{{id}}',
  intro:
    'Sie haben uns die Meldung #{{id}} geschickt. Wenn Sie mit unserer Entscheidung nicht einverstanden sind, schreiben Sie uns, warum. Eine Person aus der Moderation, die an der Entscheidung nicht beteiligt war, prüft Ihre Beschwerde, und wir teilen Ihnen das Ergebnis mit.',
  decision: 'Unsere Entscheidung',
  decision_remove: 'Der Inhalt wurde entfernt.',
  decision_keep: 'Der Inhalt bleibt online.',
  until: 'Sie können bis zum {{date}} Beschwerde einlegen.',
  textLabel: 'Ihre Beschwerde',
  textHint: 'Höchstens {{max}} Zeichen.',
  submit: 'Beschwerde senden',
  sent: 'Vielen Dank: Ihre Beschwerde ist eingegangen. Wir teilen Ihnen das Ergebnis per E-Mail mit.',
  exists:
    'Wir haben bereits eine Beschwerde gegen diese Entscheidung erhalten. Wir teilen Ihnen das Ergebnis per E-Mail mit.',
  closed: 'Die Frist für eine Beschwerde gegen diese Entscheidung ist abgelaufen.',
  required: 'Bitte schreiben Sie Ihre Beschwerde.',
  tooLong: 'Die Beschwerde ist zu lang: höchstens {{max}} Zeichen.',
  invalidText: 'Die Beschwerde enthält Zeichen, die nicht gesendet werden können.',
  expired: 'Das Formular konnte von hier nicht gesendet werden. Bitte öffnen Sie den Link aus Ihrer E-Mail erneut.',
  notFoundTitle: 'Link ungültig',
  notFound: 'Dieser Link ist ungültig. Bitte verwenden Sie den Link aus unserer E-Mail zu Ihrer Meldung.',
  home: 'Zur Website',
};

export type ComplaintText = keyof Texts;
export const complaintText = consoleTexts<ComplaintText>(en, de);
