import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';

/**
 * A rewards history line in the shopper's language (decision 0123). The ledger keeps the English line it was written
 * with ("Redeemed: $5 off your grocery order", "Order C1234", "Welcome bonus"); a redeemed or returned reward reads
 * its title in the reward's own Spanish words, an order keeps its number, and a fixed line is a key in offers.json.
 * English lines are returned as they are.
 */
export function historyLineIn(language: Language, line: string, rewardTitleEs: string | null): string {
  if (language === 'en') return line;
  const t = serverT(language, 'offers');
  let match: RegExpExecArray | null;
  if ((match = /^Redeemed: (.+)$/.exec(line))) return t('Redeemed: {{title}}', { title: rewardTitleEs ?? match[1] });
  if ((match = /^Removed: (.+)$/.exec(line))) return t('Removed: {{title}}', { title: rewardTitleEs ?? match[1] });
  if ((match = /^Order (\S+)$/.exec(line))) return t('Order {{number}}', { number: match[1] });
  if ((match = /^Refer a friend: your first order (\S+)$/.exec(line)))
    return t('Refer a friend: your first order {{number}}', { number: match[1] });
  return t(line);
}
