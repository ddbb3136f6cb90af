// Module hooks of bench/werift-at.mjs: `werift` and its subpaths resolve as if imported from a file
// in BENCH_WERIFT_DIR, so Node finds that directory's node_modules/werift.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

let parentURL = '';

export function initialize({ dir }) {
  parentURL = pathToFileURL(path.join(path.resolve(dir), 'package.json')).href;
}

export function resolve(specifier, context, nextResolve) {
  if (specifier === 'werift' || specifier.startsWith('werift/'))
    return nextResolve(specifier, { ...context, parentURL });
  return nextResolve(specifier, context);
}
