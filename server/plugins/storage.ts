import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { localDiskStorage } from '#server/providers/storage/local-disk.ts';
import type { Storage } from '#server/providers/storage/storage.ts';

/** Media files (`ctx.storage`): the storage given, or the local disk under MEDIA_DIR. */
export const storagePlugin = fp<{ storage?: Storage | undefined }>(
  async (app, opts) => {
    provide(app, { storage: opts.storage ?? localDiskStorage(app.ctx.config.media.dir) });
  },
  { name: 'storage', dependencies: ['context'] },
);
