import { create as createStore } from 'zustand/react';
import type { StateCreator, StoreApi } from 'zustand/vanilla';

// The app's tests stand in for `zustand` with this module (vitest.config.ts aliases the bare name):
// it creates stores exactly as `zustand` does and remembers them, so that the set-up can give
// every test file fresh stores while the files share their worker's modules.
export * from 'zustand/react';
export * from 'zustand/vanilla';

type Resettable = Pick<StoreApi<unknown>, 'setState' | 'getInitialState'>;
const stores = new Set<Resettable>();

function remember<S extends Resettable>(store: S): S {
  stores.add(store);
  return store;
}

type Initializer = StateCreator<unknown, [], []>;
export const create = ((initializer?: Initializer) =>
  initializer === undefined
    ? (later: Initializer) => remember(createStore(later))
    : remember(createStore(initializer))) as unknown as typeof createStore;

/** Every store back in the state it was created with. */
export function resetStores() {
  for (const store of stores) store.setState(store.getInitialState(), true);
}
