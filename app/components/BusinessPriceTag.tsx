/** Marks a price as the business tier's (business customers on the business site). */
import { useT } from './Translations';

export function BusinessPriceTag() {
  const t = useT();
  return (
    <span
      className="ml-2 inline-block rounded-full bg-brand-soft px-2 py-0.5 align-middle text-xs font-semibold text-brand-dark"
      data-testid="business-price"
    >
      {t('Business price')}
    </span>
  );
}
