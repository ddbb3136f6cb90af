// The live benchmark with another werift than the project's: `NODE_OPTIONS="--import
// ./bench/werift-at.mjs" BENCH_WERIFT_DIR=/tmp/werift25` (a directory where `npm install --prefix
// <dir> werift@<version>` put it). Every process of the run, the app's included, then imports
// werift (and what werift imports) from that directory; without BENCH_WERIFT_DIR nothing changes.
// Only for the benchmark: the product imports the werift of its own package.json.
import { register } from 'node:module';

const dir = process.env.BENCH_WERIFT_DIR;
if (dir) register('./werift-at-hooks.mjs', import.meta.url, { data: { dir } });
