import { z } from 'zod';
import { AGE_CHECK_GATES } from './avs.ts';

/** The public part of the configuration the SPA needs, for the domain it was loaded from. */
export const publicConfig = z.object({
  site: z.object({ name: z.string(), logo: z.string(), webid: z.number().int() }),
  supportEmail: z.string(),
  legal: z.object({
    company: z.string(),
    address: z.string(),
    register: z.string(),
    vatId: z.string(),
    director: z.string(),
    youthOfficer: z.string(),
    youthEmail: z.string(),
    abuseEmail: z.string(),
    records: z.string(),
  }),
  googleClientId: z.string().nullable(),
  /** Local environment: shows the items the spec reserves for it (categories link, "more"). */
  local: z.boolean(),
  /**
   * The server's semantic version (package.json). The web app shows and reports its own bundle's
   * version instead (baked in at build time), which lags behind this while a tab runs an older bundle.
   */
  version: z.string(),
  /** One build of that version: the update banner compares it with GET /version. */
  buildId: z.string(),
  /** What needs a passed age check (AGE_CHECK_GATES): the voice call, or also explicit media. */
  age_check_gates: z.enum(AGE_CHECK_GATES),
  /** Preview image hosts for content provider ids 1 and 2 ('' = this server). */
  image_hosts: z.array(z.string()).length(2),
  /** The operator's own terms chosen names may not hold (NAME_BLOCKLIST), beside the built-in ones. */
  name_blocklist: z.array(z.string()),
  /** The captcha registration may ask for: the sandbox widget or Google reCAPTCHA v2, and its public site key. */
  captcha: z.object({ provider: z.enum(['sandbox', 'recaptcha']), site_key: z.string() }),
  /**
   * The phone-chat line: the number callers dial before her extension, and its price per minute;
   * null when no line runs (PHONE_CHAT_PROVIDER=none), and then no show offers phone chat.
   */
  phone_chat: z
    .object({ number: z.string(), price_per_minute_cents: z.number().int(), currency: z.string() })
    .nullable(),
  /**
   * Chat sessions: the tip amounts, the length of a billed minute, the voyeur price in percent of
   * the private one, and the free chat a guest's browser has a day (CHAT_FREE_GUEST_SECONDS).
   */
  chat: z.object({
    tip_amounts: z.array(z.number().int()),
    minute_seconds: z.number().int(),
    voyeur_percent: z.number().int(),
    free_guest_seconds: z.number().int(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
