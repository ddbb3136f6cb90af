import type { MembersTexts } from './texts.ts';

/** Names of a member's status, an order's state and a refund's outcome; an unknown one as it is. */

const textOf = (t: MembersTexts, key: string, fallback: string) => {
  const text = (t as Record<string, unknown>)[key];
  return typeof text === 'string' ? text : fallback;
};

export const statusText = (t: MembersTexts, status: string) => textOf(t, `status_${status}`, status);
export const orderStateText = (t: MembersTexts, state: string) => textOf(t, `state_${state}`, state);
export const refundText = (t: MembersTexts, refund: string | null) =>
  refund ? textOf(t, `refund_${refund}`, refund) : '';
