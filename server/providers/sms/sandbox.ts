import { randomUUID } from 'node:crypto';
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
 * The sandbox SMS gateway: accepts every other number, keeps the text in an in-memory outbox
 * (read at /dev/sms on a local address) and logs the delivery at debug level without the text,
 * since the text carries the code.
 */
export function sandboxSms(log: SmsLog, capacity = SANDBOX_OUTBOX_SIZE) {
  const outbox: SandboxSms[] = [];
  const provider: SmsProvider & { outbox(): readonly SandboxSms[] } = {
    name: 'sandbox',
    async send(message: SmsMessage): Promise<SmsReceipt> {
      if (SANDBOX_UNREACHABLE.has(message.to)) {
        log.warn({ to: maskNumber(message.to) }, 'sandbox sms gateway refused an unreachable number');
        throw new SmsDeliveryError('unreachable');
      }
      const sms: SandboxSms = { ...message, id: randomUUID(), sentAt: new Date() };
      outbox.unshift(sms);
      if (outbox.length > capacity) outbox.length = capacity;
      log.debug({ to: maskNumber(message.to), id: sms.id, length: message.text.length }, 'sandbox sms sent');
      return { id: sms.id };
    },
    outbox: () => outbox,
  };
  return provider;
}

export type SandboxSmsProvider = ReturnType<typeof sandboxSms>;
