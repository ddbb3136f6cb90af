import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where an upload's bytes lie while it is received and until it is processed. */
export const uploadFile = (dir: string, id: string) => path.join(dir, `${id}.part`);

export async function createEmptyFile(dir: string, id: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const handle = await open(uploadFile(dir, id), 'w');
  await handle.close();
}

/** Cuts the file back to `length` bytes (what the database says was received). */
export async function truncateTo(file: string, length: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.truncate(length);
  } finally {
    await handle.close();
  }
}

export async function fileSize(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

export async function removeUploadFile(dir: string, id: string): Promise<void> {
  await rm(uploadFile(dir, id), { force: true });
}
