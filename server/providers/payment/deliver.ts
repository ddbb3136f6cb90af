/**
 * Postback delivery as PSPs do it: send, and while the answer is not 2xx, try again after a
 * growing pause, up to a number of attempts. Each attempt is signed afresh (a new timestamp).
 */
export type DeliveryOptions = {
  attempts?: number;
  firstDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Stops retrying (the server is shutting down). */
  stopped?: () => boolean;
};

export type Delivery = { delivered: boolean; attempts: number; lastStatus: number | null };

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export async function deliver(send: () => Promise<number>, opts: DeliveryOptions = {}): Promise<Delivery> {
  const attempts = opts.attempts ?? 5;
  const sleep = opts.sleep ?? wait;
  let delay = opts.firstDelayMs ?? 500;
  let lastStatus: number | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (opts.stopped?.()) return { delivered: false, attempts: attempt - 1, lastStatus };
    try {
      lastStatus = await send();
    } catch {
      lastStatus = null;
    }
    if (lastStatus !== null && lastStatus >= 200 && lastStatus < 300)
      return { delivered: true, attempts: attempt, lastStatus };
    if (attempt < attempts) {
      await sleep(delay);
      delay *= 2;
    }
  }
  return { delivered: false, attempts, lastStatus };
}
