import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './billing.ts';
import { operators } from './operators.ts';

/**
 * An operator's request to refund a paid order through its payment provider (the console's
 * member page). At most one open request per order (a unique index over every outcome but
 * `refused`), so a second click, or a second operator, cannot ask the provider twice. The coins
 * come back by the provider's refund postback (billing), never through this table.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    provider: text('provider').notNull(),
    /**
     * pending (the provider is being asked) | delivered (it refunded and its postback was answered)
     * | queued (it refunded, its postback is still on its way) | manual (the provider offers no
     * refund call: done in its own back office) | refused (it declined; a new request may follow)
     */
    outcome: text('outcome').notNull().default('pending'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refund_requests_order_open').on(t.orderId).where(sql`${t.outcome} <> 'refused'`),
    index('refund_requests_order').on(t.orderId, t.id),
  ],
);
