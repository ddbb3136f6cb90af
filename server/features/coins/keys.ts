import { type SQL, sql } from 'drizzle-orm';

/**
 * The ledger's idempotency keys and references, one format each, built here and nowhere else.
 * A key is unique in `coin_ledger`: a movement repeated under its key books nothing the second
 * time. So a format never changes: a replay of a movement booked under the old format would find
 * no row and book again. Readers that find a row by its key (a reversal, a receipt, a second
 * submit of a form, a performer's earnings by kind) build or read the key through this module too.
 */

/** The first part of every key, up to its first colon: what kind of movement booked the row. */
export const KEY_PREFIX = {
  chat: 'chat',
  tip: 'tip',
  message: 'message',
  purchase: 'purchase',
  payment: 'payment',
  phone: 'phone',
  coupon: 'coupon',
  freeCoins: 'sms-coins',
  payout: 'payout',
  correction: 'correction',
  forfeit: 'forfeit',
} as const;

/** The receiving row of a transfer (and of a chat minute): the sending row's key and `:in`. */
export const incomingKey = (key: string) => `${key}:in`;

// --- chat (decision 020) -------------------------------------------------------------------------

/** Every row about a chat session: its minutes, their shares and its tips. */
export const chatReference = (sessionId: string) => `chat:${sessionId}`;

/** A chat session's minute, counted from 1 (the first is paid at the start). */
export const chatMinuteKey = (sessionId: string, minute: number) => `${KEY_PREFIX.chat}:${sessionId}:${minute}`;

/** A tip in a chat session, keyed by the client's click, so the same click sent twice tips once. */
export const tipKey = (sessionId: string, clickKey: string) => `${KEY_PREFIX.tip}:${sessionId}:${clickKey}`;

// --- messages and content ------------------------------------------------------------------------

/** A paid message to a show (its price and tip); the reference is the same. */
export const messageKey = (messageId: number) => `${KEY_PREFIX.message}:${messageId}`;

/** Something a member buys once (a video, a part, a gallery, a picture of a message): its item. */
export const purchaseKey = (userId: number, item: string) => `${KEY_PREFIX.purchase}:${userId}:${item}`;

// --- payments --------------------------------------------------------------------------------------

/** A provider's payment, keyed by its transaction, so a replayed postback credits once. */
export const paymentKey = (provider: string, txnId: string) => `${KEY_PREFIX.payment}:${provider}:${txnId}`;

/** `paymentKey` in SQL, of the columns given (the prefix is a constant of this module: a literal). */
export const paymentKeySql = (provider: SQL, txnId: SQL) =>
  sql`${sql.raw(`'${KEY_PREFIX.payment}:'`)} || ${provider} || ':' || ${txnId}`;

/** What a refund or chargeback of that payment takes back. */
export const reversalKey = (provider: string, txnId: string, reason: 'refund' | 'chargeback') =>
  `${paymentKey(provider, txnId)}:${reason}`;

export const orderReference = (orderId: number) => `order:${orderId}`;

/** A minute of a paid phone call that the phone provider reported. */
export const phoneMinuteKey = (provider: string, callId: number, minute: number) =>
  `${KEY_PREFIX.phone}:${provider}:${callId}:${minute}`;

export const phoneCallReference = (callId: number) => `phone_call:${callId}`;

// --- gifts ------------------------------------------------------------------------------------------

/** A coupon's coins; a coupon credits once. The reference is the same. */
export const couponKey = (couponId: number) => `${KEY_PREFIX.coupon}:${couponId}`;

/** The free coins for a verified phone number: once per member. */
export const freeCoinsKey = (userId: number) => `${KEY_PREFIX.freeCoins}:${userId}`;

export const smsReference = (verificationId: number) => `sms:${verificationId}`;

/** The demo member's welcome coins, so seeding again credits nothing more. */
export const SEED_DEMO_COINS_KEY = 'seed-demo-coins';

// --- operators and performers -------------------------------------------------------------------------

/** A paid payout statement; the reference is the same. */
export const payoutKey = (statementId: number) => `${KEY_PREFIX.payout}:${statementId}`;

/** An operator's correction, keyed by its form, so a second submit books once. */
export const correctionKey = (formKey: string) => `${KEY_PREFIX.correction}:${formKey}`;

export const operatorReference = (operatorId: number) => `operator:${operatorId}`;

/** The coins a closed account still held when it was erased: once per account (decision 069). */
export const forfeitKey = (userId: number) => `${KEY_PREFIX.forfeit}:${userId}`;
