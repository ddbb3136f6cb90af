// `npm start`: builds the SPA when no build is there yet, then runs the server
// (which migrates the database and seeds the demo content on an empty one).
import path from 'node:path';
import { ensureWebBuild, root, run } from './web-build.mjs';

ensureWebBuild();
run(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')]);
