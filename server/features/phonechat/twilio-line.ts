import { PHONE_EXTENSION } from '#common/domain/phone-chat.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import {
  EXTENSION_TRIES,
  type LineEvent,
  TWILIO_PHONE_CHAT,
  type TwilioPhoneChatLine,
  type TwiML,
} from '#server/providers/phone-chat/twilio.ts';
import { findPhoneChatCall, findPhoneChatCallOf, type PhoneChatCallView, showByExtension } from './data.ts';
import { forwardingNumberOf } from './forwarding.ts';
import { answerPhoneChat, dialExtension, hangUpPhoneChat, type PhoneChatDeps, type Tariff } from './mutations.ts';
import type { OnSwept } from './sweep.ts';

export type LineDeps = PhoneChatDeps & { line: TwilioPhoneChatLine; tariff: Tariff; maxTalkMinutes: number };

/** What the line answered, and in a word what happened (for the log: never a number). */
export type LineAnswer = { twiml: TwiML; outcome: string };

/**
 * One verified callback of the Twilio phone-chat line, applied through the same mutations as the
 * sandbox line (claim, answer, hang up: decision 015), and Twilio's next instruction. Every step
 * is safe to receive twice: a retried extension finds the call it made, a second end finds the
 * call closed and changes nothing.
 */
export async function applyLineEvent(deps: LineDeps, event: LineEvent, from: 'dial' | 'status'): Promise<LineAnswer> {
  const { line } = deps;
  switch (event.type) {
    case 'incoming':
      // Only the carrier's calls are billed at the premium rate: anything else is turned away.
      return event.viaCarrier
        ? { twiml: line.askExtension(event.callSid, 1), outcome: 'ask_extension' }
        : { twiml: line.reject(), outcome: 'not_via_carrier' };
    case 'extension':
      return dial(deps, event);
    case 'ringing':
    case 'progress':
      return { twiml: line.empty(), outcome: event.type };
    case 'answered': {
      const call = await callOf(deps, event.callId, event.callSid);
      if (!call) return { twiml: line.empty(), outcome: 'unknown_call' };
      const answered = await answerPhoneChat(deps, call.id);
      return { twiml: line.empty(), outcome: answered ? 'answered' : 'answered_again' };
    }
    case 'over': {
      const call = await callOf(deps, event.callId, event.callSid);
      const after = from === 'dial' ? line.sayAndHangUp : null;
      if (!call) return { twiml: line.hangUp(), outcome: 'unknown_call' };
      const ended = await hangUpPhoneChat(deps, call.id, {
        maxSeconds: deps.maxTalkMinutes * 60,
        talkSeconds: event.answered ? event.seconds : 0,
      });
      const outcome = ended ? ended.state : 'over_again';
      // The dial's end: the caller is still on the line and hears why, unless she talked.
      if (!after) return { twiml: line.empty(), outcome };
      const talked = (ended ?? (await findPhoneChatCall(deps.db, call.id)))?.state === 'ended';
      return { twiml: talked ? line.sayAndHangUp('goodbye') : after('no_answer', call.showName), outcome };
    }
    case 'ended': {
      const call = await findPhoneChatCallOf(deps.db, TWILIO_PHONE_CHAT, event.callSid);
      const ended = call ? await hangUpPhoneChat(deps, call.id, { maxSeconds: deps.maxTalkMinutes * 60 }) : null;
      return { twiml: line.empty(), outcome: ended ? `closed_${ended.state}` : 'ended' };
    }
  }
}

/** Our call by the id in a signed address, when it really is this caller's call on this line. */
async function callOf(deps: LineDeps, callId: number, callSid: string): Promise<PhoneChatCallView | null> {
  const call = await findPhoneChatCall(deps.db, callId);
  return call && call.provider === TWILIO_PHONE_CHAT && call.providerCallId === callSid ? call : null;
}

/** The extension step: announce unknown, off or busy, or put the caller through to her telephone. */
async function dial(deps: LineDeps, event: Extract<LineEvent, { type: 'extension' }>): Promise<LineAnswer> {
  const { line } = deps;
  if (!event.admitted) return { twiml: line.reject(), outcome: 'not_via_carrier' };
  // A retried step (Twilio got no answer in time) finds the call it made: the same answer again.
  const made = await findPhoneChatCallOf(deps.db, TWILIO_PHONE_CHAT, event.callSid);
  if (made) return again(deps, made);
  const digits = event.digits.trim();
  const show = PHONE_EXTENSION.test(digits) ? await showByExtension(deps.db, digits) : null;
  if (!show) {
    if (event.attempt < EXTENSION_TRIES) {
      return { twiml: line.askExtension(event.callSid, event.attempt + 1, true), outcome: 'unknown_extension' };
    }
    return { twiml: line.sayAndHangUp('unknown'), outcome: 'unknown_extension' };
  }
  // Without a telephone to put the call through to she cannot take calls on the real line.
  const to = await forwardingNumberOf(deps.db, show.id);
  if (!to) return { twiml: line.sayAndHangUp('off', show.showName), outcome: 'no_forwarding' };
  let result: Awaited<ReturnType<typeof dialExtension>>;
  try {
    result = await dialExtension(deps, {
      extension: digits,
      provider: TWILIO_PHONE_CHAT,
      providerCallId: event.callSid,
      tariff: deps.tariff,
    });
  } catch (err) {
    // The same step twice at once: the other one made the call (and its claim); answer as it did.
    const twin = isUniqueViolation(err) ? await findPhoneChatCallOf(deps.db, TWILIO_PHONE_CHAT, event.callSid) : null;
    if (twin) return again(deps, twin);
    throw err;
  }
  if (result.kind === 'connecting') {
    const call = result.call;
    return {
      twiml: line.dial({ callId: call.id, name: call.showName, to, maxMinutes: deps.maxTalkMinutes }),
      outcome: 'connecting',
    };
  }
  if (result.kind === 'busy') return { twiml: line.sayAndHangUp('busy', result.showName), outcome: 'busy' };
  if (result.kind === 'not_taking_calls') return { twiml: line.sayAndHangUp('off', result.showName), outcome: 'off' };
  return { twiml: line.sayAndHangUp('unknown'), outcome: 'unknown_extension' };
}

/** The answer for a call already made: dial her again only while it is still being put through. */
async function again(deps: LineDeps, call: PhoneChatCallView): Promise<LineAnswer> {
  const to = call.state === 'connecting' ? await forwardingNumberOf(deps.db, call.showId) : null;
  if (!to) return { twiml: deps.line.hangUp(), outcome: 'replayed' };
  const twiml = deps.line.dial({ callId: call.id, name: call.showName, to, maxMinutes: deps.maxTalkMinutes });
  return { twiml, outcome: 'replayed' };
}

/**
 * For the sweep: a call it closed (its end never reached us) is ended at Twilio too, so that her
 * telephone is not left connected to a call our record has billed up to its end.
 */
export function endAtTwilio(line: TwilioPhoneChatLine, log: { warn: (obj: object, msg: string) => void }): OnSwept {
  return async (call) => {
    if (call.provider !== TWILIO_PHONE_CHAT) return;
    if (!(await line.endCall(call.providerCallId)))
      log.warn({ callId: call.id }, 'phone-chat call not ended at twilio');
  };
}
