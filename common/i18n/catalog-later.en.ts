import avs from './avs.en.json' with { type: 'json' };
import billing from './billing.en.json' with { type: 'json' };
import chatsession from './chatsession.en.json' with { type: 'json' };
import content from './content.en.json' with { type: 'json' };
import coupons from './coupons.en.json' with { type: 'json' };
import dataExport from './data-export.en.json' with { type: 'json' };
import freeCoins from './free-coins.en.json' with { type: 'json' };
import game from './game.en.json' with { type: 'json' };
import live from './live.en.json' with { type: 'json' };
import media from './media.en.json' with { type: 'json' };
import { type Catalog, merge } from './merge.ts';
import onboarding from './onboarding.en.json' with { type: 'json' };
import payments from './payments.en.json' with { type: 'json' };
import promos from './promos.en.json' with { type: 'json' };
import showchat from './showchat.en.json' with { type: 'json' };
import studio from './studio.en.json' with { type: 'json' };
import uploads from './uploads.en.json' with { type: 'json' };
import voicecall from './voicecall.en.json' with { type: 'json' };

/**
 * Every other area (billing, payments, chat, studio, onboarding overlays, ...): loaded with any
 * page other than the index and with every part the shell loads lazily, before they render.
 */
export const catalog: Catalog = merge(
  content,
  billing,
  payments,
  voicecall,
  coupons,
  freeCoins,
  game,
  avs,
  media,
  studio,
  uploads,
  live,
  showchat,
  chatsession,
  promos,
  onboarding,
  dataExport,
);
