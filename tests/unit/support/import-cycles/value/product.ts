import { cartLine } from './cart';

export const productName = (id: number) => `Product ${id}`;
export const preview = (id: number) => cartLine(id);
