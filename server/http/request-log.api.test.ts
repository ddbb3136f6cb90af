import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

const opened: TestContext[] = [];
afterAll(() => Promise.all(opened.map((t) => t.close())));

const requestLines = (t: TestContext) =>
  t.logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number } })
    .filter((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed');

describe('request lines outside production', () => {
  it('are not written at the default level, so the start banner stays on screen', async () => {
    const t = await createTestApp({ captureLogs: true });
    opened.push(t);
    expect((await t.client().get('/api/health')).statusCode).toBe(200);
    expect(requestLines(t)).toEqual([]);
  });

  it('are written at debug, with the status, when LOG_LEVEL=debug', async () => {
    const t = await createTestApp({ captureLogs: true, env: { LOG_LEVEL: 'debug' } });
    opened.push(t);
    await t.client().get('/api/health');
    const lines = requestLines(t);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    expect(lines[1]?.res?.statusCode).toBe(200);
  });
});
