import accounts from './accounts.en.json' with { type: 'json' };
import avs from './avs.en.json' with { type: 'json' };
import billing from './billing.en.json' with { type: 'json' };
import chatextras from './chatextras.en.json' with { type: 'json' };
import chatsession from './chatsession.en.json' with { type: 'json' };
import content from './content.en.json' with { type: 'json' };
import coupons from './coupons.en.json' with { type: 'json' };
import base from './en.json' with { type: 'json' };
import favorites from './favorites.en.json' with { type: 'json' };
import freecoins from './freecoins.en.json' with { type: 'json' };
import game from './game.en.json' with { type: 'json' };
import live from './live.en.json' with { type: 'json' };
import media from './media.en.json' with { type: 'json' };
import { type Catalog, merge } from './merge.ts';
import messages from './messages.en.json' with { type: 'json' };
import onboarding from './onboarding.en.json' with { type: 'json' };
import payments from './payments.en.json' with { type: 'json' };
import promos from './promos.en.json' with { type: 'json' };
import search from './search.en.json' with { type: 'json' };
import shell from './shell.en.json' with { type: 'json' };
import showchat from './showchat.en.json' with { type: 'json' };
import shows from './shows.en.json' with { type: 'json' };
import studio from './studio.en.json' with { type: 'json' };
import uploads from './uploads.en.json' with { type: 'json' };
import voicecall from './voicecall.en.json' with { type: 'json' };

/** The English interface catalog (all areas merged); the app loads it on demand. */
export const catalog: Catalog = merge(
  base,
  shell,
  accounts,
  content,
  billing,
  payments,
  voicecall,
  coupons,
  freecoins,
  game,
  avs,
  shows,
  media,
  search,
  favorites,
  studio,
  uploads,
  live,
  showchat,
  chatsession,
  chatextras,
  messages,
  promos,
  onboarding,
);
