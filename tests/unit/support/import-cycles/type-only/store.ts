import type { Shopper } from './shopper';

export interface Store {
  id: string;
  chosenBy: Shopper[];
}
