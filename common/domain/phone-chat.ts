/**
 * Phone chat with a performer: the caller dials the premium-rate phone-chat number and her
 * extension; the carrier bills the caller per started minute on the phone bill. No coins move.
 */

/** Her phone state as the show page shows it. */
export type PhoneChatState = 'available' | 'connecting' | 'busy' | 'off';

export type PhoneChatFlags = {
  online: boolean;
  phoneChat: boolean;
  phoneChatOn: boolean;
  phoneChatConnecting: boolean;
  phoneChatBusy: boolean;
};

/**
 * A call in progress wins over "takes calls": a caller is put through, or she is talking. An
 * offline performer is never available, whatever her switch says (going offline clears it too).
 */
export function phoneChatState(s: PhoneChatFlags): PhoneChatState {
  if (!s.phoneChat) return 'off';
  if (s.phoneChatBusy) return 'busy';
  if (s.phoneChatConnecting) return 'connecting';
  return s.online && s.phoneChatOn ? 'available' : 'off';
}

/** Extensions are four digits (1000 to 9999): short enough to key in, unique per show. */
export const PHONE_EXTENSION = /^[1-9]\d{3}$/;
export const FIRST_PHONE_EXTENSION = 1000;
export const LAST_PHONE_EXTENSION = 9999;

/** The lowest extension nobody has yet, or null when all 9000 are taken. */
export function nextFreeExtension(taken: ReadonlySet<string>): string | null {
  for (let n = FIRST_PHONE_EXTENSION; n <= LAST_PHONE_EXTENSION; n++) {
    if (!taken.has(String(n))) return String(n);
  }
  return null;
}

/**
 * Billed minutes of a call's talk time: every started minute counts, as premium-rate lines bill
 * (61 s are two minutes); an unanswered call (0 s) costs nothing.
 */
export const billedMinutes = (seconds: number) => (seconds <= 0 ? 0 : Math.ceil(seconds / 60));

/** What the carrier bills the caller for a call, in cents. */
export const phoneChatAmountCents = (seconds: number, pricePerMinuteCents: number) =>
  billedMinutes(seconds) * pricePerMinuteCents;

/**
 * The dial string of the number with her extension for a `tel:` link: digits only, a leading `+`
 * kept, and the extension after a pause (`,`), so a phone keys it in once the line answers.
 */
export function phoneChatDialString(number: string, extension: string): string {
  const digits = number.trim().replace(/(?!^\+)[^\d]/g, '');
  return `${digits},${extension}`;
}
