import { readCookie } from '#app/cookies.ts';
import { api } from '#app/http.ts';
import { XSRF_COOKIE } from '#common/constants.ts';
import { UPLOAD_CHUNK_SIZE, UPLOAD_CONTENT_TYPE, UPLOAD_OFFSET_HEADER } from '#common/domain/uploads.ts';

/**
 * Sends a file through the studio's resumable uploads (decision 031): announce it, then PATCH
 * chunks of UPLOAD_CHUNK_SIZE at the offset the server has. XHR for the progress of each chunk;
 * after a pause or a dropped connection it asks the server for the offset and goes on from there.
 */
export type UploadStatus =
  | { phase: 'sending'; sent: number; size: number }
  | { phase: 'paused'; sent: number; size: number }
  | { phase: 'failed'; sent: number; size: number; reason: 'network' | 'type' | 'size' | 'busy' }
  | { phase: 'done'; sent: number; size: number; id: string };

class Refused extends Error {
  constructor(readonly reason: 'type' | 'size' | 'busy' | 'offset') {
    super(reason);
  }
}

function sendChunk(
  id: string,
  offset: number,
  blob: Blob,
  onBytes: (n: number) => void,
  register: (x: XMLHttpRequest) => void,
) {
  return new Promise<number>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    register(xhr);
    xhr.open('PATCH', `/api/studio/uploads/${id}`);
    xhr.setRequestHeader('content-type', UPLOAD_CONTENT_TYPE);
    xhr.setRequestHeader(UPLOAD_OFFSET_HEADER, String(offset));
    xhr.setRequestHeader('x-xsrf-token', readCookie(XSRF_COOKIE) ?? '');
    xhr.upload.onprogress = (e) => onBytes(e.loaded);
    xhr.onload = () => {
      if (xhr.status === 204) resolve(Number(xhr.getResponseHeader(UPLOAD_OFFSET_HEADER) ?? offset + blob.size));
      else if (xhr.status === 415) reject(new Refused('type'));
      else if (xhr.status === 413) reject(new Refused('size'));
      else if (xhr.status === 409) reject(new Refused('offset'));
      else reject(new Error(`HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(blob);
  });
}

export function startUpload(file: File, kind: 'video' | 'picture', onStatus: (s: UploadStatus) => void) {
  let id: string | null = null;
  let offset = 0;
  let paused = false;
  let current: XMLHttpRequest | null = null;
  let running = false;
  let finish: (id: string) => void = () => {};
  const done = new Promise<string>((resolve) => {
    finish = resolve;
  });
  const size = file.size;

  const loop = async () => {
    if (running) return;
    running = true;
    try {
      if (!id) {
        const created = await api<{ id: string }>('POST', 'studio/uploads', {
          kind,
          size,
          type: file.type || 'application/octet-stream',
          name: file.name.slice(0, 255) || 'file',
        });
        id = created.id;
      } else {
        offset = (await api<{ offset: number }>('GET', `studio/uploads/${id}`)).offset;
      }
      while (offset < size && !paused) {
        onStatus({ phase: 'sending', sent: offset, size });
        const from = offset;
        const blob = file.slice(from, Math.min(size, from + UPLOAD_CHUNK_SIZE));
        try {
          offset = await sendChunk(
            id,
            from,
            blob,
            (n) => onStatus({ phase: 'sending', sent: from + n, size }),
            (x) => {
              current = x;
            },
          );
        } catch (err) {
          // Another offset on the server: ask it and go on from there.
          if (err instanceof Refused && err.reason === 'offset') {
            offset = (await api<{ offset: number }>('GET', `studio/uploads/${id}`)).offset;
            continue;
          }
          throw err;
        }
      }
      if (paused) onStatus({ phase: 'paused', sent: offset, size });
      else {
        onStatus({ phase: 'done', sent: size, size, id });
        finish(id);
      }
    } catch (err) {
      if (paused) onStatus({ phase: 'paused', sent: offset, size });
      else {
        const status = (err as { status?: number }).status;
        const reason =
          err instanceof Refused && err.reason !== 'offset'
            ? err.reason
            : status === 413
              ? 'size'
              : status === 429
                ? 'busy'
                : status === 415
                  ? 'type'
                  : 'network';
        onStatus({ phase: 'failed', sent: offset, size, reason });
      }
    } finally {
      running = false;
      current = null;
    }
  };
  void loop();
  return {
    done,
    pause() {
      paused = true;
      (current as XMLHttpRequest | null)?.abort();
    },
    /** Resumes after a pause, or retries after a failure, from the offset the server has. */
    resume() {
      paused = false;
      void loop();
    },
  };
}
export type UploadControl = ReturnType<typeof startUpload>;
