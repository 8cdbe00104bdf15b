/** Marks a price as the business tier's (business customers on the business site). */
import { useT } from './Translations';

export function BusinessPriceTag() {
  const t = useT();
  return (
    <span className="business-price" data-testid="business-price">
      {t('Business price')}
    </span>
  );
}
