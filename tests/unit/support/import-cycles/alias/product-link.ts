import { productHref } from '~/modules/catalog/links';

export const firstProductHref = () => productHref('grocery', 1);
