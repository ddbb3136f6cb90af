import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  maskNumber,
  type StudioPhoneChat,
  studioPhoneChat,
  studioPhoneChatBody,
  studioTakingCallsBody,
} from '#common/api/studio-phone-chat.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError, notFound } from '#server/errors.ts';
import { forwardingNumberOf, setForwardingNumber } from '#server/features/phonechat/forwarding.ts';
import { setTakingCalls } from '#server/features/phonechat/mutations.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { TWILIO_PHONE_CHAT } from '#server/providers/phone-chat/twilio.ts';
import { performerPhoneChat } from './data.ts';
import { requirePerformer } from './session.ts';

type StudioApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Her phone chat in the studio (decisions 015 and 060), for her own show only (from her session,
 * never from the request): the telephone the real line puts her calls through to, given with her
 * consent and read back only masked, and her "takes calls" switch (only while she is online, and
 * on the real line only with a telephone to put calls through to).
 */
export function registerStudioPhoneChat(app: StudioApp) {
  declareAudiences(app, {
    'GET /studio/phone-chat': 'performer',
    'PUT /studio/phone-chat': 'performer',
    'POST /studio/phone-chat/taking': 'performer',
  });
  const { db, presence, config } = app.ctx;
  const needsForwarding = config.payments.phoneChat.provider === TWILIO_PHONE_CHAT;

  const present = async (tx: DbOrTx, showId: number): Promise<StudioPhoneChat> => {
    const show = await performerPhoneChat(tx, showId);
    if (!show) throw notFound();
    const number = await forwardingNumberOf(tx, showId);
    return {
      phoneChat: show.phoneChat,
      extension: show.phoneExtension,
      takingCalls: show.phoneChat && show.phoneChatOn,
      needsForwarding,
      forwarding: number ? maskNumber(number) : null,
    };
  };

  app.get('/studio/phone-chat', { schema: { response: { 200: studioPhoneChat } } }, async (request) => {
    const { performer } = await requirePerformer(request);
    return present(db, performer.showId);
  });

  app.put(
    '/studio/phone-chat',
    { schema: { body: studioPhoneChatBody, response: { 200: studioPhoneChat } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const { number } = request.body;
      await setForwardingNumber(db, performer.showId, number);
      // Without a telephone the real line cannot put calls through: she stops taking them.
      if (number === null && needsForwarding) await setTakingCalls({ db, presence }, performer.showId, false);
      // Never the number itself: that it changed is enough for the log.
      request.log.info({ performerId: performer.id, removed: number === null }, 'phone-chat forwarding changed');
      return present(db, performer.showId);
    },
  );

  app.post(
    '/studio/phone-chat/taking',
    { schema: { body: studioTakingCallsBody, response: { 200: studioPhoneChat } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const { on } = request.body;
      if (!(await performerPhoneChat(db, performer.showId))?.phoneChat) throw notFound();
      if (on && needsForwarding && !(await forwardingNumberOf(db, performer.showId))) {
        throw new AppError('conflict', { errors: { on: ['errors.phone_chat.no_forwarding'] } });
      }
      const result = await setTakingCalls({ db, presence }, performer.showId, on);
      if (result === 'no_phone_chat') throw notFound();
      if (result === 'offline') throw new AppError('conflict', { errors: { on: ['errors.phone_chat.offline'] } });
      return present(db, performer.showId);
    },
  );
}
