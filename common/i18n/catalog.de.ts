import accounts from './accounts.de.json' with { type: 'json' };
import avs from './avs.de.json' with { type: 'json' };
import billing from './billing.de.json' with { type: 'json' };
import chatextras from './chatextras.de.json' with { type: 'json' };
import chatsession from './chatsession.de.json' with { type: 'json' };
import content from './content.de.json' with { type: 'json' };
import coupons from './coupons.de.json' with { type: 'json' };
import base from './de.json' with { type: 'json' };
import favorites from './favorites.de.json' with { type: 'json' };
import freecoins from './freecoins.de.json' with { type: 'json' };
import game from './game.de.json' with { type: 'json' };
import live from './live.de.json' with { type: 'json' };
import media from './media.de.json' with { type: 'json' };
import { type Catalog, merge } from './merge.ts';
import messages from './messages.de.json' with { type: 'json' };
import onboarding from './onboarding.de.json' with { type: 'json' };
import payments from './payments.de.json' with { type: 'json' };
import promos from './promos.de.json' with { type: 'json' };
import search from './search.de.json' with { type: 'json' };
import shell from './shell.de.json' with { type: 'json' };
import showchat from './showchat.de.json' with { type: 'json' };
import shows from './shows.de.json' with { type: 'json' };
import studio from './studio.de.json' with { type: 'json' };
import uploads from './uploads.de.json' with { type: 'json' };
import voicecall from './voicecall.de.json' with { type: 'json' };

/** The German interface catalog (all areas merged); the app loads it on demand. */
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
