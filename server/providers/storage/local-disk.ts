import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type Storage } from './storage.ts';

/** Media on the local disk under `root` (MEDIA_DIR, default ./data/media). */
export function localDiskStorage(root: string): Storage {
  const file = (key: string) => path.join(root, assertKey(key));
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write aside and rename, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    async putStream(key, source) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      try {
        await pipeline(Readable.from(source), createWriteStream(temp));
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      await rename(temp, target);
    },
    async size(key) {
      try {
        const s = await stat(file(key));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
    },
    read(key, range) {
      return createReadStream(file(key), range ? { start: range.start, end: range.end } : {});
    },
    async exists(key) {
      return (await this.size(key)) !== null;
    },
    async delete(key) {
      // force: a file gone already is no error (a second sweep, a retry after a crash).
      await rm(file(key), { force: true });
    },
  };
}
