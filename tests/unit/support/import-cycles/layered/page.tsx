import { storeLabel } from './stores';
import type { Store } from './types';

export const StoreName = ({ store }: { store: Store }) => <span>{storeLabel(store)}</span>;
