import { z } from 'zod';
import { singleLine, universalIdField } from './fields.ts';

/**
 * An external provider's chat (spec part 2 section 4 "External session", section 7): the frame
 * loads GET /api/chat/external/vxm?show&lang, the page extends and ends the session by show.
 */
export const externalChatQuery = z.object({
  show: singleLine().min(1).max(40),
  lang: z.enum(['en', 'de']).catch('en'),
});

/** POST /api/chat/external/extend (JSON). */
export const externalChatBody = z.object({ show: universalIdField });

/** POST /api/chat/external/end: JSON with the CSRF header, or a beacon's form with beacon=1. */
export const externalChatEndBody = externalChatBody.extend({ beacon: z.literal('1').optional() });

export const externalExtendAnswer = z.object({ ok: z.literal(true) });
export const externalEndAnswer = z.object({ ok: z.literal(true), ended: z.boolean() });
