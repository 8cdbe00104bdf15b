import { productName } from './product';

export const cartLine = (id: number) => `${productName(id)} ×1`;
