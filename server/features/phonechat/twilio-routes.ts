import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/errors.ts';
import { PHONE_CHAT_STEPS, TWILIO_PHONE_CHAT, twilioPhoneChatLine } from '#server/providers/phone-chat/twilio.ts';
import { phoneChatSweepJob } from './sweep.ts';
import { applyLineEvent, endAtTwilio } from './twilio-line.ts';

/**
 * The Twilio phone-chat line's webhooks (/api/phonechat/callback/twilio/<step>, decision 060):
 * verified by Twilio's signature over the address and the raw form body, never by a session.
 * A missing signature is 401, a wrong one 403, a body we cannot read 400; nothing is changed then.
 * Mounted only with PHONE_CHAT_PROVIDER=twilio.
 */
export const phoneChatLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, presence } = app.ctx;
  const settings = config.payments.phoneChat;
  if (settings.provider !== TWILIO_PHONE_CHAT) return;
  const line = twilioPhoneChatLine(
    { ...config.twilio, publicUrl: config.publicUrl, entry: settings.entry, callerId: settings.callerId },
    { timeoutMs: config.providerTimeoutMs },
  );
  const deps = { db, presence, line, tariff: settings, maxTalkMinutes: settings.maxTalkMinutes };
  // A call whose end never reached us (callbacks lost) is closed by the sweep, and ended at Twilio
  // too, so that neither our record nor her telephone stays busy.
  app.ctx.scheduler.every(
    'phone-chat-sweep',
    phoneChatSweepJob(deps, settings.maxTalkMinutes, app.log, endAtTwilio(line, app.log)),
  );

  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );
    for (const step of PHONE_CHAT_STEPS) {
      const path = `/phonechat/callback/twilio/${step}`;
      callbacks.post(path, { config: { csrf: false, audience: 'provider' } }, async (request, reply) => {
        const read = line.read({
          url: `${config.publicUrl}${request.url}`,
          step,
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
        });
        if (!read.ok) {
          request.log.warn({ step, reason: read.reason }, 'phone-chat callback refused');
          if (read.reason === 'malformed') throw new AppError('bad_request');
          throw new AppError(read.reason === 'missing_signature' ? 'unauthenticated' : 'forbidden');
        }
        const answer = await applyLineEvent(deps, read.event, step === 'dial' ? 'dial' : 'status');
        // The outcome in a word: never a telephone number.
        request.log.info({ step, outcome: answer.outcome }, 'phone-chat callback');
        return reply.type(answer.twiml.contentType).send(answer.twiml.body);
      });
    }
  });
};
