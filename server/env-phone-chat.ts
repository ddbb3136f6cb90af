import { z } from 'zod';
import type { VoiceEntry } from './config.ts';

/**
 * The phone-chat line's variables (decisions 015 and 060), kept beside the main schema
 * (env-schema.ts spreads them in) because the line has settings of its own: the number callers
 * dial, its tariff, and with PHONE_CHAT_PROVIDER=twilio how the carrier's calls reach Twilio and
 * which of our numbers the performer's phone shows.
 */
const E164 = /^\+[1-9]\d{6,14}$/;

/** sip:<SIP domain>, or a number in E.164 form: how a carrier's calls reach a Twilio voice line. */
export const phoneEntry = z
  .string()
  .regex(
    /^(sip:[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+|\+[1-9]\d{6,14})$/i,
    'must be sip:<SIP domain> or the premium-rate number in E.164 form (+49900…)',
  );

export const phoneChatEnv = {
  /**
   * Who runs the phone-chat line: none (no line: shows offer no phone chat), the sandbox line
   * (/sandbox/phone-chat), or twilio (the carrier's 0900 number forwarded to Twilio Programmable
   * Voice). Default: sandbox outside production, none in production.
   */
  PHONE_CHAT_PROVIDER: z.enum(['none', 'sandbox', 'twilio']).optional(),
  /** The premium-rate phone-chat line callers dial before a performer's extension, as displayed. */
  PHONE_CHAT_NUMBER: z.string().trim().min(1).max(40).optional(),
  /** The longest phone-chat call: an answered call still talking then is ended and billed up to it. */
  PHONE_CHAT_MAX_MINUTES: z.coerce.number().int().min(1).max(240).default(60),
  /** What the carrier bills per started minute of phone chat, in cents (the line's tariff). */
  PHONE_CHAT_PRICE_CENTS: z.coerce.number().int().min(1).max(10_000).default(199),
  /** With twilio: the SIP domain the carrier sends the 0900 calls to, or the 0900 number as ForwardedFrom. */
  PHONE_CHAT_ENTRY: phoneEntry.optional(),
  /** With twilio: our Twilio number (E.164) the performer's phone shows; never the caller's. */
  PHONE_CHAT_CALLER_ID: z.string().regex(E164, 'must be a Twilio number in E.164 form (+49…)').optional(),
};

type PhoneChatEnv = z.infer<z.ZodObject<typeof phoneChatEnv>>;

/** The number the sandbox line shows when none is configured (a made-up 0900 number). */
const SANDBOX_NUMBER = '0900 5 654321';

export const entryOf = (v: string): VoiceEntry =>
  v.startsWith('sip:') ? { kind: 'sip_domain', value: v.slice(4).toLowerCase() } : { kind: 'forwarded_from', value: v };

/** The line's settings (env.ts lists what a twilio line lacks with the other real providers). */
export function phoneChatSettings(e: PhoneChatEnv, production: boolean) {
  return {
    provider: e.PHONE_CHAT_PROVIDER ?? (production ? 'none' : 'sandbox'),
    // A real line has no default number: a made-up one must never be offered (env.ts requires it).
    number: e.PHONE_CHAT_NUMBER ?? SANDBOX_NUMBER,
    pricePerMinuteCents: e.PHONE_CHAT_PRICE_CENTS,
    currency: 'EUR',
    maxTalkMinutes: e.PHONE_CHAT_MAX_MINUTES,
    entry: entryOf(e.PHONE_CHAT_ENTRY ?? ''),
    callerId: e.PHONE_CHAT_CALLER_ID ?? '',
  } as const;
}
