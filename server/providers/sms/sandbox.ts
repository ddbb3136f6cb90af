import { randomUUID } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sandboxSms as sandboxSmsTable } from '#server/db/schema/sandbox-sms.ts';
import { maskNumber, SmsDeliveryError, type SmsMessage, type SmsProvider, type SmsReceipt } from './types.ts';

/** A message the sandbox gateway accepted, as its outbox shows it. */
export type SandboxSms = SmsMessage & { id: string; sentAt: Date };

export type SmsLog = { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** The outbox keeps this many messages, newest first; older ones fall out. */
export const SANDBOX_OUTBOX_SIZE = 200;

/**
 * Numbers the sandbox gateway refuses, as a real one refuses unreachable or barred numbers:
 * for trying the failure path by hand and in tests.
 */
export const SANDBOX_UNREACHABLE = new Set(['+4915199999999', '+4917099999999']);

/**
 * The sandbox SMS gateway: accepts every other number, keeps the text in its outbox (a table, so
 * every API process shows the same; read at /dev/sms on a local address) and logs the delivery at
 * debug level without the text, since the text carries the code.
 */
export function sandboxSms(db: Db, log: SmsLog, capacity = SANDBOX_OUTBOX_SIZE) {
  const t = sandboxSmsTable;
  const provider: SmsProvider & { outbox(): Promise<SandboxSms[]> } = {
    name: 'sandbox',
    async send(message: SmsMessage): Promise<SmsReceipt> {
      if (SANDBOX_UNREACHABLE.has(message.to)) {
        log.warn({ to: maskNumber(message.to) }, 'sandbox sms gateway refused an unreachable number');
        throw new SmsDeliveryError('unreachable');
      }
      const sms: SandboxSms = { ...message, id: randomUUID(), sentAt: new Date() };
      await db.insert(t).values({ messageId: sms.id, toNumber: sms.to, text: sms.text, sentAt: sms.sentAt });
      // The oldest fall out past the capacity.
      await db
        .delete(t)
        .where(sql`${t.seq} <= (select ${t.seq} from ${t} order by ${t.seq} desc offset ${capacity} limit 1)`);
      log.debug({ to: maskNumber(message.to), id: sms.id, length: message.text.length }, 'sandbox sms sent');
      return { id: sms.id };
    },
    outbox: async () =>
      (await db.select().from(t).orderBy(desc(t.seq)).limit(capacity)).map((r) => ({
        id: r.messageId,
        to: r.toNumber,
        text: r.text,
        sentAt: r.sentAt,
      })),
  };
  return provider;
}

export type SandboxSmsProvider = ReturnType<typeof sandboxSms>;
