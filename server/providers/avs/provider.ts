import type { Config } from '#server/config.ts';
import type { Fetch } from '#server/providers/outbound.ts';
import { sandboxAgeCheckProvider } from './sandbox.ts';
import type { AgeCheckProvider } from './types.ts';
import { veriffProvider } from './veriff.ts';

/** The configured ID-check company (AVS_PROVIDER); env.ts has checked its settings at start. */
export function ageCheckProvider(config: Config, fetch?: Fetch): AgeCheckProvider {
  if (config.ageCheck.provider === 'veriff') {
    return veriffProvider(config.ageCheck.veriff, { timeoutMs: config.providerTimeoutMs, ...(fetch ? { fetch } : {}) });
  }
  return sandboxAgeCheckProvider(config);
}
