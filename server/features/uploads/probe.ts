import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import sharp from 'sharp';
import type { UploadKind } from '#server/db/schema/uploads.ts';

/**
 * What an uploaded file is, decided by its content and never by its name or declared type: the
 * first bytes must be those of an accepted format, and then the decoder must agree (ffprobe for
 * videos: MP4 or WebM with a video stream and a duration; sharp for pictures: JPEG, PNG or WebP
 * of a sane size). Anything else is refused.
 */
export type VideoFormat = 'mp4' | 'webm';
export type PictureFormat = 'jpeg' | 'png' | 'webp';
export type Probed =
  | { ok: true; format: VideoFormat | PictureFormat; duration?: number }
  | { ok: false; reason: string };

/** The largest picture (pixels) sharp is asked to decode: 100 megapixels. */
export const PICTURE_MAX_PIXELS = 100_000_000;

async function head(file: string, bytes = 16): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The format the magic bytes name, or null. */
export function sniff(bytes: Buffer): VideoFormat | PictureFormat | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.toString('hex', 0, 8) === '89504e470d0a1a0a') return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Runs a binary to its end: its stdout, or a rejection with the tail of its stderr. */
export function run(bin: string, args: string[], onStderr?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err = (err + d).slice(-4000);
      if (onStderr) for (const line of d.split(/[\r\n]+/)) if (line) onStderr(line);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else
        reject(
          new Error(`${bin.split('/').pop()} exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`),
        );
    });
  });
}

export const FFMPEG = ffmpeg.path;
export const FFPROBE = ffprobe.path;

export type VideoInfo = { format: string; duration: number; width: number; height: number; audio: boolean };

/** What ffprobe reads from the file: container, duration and the first video stream's size. */
export async function probeVideo(file: string): Promise<VideoInfo | null> {
  let json: string;
  try {
    json = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  } catch {
    return null;
  }
  const parsed = JSON.parse(json) as {
    format?: { format_name?: string; duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video');
  const duration = Number(parsed.format?.duration ?? video?.duration);
  if (!video?.width || !video.height || !Number.isFinite(duration) || duration <= 0) return null;
  return {
    format: parsed.format?.format_name ?? '',
    duration,
    width: video.width,
    height: video.height,
    audio: parsed.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

/** Checks a complete upload by its content. */
export async function probeUpload(file: string, kind: UploadKind): Promise<Probed> {
  const format = sniff(await head(file));
  if (kind === 'video') {
    if (format !== 'mp4' && format !== 'webm') return { ok: false, reason: 'not an MP4 or WebM video' };
    const info = await probeVideo(file);
    const container = format === 'mp4' ? /mp4|mov/ : /webm|matroska/;
    if (!info || !container.test(info.format)) return { ok: false, reason: 'the video cannot be read' };
    return { ok: true, format, duration: info.duration };
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
    return { ok: false, reason: 'not a JPEG, PNG or WebP picture' };
  }
  try {
    const meta = await sharp(file, { limitInputPixels: PICTURE_MAX_PIXELS }).metadata();
    if (meta.format !== format || !meta.width || !meta.height)
      return { ok: false, reason: 'the picture cannot be read' };
    // Decoding the whole picture finds a truncated or corrupt file that the header hides.
    await sharp(file, { limitInputPixels: PICTURE_MAX_PIXELS }).resize(8, 8).toBuffer();
  } catch {
    return { ok: false, reason: 'the picture cannot be read' };
  }
  return { ok: true, format };
}
