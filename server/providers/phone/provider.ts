import type { Config } from '#server/config.ts';
import { lineKey, lineToken } from './line-page.ts';
import { sandboxPhoneProvider } from './sandbox.ts';
import { twilioVoiceProvider } from './twilio.ts';
import type { PhoneProvider } from './types.ts';

/** The phone provider the configuration names (PHONE_PROVIDER); env.ts has checked its settings. */
export function phoneProviderFor(config: Config): PhoneProvider {
  if (config.payments.phoneProvider === 'twilio') {
    const key = lineKey(config.sessionSecret);
    return twilioVoiceProvider({
      accountSid: config.twilio.accountSid,
      authToken: config.twilio.authToken,
      publicUrl: config.publicUrl,
      serviceNumber: config.payments.phoneServiceNumber,
      entry: config.twilio.voiceEntry,
      callPageLink: (callId) => `/api/voicecall/line/${lineToken(key, callId)}`,
    });
  }
  return sandboxPhoneProvider({ sandboxKey: config.payments.sandboxKey });
}
