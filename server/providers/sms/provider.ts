import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { type SandboxSmsProvider, type SmsLog, sandboxSms } from './sandbox.ts';
import { twilioSms } from './twilio.ts';
import type { SmsProvider } from './types.ts';

/**
 * One gateway per app, chosen by `config.sms.provider`: the feature that sends and the sandbox's
 * outbox page must see the same instance, so it is kept per app context rather than per plugin.
 */
const byApp = new WeakMap<AppContext, SmsProvider>();

const GATEWAYS: Record<Config['sms']['provider'], (ctx: AppContext, log: SmsLog) => SmsProvider> = {
  sandbox: (ctx, log) => sandboxSms(ctx.db, log),
  twilio: ({ config }, log) =>
    twilioSms({ ...config.twilio, from: config.sms.from }, { timeoutMs: config.providerTimeoutMs }, log),
};

export function smsProvider(ctx: AppContext, log: SmsLog): SmsProvider {
  let provider = byApp.get(ctx);
  if (!provider) {
    provider = GATEWAYS[ctx.config.sms.provider](ctx, log);
    byApp.set(ctx, provider);
  }
  return provider;
}

/** The sandbox gateway of this app, or null when a real one is configured. */
export function sandboxSmsOf(ctx: AppContext, log: SmsLog): SandboxSmsProvider | null {
  const provider = smsProvider(ctx, log);
  return 'outbox' in provider ? (provider as SandboxSmsProvider) : null;
}
