import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from './haproxy-config.ts';

const servers = [
  { name: 'api-1', host: '127.0.0.1', port: 3001 },
  { name: 'api-2', host: '127.0.0.1', port: 3002 },
];
const config = haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, servers });
const lines = config.split('\n').map((l) => l.trim());
const section = (name: string) => {
  const start = lines.indexOf(name);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end);
};

const haproxy = (() => {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the HAProxy configuration', () => {
  it('listens on the given address and checks every process at /api/health: out after 3 s, back after 2', () => {
    expect(section('frontend web')).toContain('bind 127.0.0.1:3000');
    const api = section('backend api');
    expect(api).toContain('http-check send meth GET uri /api/health');
    expect(api).toContain('http-check expect status 200');
    expect(api).toContain('default-server inter 1s fastinter 250ms fall 3 rise 2');
    expect(api).toEqual(
      expect.arrayContaining(['server api-1 127.0.0.1:3001 check', 'server api-2 127.0.0.1:3002 check']),
    );
    // A process that hangs counts as failing within the second, not after the client timeout.
    expect(section('defaults')).toContain('timeout check 700ms');
  });

  it('passes WebSockets, keeps long-polling on one process by a cookie, and forwards the client address', () => {
    expect(section('defaults')).toEqual(expect.arrayContaining(['timeout tunnel 1h', 'option forwardfor']));
    expect(section('frontend web')).toContain('use_backend sockets if { path_beg /api/socket/ }');
    const sockets = section('backend sockets');
    expect(sockets).toContain('cookie lb insert indirect nocache httponly');
    // The socket backend follows the API backend's checks rather than checking twice.
    expect(sockets).toContain('server api-2 127.0.0.1:3002 track api/api-2 cookie api-2');
  });

  it('retries a request sent to a lost process only when it is idempotent', () => {
    expect(section('defaults')).toEqual(
      expect.arrayContaining([
        'retries 2',
        'option redispatch 1',
        'retry-on conn-failure empty-response response-timeout',
      ]),
    );
    for (const backend of ['backend api', 'backend sockets']) {
      expect(section(backend)).toContain('http-request disable-l7-retry unless { method GET HEAD OPTIONS }');
    }
  });

  it('writes IPv6 addresses in brackets and refuses names HAProxy would not take', () => {
    const v6 = haproxyConfig({ bind: { host: '::1', port: 8080 }, servers: [{ name: 'a', host: '::1', port: 8081 }] });
    expect(v6).toContain('bind [::1]:8080');
    expect(v6).toContain('server a [::1]:8081 check');
    const bind = { host: '127.0.0.1', port: 3000 };
    expect(() => haproxyConfig({ bind, servers: [] })).toThrow();
    expect(() => haproxyConfig({ bind, servers: [{ name: 'a b', host: '127.0.0.1', port: 1 }] })).toThrow();
    expect(() => haproxyConfig({ bind, servers: [servers[0], servers[0]].flatMap((s) => (s ? [s] : [])) })).toThrow();
    expect(() => haproxyConfig({ bind, servers: [{ name: 'a', host: '127.0.0.1', port: 70_000 }] })).toThrow();
  });

  it.skipIf(!haproxy)('is accepted by HAProxy itself (haproxy -c)', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'haproxy-')), 'haproxy.cfg');
    writeFileSync(file, config);
    expect(() => execFileSync('haproxy', ['-c', '-q', '-f', file], { stdio: 'pipe' })).not.toThrow();
  });
});
