import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewKey } from '#common/domain/previews.ts';
import { galleryImageKey, isPublicMediaKey, videoClipKey, videoPosterKey } from '#server/media/keys.ts';
import { createGallery, createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const publicKeys = [
  previewKey(3, 10, '320x240'),
  previewKey(3, 10, '320x240', true),
  previewKey(3, 10, '45x34'),
  previewKey(3, 10, '45x34', true),
];
/** The plain gallery thumb shows what was paid for: only through a signed URL. */
const privateKeys = [
  galleryImageKey(4, 20, 'thumb'),
  galleryImageKey(4, 20, 'full'),
  videoPosterKey(777),
  videoClipKey(777, 1),
];

beforeAll(async () => {
  t = await createTestApp();
  // A blurred thumbnail is public only while its gallery is published (the catalogue's rule).
  const gallery = await createGallery(t.db, (await createShow(t.db)).id, { images: 1 });
  publicKeys.push(galleryImageKey(gallery.id, gallery.images[0]?.id ?? 0, 'thumb_blurred'));
  for (const key of [...publicKeys, ...privateKeys]) await t.storage.put(key, jpeg);
});
afterAll(() => t.close());

describe('GET /media/*', () => {
  it('serves previews (plain and blurred) and blurred gallery thumbnails as cacheable JPEGs', async () => {
    for (const key of publicKeys) {
      const res = await t.client().get(`/media/${key}`);
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.rawPayload.equals(jpeg)).toBe(true);
    }
  });

  it('answers HEAD for a public image without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/media/${publicKeys[0]}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(jpeg.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it('never serves full pictures, posters or clips, even when stored', async () => {
    for (const key of privateKeys) {
      const res = await t.client().get(`/media/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('answers 404 for unknown, malformed, oversized and climbing paths', async () => {
    const urls = [
      '/media/previews/3/99_320x240.jpg',
      '/media/previews/3/10_640x480.jpg',
      '/media/previews/3/10_320x240.png',
      '/media/previews/0/10_320x240.jpg',
      '/media/previews/x/10_320x240.jpg',
      '/media/previews/3/10_320x240_b.jpg.tmp',
      '/media/previews/../videos/777/1.webm',
      '/media/previews/3/..%2F..%2Fvideos/777/1.webm',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/',
      '/media',
      `/media/previews/3/${'9'.repeat(5000)}_320x240.jpg`,
      "/media/previews/3/10_320x240.jpg' or 1=1",
    ];
    for (const url of urls) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('refuses writes', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/media/${publicKeys[0]}`, payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /media/* renditions', () => {
  it("makes a preview's WebP renditions from its JPEG on the first request, then serves them stored", async () => {
    const key = previewKey(5, 50, '320x240');
    await t.storage.put(
      key,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a05' } })
        .jpeg()
        .toBuffer(),
    );
    const res = await t.client().get(`/media/previews/5/50_320x240.360w.webp`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 360, height: 270 });
    expect(await t.storage.exists('previews/5/50_320x240.180w.webp')).toBe(true);
    const again = await t.client().get(`/media/previews/5/50_320x240.360w.webp`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers 404, storing nothing, for a missing or unreadable JPEG and for private pictures', async () => {
    await t.storage.put(
      galleryImageKey(4, 20, 'thumb'),
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#123' } })
        .jpeg()
        .toBuffer(),
    );
    const keys = [
      'previews/5/51_320x240.360w.webp', // no JPEG
      'previews/3/10_320x240.180w.webp', // not a picture sharp reads
      'galleries/4/20_320x240.360w.webp', // a plain thumbnail: signed URLs only
      'previews/3/10_45x34.180w.webp', // no renditions of the small previews
    ];
    for (const key of keys) {
      expect((await t.client().get(`/media/${key}`)).statusCode, key).toBe(404);
      expect(await t.storage.exists(key), key).toBe(false);
    }
  });
});

describe('isPublicMediaKey', () => {
  it('accepts exactly the public shapes', () => {
    for (const key of publicKeys) expect(isPublicMediaKey(key)).toBe(true);
    for (const key of privateKeys) expect(isPublicMediaKey(key)).toBe(false);
    expect(isPublicMediaKey('galleries/4/20_45x34.jpg')).toBe(false);
    expect(isPublicMediaKey('previews/3/10_320x240_b_b.jpg')).toBe(false);
  });
});

describe('security headers', () => {
  it('let pages show images and play media from this server', async () => {
    const res = await t.client().get(`/media/${publicKeys[0]}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self'/);
    expect(csp).toMatch(/media-src 'self'/);
  });

  it('add configured image hosts to img-src', async () => {
    const other = await createTestApp({
      env: { IMAGE_HOST_1: 'https://img1.example.com/', IMAGE_HOST_2: 'https://img2.example.com' },
    });
    try {
      const res = await other.client().get('/media/previews/1/1_45x34.jpg');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('https://img1.example.com');
      expect(csp).toContain('https://img2.example.com');
    } finally {
      await other.close();
    }
  });
});
