import type { Store } from './store';

export interface Shopper {
  store: Store | null;
}
