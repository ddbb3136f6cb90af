import { catalog as later } from './catalog-later.de.ts';
import { catalog as start } from './catalog-start.de.ts';
import { type Catalog, merge } from './merge.ts';

/** The German interface catalog, all areas merged (the server and the tests use it whole). */
export const catalog: Catalog = merge(start, later);
