import { createHash } from 'node:crypto';
import type { Throttle } from '#server/http/throttle.ts';
import { type PhoneEvent, PIN_ENTRIES_PER_CALL } from '#server/providers/phone/types.ts';

/**
 * PIN entries on a line that finds the call by the PIN the caller types (Twilio): a caller free to
 * try PINs could hit another member's awaited call and have its minutes credited there. Every
 * entry counts, a right one too: three per call (PIN_ENTRIES_PER_CALL, as often as the line asks)
 * and ten per calling number in 24 hours; callers who withhold their number share one allowance.
 */
export const PIN_ENTRIES_PER_CALLER = 10;
const CALL_WINDOW_SECONDS = 3600;
const CALLER_WINDOW_SECONDS = 24 * 3600;

/** The calling number does not go into the throttle store's keys as it is. */
const callerKey = (caller: string) =>
  createHash('sha256').update(`phone-caller:${caller}`).digest('base64url').slice(0, 22);

/** Counts one PIN entry of a connection found by its PIN; false once the call or the caller has had its share. */
export async function admitPinEntry(throttle: Throttle, provider: string, e: PhoneEvent): Promise<boolean> {
  if (e.type !== 'call.connected' || e.callId !== null) return true;
  const call = await throttle.hit(
    `phone-pin:call:${provider}:${e.providerCallId}`,
    PIN_ENTRIES_PER_CALL,
    CALL_WINDOW_SECONDS,
  );
  const caller = await throttle.hit(
    `phone-pin:caller:${provider}:${callerKey(e.caller ?? '')}`,
    PIN_ENTRIES_PER_CALLER,
    CALLER_WINDOW_SECONDS,
  );
  return call.allowed && caller.allowed;
}
