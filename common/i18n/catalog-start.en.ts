import accounts from './accounts.en.json' with { type: 'json' };
import chatextras from './chatextras.en.json' with { type: 'json' };
import base from './en.json' with { type: 'json' };
import favorites from './favorites.en.json' with { type: 'json' };
import { type Catalog, merge } from './merge.ts';
import messages from './messages.en.json' with { type: 'json' };
import passkeys from './passkeys.en.json' with { type: 'json' };
import search from './search.en.json' with { type: 'json' };
import secondFactor from './second-factor.en.json' with { type: 'json' };
import shell from './shell.en.json' with { type: 'json' };
import shows from './shows.en.json' with { type: 'json' };

/**
 * The areas the shell and the index page show on their first render (menus, show lists, top bar
 * search, the referral link): the one catalog part loaded before the landing page renders.
 * catalog-start.test.ts checks that it holds every key those modules use.
 */
export const catalog: Catalog = merge(
  base,
  shell,
  accounts,
  shows,
  search,
  favorites,
  messages,
  chatextras,
  passkeys,
  secondFactor,
);
