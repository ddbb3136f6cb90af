import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterBody, resetEmailBody, updateUserBody } from '#common/api/accounts.ts';
import { tokenBody, userResponse } from '#common/api/auth.ts';
import { okResponse } from '#common/api/fields.ts';
import { AppError, invalidField, linkExpired } from '#server/errors.ts';
import { assertPasswordStrength, setPassword } from '#server/features/auth/mutations.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { sendTokenMail } from '#server/features/auth/token-mail.ts';
import { revokePasswordStandIns } from '#server/features/auth/tokens.ts';
import { endUserSessions } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { enforce } from '#server/http/throttle.ts';
import { findUserByEmail, findUserByName, type UserRow } from './data.ts';
import { applyEmailChange, updateSettings } from './mutations.ts';
import { requireUser } from './policy.ts';
import { userAnswer } from './present.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'PUT /user/update': 'member',
    'PUT /user/update_newsletter': 'member',
    'POST /user/reset_email': 'member',
    'POST /user/email_validate': 'public',
  });
  const { db, config, throttle, sessionCache } = app.ctx;
  /** Checks a member's current password; guesses are limited to 10 an hour per account. */
  const confirmPassword = async (user: UserRow, password: string | undefined, field: string) => {
    await enforce(throttle, `password-check:${user.id}`, 10, 3600);
    if (!(await verifyPassword(user.passwordHash, password ?? ''))) {
      throw invalidField(field, 'errors.validations.password_wrong');
    }
  };
  const presented = (userId: number) => userAnswer(db, userId);

  app.put(
    '/user/update',
    { schema: { body: updateUserBody, response: { 200: userResponse } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { name, locale, theme, show_history, message_mail, favorite_mail, current_password, new_password } =
        request.body;
      if (name !== undefined && name !== '' && name.toLowerCase() !== user.name?.toLowerCase()) {
        const taken = await findUserByName(db, name);
        if (taken && taken.id !== user.id) throw invalidField('name', 'errors.validations.username_taken');
      }
      // Every check passes before anything is written: a refused update changes nothing.
      if (new_password !== undefined) {
        await confirmPassword(user, current_password, 'current_password');
        assertPasswordStrength(new_password, 'new_password');
      }
      const saved = await updateSettings(db, user.id, {
        ...(name !== undefined ? { name: name || null } : {}),
        ...(locale ? { locale } : {}),
        ...(theme ? { theme } : {}),
        ...(show_history !== undefined ? { showHistory: show_history } : {}),
        ...(message_mail !== undefined ? { messageMail: message_mail } : {}),
        ...(favorite_mail !== undefined ? { favoriteMail: favorite_mail } : {}),
      });
      if (saved === 'name_taken') throw invalidField('name', 'errors.validations.username_taken');
      if (new_password !== undefined) {
        await setPassword(db, user.id, new_password);
        await revokePasswordStandIns(db, user.id);
        // Other devices that knew the old password are logged out; this one stays.
        await endUserSessions(request, reply, user.id, request.session?.id);
      }
      return presented(user.id);
    },
  );

  app.put(
    '/user/update_newsletter',
    { schema: { body: newsletterBody, response: { 200: userResponse } } },
    async (request) => {
      const user = await requireUser(request);
      await updateSettings(db, user.id, { newsletter: request.body.newsletter });
      return presented(user.id);
    },
  );

  app.post(
    '/user/reset_email',
    { schema: { body: resetEmailBody, response: { 200: okResponse } } },
    async (request) => {
      const user = await requireUser(request);
      await enforce(throttle, `reset_email:${user.id}`, 5, 3600);
      await confirmPassword(user, request.body.password, 'password');
      const { email } = request.body;
      if (email === user.email) throw invalidField('email', 'errors.validations.email_same');
      if (await findUserByEmail(db, email)) throw new AppError('email_already_exists');
      await sendTokenMail(app.ctx, {
        userId: user.id,
        to: email,
        purpose: 'email_change',
        locale: request.locale,
        newEmail: email,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/user/email_validate',
    { schema: { body: tokenBody, response: { 200: userResponse } } },
    async (request) => {
      const applied = await applyEmailChange(db, config.sessionSecret, request.body.token);
      if (applied === 'invalid') throw linkExpired();
      if (applied === 'email_taken') throw new AppError('email_already_exists');
      // The owner need not be this session's user: their cached sessions must show the new address.
      sessionCache.forgetUser(applied.userId);
      return presented(applied.userId);
    },
  );
};
