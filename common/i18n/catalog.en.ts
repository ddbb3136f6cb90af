import { catalog as later } from './catalog-later.en.ts';
import { catalog as start } from './catalog-start.en.ts';
import { type Catalog, merge } from './merge.ts';

/** The English interface catalog, all areas merged (the server and the tests use it whole). */
export const catalog: Catalog = merge(start, later);
