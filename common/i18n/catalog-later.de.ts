import avs from './avs.de.json' with { type: 'json' };
import billing from './billing.de.json' with { type: 'json' };
import chatsession from './chatsession.de.json' with { type: 'json' };
import content from './content.de.json' with { type: 'json' };
import coupons from './coupons.de.json' with { type: 'json' };
import dataExport from './data-export.de.json' with { type: 'json' };
import freeCoins from './free-coins.de.json' with { type: 'json' };
import game from './game.de.json' with { type: 'json' };
import live from './live.de.json' with { type: 'json' };
import media from './media.de.json' with { type: 'json' };
import { type Catalog, merge } from './merge.ts';
import onboarding from './onboarding.de.json' with { type: 'json' };
import payments from './payments.de.json' with { type: 'json' };
import promos from './promos.de.json' with { type: 'json' };
import showchat from './showchat.de.json' with { type: 'json' };
import studio from './studio.de.json' with { type: 'json' };
import uploads from './uploads.de.json' with { type: 'json' };
import voicecall from './voicecall.de.json' with { type: 'json' };

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
