/** The spec's minimum fetch delay (part 2 "Caches"): loading states never flash shorter than this. */
export const MIN_FETCH_DELAY_MS = 200;

/** Settles like `promise`, but not before `ms` have passed since the call. */
export async function withMinDelay<T>(promise: Promise<T>, ms = MIN_FETCH_DELAY_MS): Promise<T> {
  const wait = new Promise<void>((resolve) => setTimeout(resolve, ms));
  try {
    const value = await promise;
    await wait;
    return value;
  } catch (error) {
    await wait;
    throw error;
  }
}
