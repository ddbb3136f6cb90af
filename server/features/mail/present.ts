import type { OutboxRow } from './data.ts';

/** A mail as the development mailbox shows it. */
export const presentMail = (r: OutboxRow) => ({
  id: r.id,
  to: r.toAddress,
  subject: r.subject,
  text: r.textBody,
  created: r.createdAt.toISOString(),
  sent: r.sentAt !== null,
});
