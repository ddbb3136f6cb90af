import { describe, expect, it } from 'vitest';
import { clusterPlan, janusLine, missingServices, nextRestartDelay, processLine, splitPortRange } from './plan.ts';

const services = { DATABASE_URL: 'postgres://db/livecam', REDIS_URL: 'redis://redis:6379' };

describe('the cluster plan', () => {
  it('needs PostgreSQL and Redis, and says why in one line', () => {
    const line = missingServices({ REDIS_URL: 'redis://x' }) ?? '';
    expect(line).toMatch(/DATABASE_URL/);
    expect(line).toMatch(/PGlite cannot be shared between processes/);
    expect(line).not.toContain('\n');
    expect(missingServices({})).toMatch(/DATABASE_URL and REDIS_URL/);
    expect(missingServices(services)).toBeNull();
  });

  it('runs two processes after PORT by default, each named, reachable, behind the balancer on loopback', () => {
    const plan = clusterPlan(services);
    expect(plan).toMatchObject({ host: '127.0.0.1', port: 3000 });
    expect(plan.processes.map((p) => [p.name, p.port])).toEqual([
      ['api-1', 3001],
      ['api-2', 3002],
    ]);
    expect(plan.processes[1]?.env).toEqual({
      HOST: '127.0.0.1',
      PORT: '3002',
      NODE_NAME: 'api-2',
      INTERNAL_URL: 'http://127.0.0.1:3002',
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: '127.0.0.1',
    });
  });

  it('gives each process its share of LIVE_UDP_PORTS and keeps the operator PUBLIC_URL and TRUST_PROXY', () => {
    const plan = clusterPlan({
      ...services,
      PORT: '8000',
      API_PROCESSES: '3',
      LIVE_UDP_PORTS: '40000-40299',
      PUBLIC_URL: 'https://cams.example',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
    });
    expect(plan.processes.map((p) => [p.port, p.env.LIVE_UDP_PORTS])).toEqual([
      [8001, '40000-40099'],
      [8002, '40100-40199'],
      [8003, '40200-40299'],
    ]);
    expect(plan.processes[0]?.env).toMatchObject({
      PUBLIC_URL: 'https://cams.example',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
    });
  });

  it('refuses a process count, port or range it cannot run', () => {
    for (const env of [
      { API_PROCESSES: '0' },
      { API_PROCESSES: '17' },
      { API_PROCESSES: 'two' },
      { PORT: '65535' },
      { PORT: '-1' },
      { LIVE_UDP_PORTS: '50000-40000' },
      { LIVE_UDP_PORTS: '40000-40002', API_PROCESSES: '2' },
    ]) {
      expect(() => clusterPlan({ ...services, ...env }), JSON.stringify(env)).toThrow();
    }
    expect(splitPortRange('40000-40003', 2)).toEqual(['40000-40001', '40002-40003']);
  });

  it('waits 1 s before a restart, doubling per quick failure to 30 s, back to 1 s after a minute of running', () => {
    let delay: number | null = null;
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      delay = nextRestartDelay(delay, 500);
      delays.push(delay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(nextRestartDelay(30_000, 60_000)).toBe(1000);
    expect(processLine('api-1', 3001, 4242)).toBe('api api-1 http://127.0.0.1:3001 pid 4242');
  });

  describe('with LIVE_SFU=janus', () => {
    const secrets = { apiSecret: 'a'.repeat(43), adminSecret: 'b'.repeat(43) };

    it('starts two Janus instances after the processes, each its own API and Admin ports and half the media ports', () => {
      const plan = clusterPlan({ ...services, LIVE_SFU: 'janus' }, secrets);
      expect(plan.janus).toEqual([
        { name: 'janus-1', apiPort: 3003, adminPort: 3004, rtpPorts: [40000, 44999] },
        { name: 'janus-2', apiPort: 3005, adminPort: 3006, rtpPorts: [45000, 49999] },
      ]);
      // Every process is told all instances, in order, with the same secrets, and needs no UDP ports itself.
      for (const p of plan.processes) {
        expect(p.env).toMatchObject({
          JANUS_URLS: 'ws://127.0.0.1:3003,ws://127.0.0.1:3005',
          JANUS_ADMIN_URLS: 'ws://127.0.0.1:3004,ws://127.0.0.1:3006',
          JANUS_API_SECRET: secrets.apiSecret,
          JANUS_ADMIN_SECRET: secrets.adminSecret,
        });
        expect(p.env.LIVE_UDP_PORTS).toBeUndefined();
      }
      expect(janusLine('janus-1', 3003, 77)).toBe('janus janus-1 ws://127.0.0.1:3003 pid 77');
    });

    it('splits LIVE_UDP_PORTS over JANUS_INSTANCES instances instead of the processes', () => {
      const plan = clusterPlan(
        {
          ...services,
          LIVE_SFU: 'janus',
          PORT: '8000',
          API_PROCESSES: '3',
          JANUS_INSTANCES: '3',
          LIVE_UDP_PORTS: '20000-20599',
        },
        secrets,
      );
      expect(plan.janus.map((j) => [j.name, j.apiPort, j.adminPort, j.rtpPorts])).toEqual([
        ['janus-1', 8004, 8005, [20000, 20199]],
        ['janus-2', 8006, 8007, [20200, 20399]],
        ['janus-3', 8008, 8009, [20400, 20599]],
      ]);
      expect(plan.processes.every((p) => p.env.LIVE_UDP_PORTS === undefined)).toBe(true);
    });

    it("starts none when JANUS_URLS names the operator's instances, and none with werift", () => {
      const given = clusterPlan({ ...services, LIVE_SFU: 'janus', JANUS_URLS: 'ws://10.0.0.5:8188' }, secrets);
      expect(given.janus).toEqual([]);
      // The operator's own settings reach the processes through the inherited environment, untouched.
      expect(given.processes[0]?.env.JANUS_URLS).toBeUndefined();
      expect(clusterPlan(services).janus).toEqual([]);
    });

    it('refuses an instance count or ports it cannot run, and instances without their secrets', () => {
      for (const env of [
        { JANUS_INSTANCES: '0' },
        { JANUS_INSTANCES: '17' },
        { JANUS_INSTANCES: 'many' },
        { PORT: '65530' },
        { LIVE_UDP_PORTS: '40000-40002', JANUS_INSTANCES: '2' },
      ]) {
        expect(() => clusterPlan({ ...services, LIVE_SFU: 'janus', ...env }, secrets), JSON.stringify(env)).toThrow();
      }
      expect(() => clusterPlan({ ...services, LIVE_SFU: 'janus' })).toThrow(/secrets/);
    });
  });
});
