import type { StudioMe } from '#common/api/studio.ts';
import { chatPrices } from '#common/domain/prices.ts';
import { exclusiveModeOf } from '#common/domain/show-settings.ts';
import type { PerformerRow, PerformerShow } from './data.ts';

/** What her studio shows of her account and her show: never the hash or the internal show id. */
export const presentStudioMe = (performer: PerformerRow, show: PerformerShow): StudioMe => ({
  performer: { id: performer.id, email: performer.email },
  show: {
    universalId: show.universalId,
    showName: show.showName,
    online: show.online,
    free: show.free,
    pricePerMinute: show.pricePerMinute,
    priceFactorExclusive: show.priceFactorExclusive,
    exclusive: exclusiveModeOf(show.exclusive),
    messagePrice: show.messagePrice,
    prices: chatPrices({
      pricePerMinute: show.pricePerMinute,
      priceFactorExclusive: show.priceFactorExclusive,
      flags: { exclusive: show.exclusive },
    }),
  },
});
