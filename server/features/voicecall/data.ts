import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { paymentEvents, paymentTypes, phoneCalls, products } from '#server/db/schema/billing.ts';

export type PhoneCallRow = typeof phoneCalls.$inferSelect;
/** A call with the currency of its product (the call copies the prices, the product keeps the currency). */
export type CallWithCurrency = PhoneCallRow & { currency: string };

const callColumns = { ...getTableColumns(phoneCalls), currency: products.currency };

/** A product of an active payment type of kind phone, with its type; null for anything else. */
export async function findPhoneProduct(db: DbOrTx, paymentTypeId: number, productId: number) {
  const [row] = await db
    .select({ product: products, type: paymentTypes })
    .from(products)
    .innerJoin(paymentTypes, eq(paymentTypes.id, products.paymentTypeId))
    .where(
      and(
        eq(products.id, productId),
        eq(products.paymentTypeId, paymentTypeId),
        eq(products.active, true),
        eq(paymentTypes.active, true),
        eq(paymentTypes.kind, 'phone'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findCall(db: DbOrTx, id: number): Promise<CallWithCurrency | null> {
  const [row] = await db
    .select(callColumns)
    .from(phoneCalls)
    .innerJoin(products, eq(products.id, phoneCalls.productId))
    .where(eq(phoneCalls.id, id))
    .limit(1);
  return row ?? null;
}

/** The newest call started from a browser session. */
export async function latestCallOfSession(db: DbOrTx, sessionId: string): Promise<CallWithCurrency | null> {
  const [row] = await db
    .select(callColumns)
    .from(phoneCalls)
    .innerJoin(products, eq(products.id, phoneCalls.productId))
    .where(eq(phoneCalls.sessionId, sessionId))
    .orderBy(desc(phoneCalls.id))
    .limit(1);
  return row ?? null;
}

/** A stored provider event by its id: a replay finds it. */
export async function findPhoneEvent(db: DbOrTx, provider: string, eventId: string) {
  const [row] = await db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
    .limit(1);
  return row ?? null;
}

/** Whether an awaited call can still be dialled (nobody called within its ten minutes otherwise). */
export const isExpired = (call: Pick<PhoneCallRow, 'state' | 'expiresAt'>, now = new Date()) =>
  call.state === 'expired' || (call.state === 'awaited' && call.expiresAt.getTime() <= now.getTime());
