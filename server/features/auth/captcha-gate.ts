import type { FastifyRequest } from 'fastify';
import { CAPTCHA_WINDOW_SECONDS, type CaptchaLimits, captchaReason } from '#common/domain/captcha.ts';
import { AppError } from '#server/errors.ts';
import { addressKey } from '#server/http/client-address.ts';
import type { Throttle } from '#server/http/throttle.ts';
import type { CaptchaProvider, CaptchaVerdict } from '#server/providers/captcha/types.ts';

const REFUSAL: Record<Exclude<CaptchaVerdict, 'ok' | 'unavailable'>, 'captcha_invalid' | 'captcha_expired'> = {
  wrong: 'captcha_invalid',
  replayed: 'captcha_invalid',
  expired: 'captcha_expired',
};

/**
 * Lets a registration through when it looks like a person's (common/domain/captcha.ts), or when
 * it carries a good captcha token; otherwise a 422 naming the widget to show. Every attempt that
 * reaches here counts for its address, solved or not, so a robot cannot reset its count. A
 * captcha service that cannot be asked refuses the suspicious request (503) rather than wave it on.
 */
export async function admitRegistration(
  deps: { throttle: Throttle; captcha: CaptchaProvider; limits: CaptchaLimits },
  request: FastifyRequest,
  body: { captcha?: string | undefined; homepage?: string | undefined; form_ms?: number | undefined },
): Promise<void> {
  const address = addressKey(request.ip);
  const seen = await deps.throttle.hit(`register:recent:${address}`, Number.MAX_SAFE_INTEGER, CAPTCHA_WINDOW_SECONDS);
  const reason = captchaReason(
    { earlierAttempts: seen.count - 1, honeypot: body.homepage, formMs: body.form_ms },
    deps.limits,
  );
  if (!reason) return;
  const challenge = { provider: deps.captcha.name, site_key: deps.captcha.siteKey };
  if (!body.captcha) {
    request.log.info({ reason }, 'registration asked for a captcha');
    throw new AppError('captcha_required', { captcha: challenge });
  }
  const verdict = await deps.captcha.verify(body.captcha, request.ip);
  if (verdict === 'ok') return;
  request.log.info({ reason, verdict }, 'registration captcha refused');
  if (verdict === 'unavailable') throw new AppError('unavailable');
  throw new AppError(REFUSAL[verdict], { captcha: challenge });
}
