import { describe, expect, it } from 'vitest';
import { formatLogLine, requestLogLevel, resolveLogFormat } from './log-format.ts';

describe('the log format', () => {
  it('is readable text on a terminal outside production, JSON lines otherwise or when asked', () => {
    expect(resolveLogFormat({ env: 'development', logFormat: 'auto' }, true)).toBe('text');
    expect(resolveLogFormat({ env: 'development', logFormat: 'auto' }, false)).toBe('json');
    expect(resolveLogFormat({ env: 'production', logFormat: 'auto' }, true)).toBe('json');
    expect(resolveLogFormat({ env: 'development', logFormat: 'json' }, true)).toBe('json');
    expect(resolveLogFormat({ env: 'production', logFormat: 'text' }, false)).toBe('text');
  });

  it('logs requests quietly outside production and as the access log in production', () => {
    expect(requestLogLevel('development')).toBe('debug');
    expect(requestLogLevel('test')).toBe('debug');
    expect(requestLogLevel('production')).toBe('info');
  });

  it('writes one readable line an event: time, level, message, request, fields', () => {
    const time = new Date(2026, 10, 28, 9, 5, 7).getTime();
    const line = JSON.stringify({
      level: 20,
      time,
      pid: 1,
      hostname: 'h',
      reqId: '0123456789abcdef',
      res: { statusCode: 200 },
      req: { method: 'GET', url: '/api/shows' },
      responseTime: 3.12,
      msg: 'request completed',
      extra: 'two words',
    });
    expect(formatLogLine(line)).toBe(
      '09:05:07 DEBUG request completed  GET /api/shows  200  3.1 ms  extra="two words"  req=01234567\n',
    );
    expect(formatLogLine(JSON.stringify({ level: 30, time, msg: 'catalogue: media files 10% (634/6337)' }))).toBe(
      '09:05:07 INFO  catalogue: media files 10% (634/6337)\n',
    );
  });

  it('puts an error stack on indented lines, and colours only when asked', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at a (x.ts:1:1)' };
    const text = formatLogLine(JSON.stringify({ level: 50, time: 0, msg: 'failed', err }), true);
    expect(text).toContain('\u001b[31mERROR\u001b[0m failed  Error: boom\n    at a (x.ts:1:1)\n');
    expect(formatLogLine(JSON.stringify({ level: 50, time: 0, msg: 'x' }))).not.toContain('\u001b');
  });

  it('passes anything that is not a JSON object through unchanged', () => {
    expect(formatLogLine('not json\n')).toBe('not json\n');
    expect(formatLogLine('[1,2]\n')).toBe('[1,2]\n');
  });
});
