import type { Store } from './types';

export const storeLabel = (store: Store) => `Store ${store.id}`;
