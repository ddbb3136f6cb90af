import { describe, expect, it } from 'vitest';
import { showOfSubscription, subscriptionIdFor } from './subscription-ids.ts';

describe('subscription ids', () => {
  it('are UUIDs that name their show and differ each time', () => {
    const ids = [subscriptionIdFor(42), subscriptionIdFor(42), subscriptionIdFor(2 ** 31 + 5)];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    expect(ids.map(showOfSubscription)).toEqual([42, 42, 2 ** 31 + 5]);
  });

  it('name no show when they are not ours', () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', '0000002a-0000-4000-8000-000000000000', 'nonsense']) {
      expect(showOfSubscription(id)).toBeNull();
    }
    expect(showOfSubscription('00000000-0000-8000-8000-000000000000')).toBeNull();
  });
});
