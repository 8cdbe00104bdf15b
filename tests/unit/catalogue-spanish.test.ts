import { describe, expect, it } from 'vitest';
import { MARKETPLACE_ITEMS, SELLERS } from '~/db/seed/data/marketplace-vocabulary';
import { MARKETPLACE_ITEM_NAMES_ES } from '~/db/seed/data/marketplace-words-es';
import { OFFER_TEMPLATES } from '~/db/seed/data/offer-vocabulary';
import { SHELF_DESCRIPTIONS_ES } from '~/db/seed/data/shelf-descriptions-es';
import { allShelfItems } from '~/db/seed/data/shelf-vocabulary';
import { catalogueWords, fillItemDescription } from '~/modules/catalog/catalogue-words';
import { REWARD_TEMPLATES } from '~/modules/offers/reward-catalog';
import { historyLineIn } from '~/modules/offers/reward-language.server';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the catalogue in Spanish', () => {
  it('has a Spanish description for every shelf item, and for no item the shelf does not have', () => {
    const keys = allShelfItems().map((entry) => entry.item.key);
    expect(Object.keys(SHELF_DESCRIPTIONS_ES).sort()).toEqual([...keys].sort());
  });

  it("keeps each shelf item's placeholders in its Spanish description", () => {
    for (const { item } of allShelfItems())
      expect(placeholders(SHELF_DESCRIPTIONS_ES[item.key]!), item.key).toEqual(placeholders(item.description));
  });

  it('writes every offer template in Spanish with the same placeholders as in English', () => {
    for (const template of OFFER_TEMPLATES) {
      expect(placeholders(template.titleEs), template.title).toEqual(placeholders(template.title));
      expect(placeholders(template.descriptionEs), template.description).toEqual(placeholders(template.description));
      expect(template.titleEs).not.toBe(template.title);
    }
  });

  it('names every marketplace item in Spanish, and no item the marketplace does not have', () => {
    expect(Object.keys(MARKETPLACE_ITEM_NAMES_ES).sort()).toEqual(MARKETPLACE_ITEMS.map((item) => item.key).sort());
    for (const item of MARKETPLACE_ITEMS) expect(MARKETPLACE_ITEM_NAMES_ES[item.key], item.key).not.toBe(item.name);
  });

  it("writes every seller's tagline in Spanish", () => {
    for (const seller of SELLERS) {
      expect(seller.taglineEs, seller.slug).toMatch(/\S/);
      expect(seller.taglineEs, seller.slug).not.toBe(seller.tagline);
    }
  });

  it('names and describes every reward in Spanish', () => {
    for (const reward of REWARD_TEMPLATES) {
      expect(reward.titleEs).not.toBe(reward.title);
      expect(reward.descriptionEs).not.toBe(reward.description);
    }
  });

  it('shows the Spanish words to a Spanish shopper, and the English ones when there are none', () => {
    expect(catalogueWords('es', 'Free bunch of bananas', 'Un racimo de plátanos gratis')).toBe(
      'Un racimo de plátanos gratis',
    );
    expect(catalogueWords('es', 'Free bunch of bananas', null)).toBe('Free bunch of bananas');
    expect(catalogueWords('en', 'Free bunch of bananas', 'Un racimo de plátanos gratis')).toBe('Free bunch of bananas');
  });

  it("fills a description's brand and a wine's details, and leaves an unknown placeholder as it is", () => {
    expect(
      fillItemDescription('Café de {brand}, {region} {vintage} {other}', {
        brand: 'Pantry',
        region: 'Rioja',
        vintage: 2019,
      }),
    ).toBe('Café de Pantry, Rioja 2019 {other}');
  });
});

describe('a rewards history line', () => {
  it('is returned as it is in English', () => {
    expect(historyLineIn('en', 'Redeemed: Free bunch of bananas', 'Un racimo de plátanos gratis')).toBe(
      'Redeemed: Free bunch of bananas',
    );
  });

  it("reads a redeemed or returned reward's Spanish title", () => {
    expect(historyLineIn('es', 'Redeemed: Free bunch of bananas', 'Un racimo de plátanos gratis')).toBe(
      'Canjeado: Un racimo de plátanos gratis',
    );
    expect(historyLineIn('es', 'Removed: Free bunch of bananas', 'Un racimo de plátanos gratis')).toBe(
      'Se quitó: Un racimo de plátanos gratis',
    );
  });

  it('keeps an order number and translates the fixed lines', () => {
    expect(historyLineIn('es', 'Order C1234', null)).toBe('Pedido C1234');
    expect(historyLineIn('es', 'Welcome bonus', null)).toBe('Bono de bienvenida');
    expect(historyLineIn('es', 'Points from your store card', null)).toBe('Puntos de su tarjeta de la tienda');
    expect(historyLineIn('es', 'Refer a friend: your first order C77', null)).toBe(
      'Recomiende a un amigo: su primer pedido C77',
    );
    expect(historyLineIn('es', 'Refer a friend: a friend you referred placed their first order', null)).toBe(
      'Recomiende a un amigo: un amigo que usted recomendó hizo su primer pedido',
    );
    expect(historyLineIn('es', 'Refer a friend: the first order was cancelled', null)).toBe(
      'Recomiende a un amigo: se canceló el primer pedido',
    );
  });
});
