import accounts from './accounts.en.json' with { type: 'json' };
import content from './content.en.json' with { type: 'json' };
import base from './en.json' with { type: 'json' };
import { type Catalog, merge } from './merge.ts';
import shell from './shell.en.json' with { type: 'json' };

/** The English interface catalog (all areas merged); the app loads it on demand. */
export const catalog: Catalog = merge(base, shell, accounts, content);
