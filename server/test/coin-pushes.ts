import type { Realtime } from '#server/realtime/hub.ts';
import type { TestContext } from './harness.ts';

export type CoinPush = { userId: number; coins: number };

/**
 * Replaces the app's real-time hub by one that records every balance pushed to a member
 * (`user:coins`) and otherwise does what the hub did. Call it before each test: the list is fresh.
 */
export function recordCoinPushes(t: TestContext): CoinPush[] {
  const pushed: CoinPush[] = [];
  const recorder: Realtime = {
    ...t.app.ctx.realtime,
    toUser: (userId, event, ...args) => {
      const payload = args[0] as { coins?: unknown } | undefined;
      if (event === 'user:coins' && typeof payload?.coins === 'number') pushed.push({ userId, coins: payload.coins });
    },
  };
  t.app.ctx.realtime = recorder;
  return pushed;
}
