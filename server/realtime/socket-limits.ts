/**
 * How many sockets one client may hold open at once in this process. The counts are per process
 * (each process counts the sockets it holds): behind a balancer spreading connections over N
 * processes one client could hold up to N times as many, which is still a bound.
 */

/** Visitor sockets one address may hold open (tabs of one household behind one NAT). */
export const VISITOR_SOCKETS_PER_ADDRESS = 20;
/** Sockets of one member session (the tabs of one browser). */
export const MEMBER_SOCKETS_PER_SESSION = 10;
/** Sockets of one member across all their sessions (browsers and devices). */
export const MEMBER_SOCKETS_PER_USER = 30;
/** Sockets of one performer's studio session (the studio and a tab or two beside it). */
export const PERFORMER_SOCKETS_PER_SESSION = 5;

/** Open socket ids by key (an address, a session, a member), each key capped. */
export class SocketCounts<K> {
  private readonly open = new Map<K, Set<string>>();
  constructor(readonly max: number) {}

  /** Whether another socket fits under the key. */
  fits(key: K) {
    return (this.open.get(key)?.size ?? 0) < this.max;
  }

  add(key: K, id: string) {
    const ids = this.open.get(key) ?? new Set<string>();
    ids.add(id);
    this.open.set(key, ids);
  }

  release(key: K, id: string) {
    const ids = this.open.get(key);
    ids?.delete(id);
    if (ids?.size === 0) this.open.delete(key);
  }
}
