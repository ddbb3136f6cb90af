/**
 * The sandbox PSP's card checks and its test cards. Card data lives only in the request that
 * carries the form: it is checked, decided on and dropped; only the last four digits go on.
 */

export type CardForm = { number: string; expiry: string; cvc: string; holder: string };
export type CardErrors = Partial<Record<keyof CardForm, string>>;

/** What the sandbox bank answers for a card number. */
export type CardDecision =
  | { kind: 'approve' }
  | { kind: 'decline'; code: 'card_declined' | 'insufficient_funds' }
  | { kind: 'challenge' };

export const TEST_CARDS: Record<string, CardDecision> = {
  '4242424242424242': { kind: 'approve' },
  '4000000000000002': { kind: 'decline', code: 'card_declined' },
  '4000000000009995': { kind: 'decline', code: 'insufficient_funds' },
  '4000000000003220': { kind: 'challenge' },
};

/** The one-time code that passes the sandbox 3-D Secure challenge. */
export const CHALLENGE_CODE = '1234';

export const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM/YYYY), valid through the last day of that month. */
export function expiryValid(expiry: string, now = new Date()): boolean {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2]?.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime() && year < now.getUTCFullYear() + 25;
}

/** The error key of each field that is wrong (payments.sandbox.errors.*). */
export function checkCard(form: CardForm, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOf(form.number);
  if (!digits) errors.number = 'number_required';
  else if (!luhnValid(digits)) errors.number = 'number_invalid';
  if (!form.expiry.trim()) errors.expiry = 'expiry_required';
  else if (!/^\s*\d{1,2}\s*\/\s*\d{2,4}\s*$/.test(form.expiry)) errors.expiry = 'expiry_invalid';
  else if (!expiryValid(form.expiry, now)) errors.expiry = 'expiry_past';
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'cvc_invalid';
  const holder = form.holder.trim();
  if (!holder) errors.holder = 'holder_required';
  else if (holder.length > 100) errors.holder = 'holder_invalid';
  return errors;
}

/** The sandbox bank's answer: the test cards as documented; any other valid number is declined. */
export const decide = (digits: string): CardDecision =>
  TEST_CARDS[digits] ?? { kind: 'decline', code: 'card_declined' };
