import type { RewardKind } from '~/db/schema';

/**
 * The rewards a customer can redeem with points, per banner. Grocery rewards need a store with
 * grocery rewards; fuel rewards need a store with a gas rewards program (own stations) or a fuel
 * partner, each with its own redemption limit (storeRewards.ownMaxRedemption / partnerMaxRedemption).
 */
export interface RewardTemplate {
  slug: string;
  kind: RewardKind;
  title: string;
  description: string;
  /** The same words in Spanish. */
  titleEs: string;
  descriptionEs: string;
  pointsCost: number;
  valueCents: number;
  imageKey: string;
}

export const REWARD_TEMPLATES: RewardTemplate[] = [
  {
    slug: 'five-dollars-off',
    kind: 'grocery',
    title: '$5 off your grocery order',
    description: '$5 off an order of $25 or more, in store, for delivery or for DriveUp & Go.',
    titleEs: '$5 de descuento en su pedido de supermercado',
    descriptionEs:
      '$5 de descuento en un pedido de $25 o más, en la tienda, con entrega a domicilio o con DriveUp & Go.',
    pointsCost: 500,
    valueCents: 500,
    imageKey: 'reward-dollars',
  },
  {
    slug: 'ten-dollars-off',
    kind: 'grocery',
    title: '$10 off your grocery order',
    description: '$10 off an order of $50 or more, in store, for delivery or for DriveUp & Go.',
    titleEs: '$10 de descuento en su pedido de supermercado',
    descriptionEs:
      '$10 de descuento en un pedido de $50 o más, en la tienda, con entrega a domicilio o con DriveUp & Go.',
    pointsCost: 1000,
    valueCents: 1000,
    imageKey: 'reward-dollars',
  },
  {
    slug: 'free-dozen-eggs',
    kind: 'grocery',
    title: 'Free dozen large eggs',
    description: 'One dozen large white eggs, free with any order.',
    titleEs: 'Una docena de huevos grandes gratis',
    descriptionEs: 'Una docena de huevos blancos grandes, gratis con cualquier pedido.',
    pointsCost: 300,
    valueCents: 399,
    imageKey: 'large-white-eggs',
  },
  {
    slug: 'free-bananas',
    kind: 'grocery',
    title: 'Free bunch of bananas',
    description: 'One bunch of bananas (about 2 lb), free with any order.',
    titleEs: 'Un racimo de plátanos gratis',
    descriptionEs: 'Un racimo de plátanos (unas 2 lb), gratis con cualquier pedido.',
    pointsCost: 150,
    valueCents: 129,
    imageKey: 'bananas',
  },
  {
    slug: 'free-ground-coffee',
    kind: 'grocery',
    title: 'Free bag of ground coffee',
    description: 'One 12 oz bag of store-brand ground coffee, free with any order.',
    titleEs: 'Una bolsa de café molido gratis',
    descriptionEs: 'Una bolsa de 12 oz de café molido de la marca de la tienda, gratis con cualquier pedido.',
    pointsCost: 800,
    valueCents: 799,
    imageKey: 'ground-coffee',
  },
  {
    slug: 'free-rotisserie-chicken',
    kind: 'grocery',
    title: 'Free rotisserie chicken',
    description: 'One hot rotisserie chicken from the deli, free with any order.',
    titleEs: 'Un pollo rostizado gratis',
    descriptionEs: 'Un pollo rostizado caliente de la salchichonería, gratis con cualquier pedido.',
    pointsCost: 700,
    valueCents: 699,
    imageKey: 'rotisserie-chicken',
  },
  {
    slug: 'fuel-10-cents',
    kind: 'gas-own',
    title: '10¢ off per gallon at our fuel stations',
    description: 'Save 10¢ a gallon, up to 25 gallons, at our own fuel stations.',
    titleEs: '10¢ de descuento por galón en nuestras gasolineras',
    descriptionEs: 'Ahorre 10¢ por galón, hasta 25 galones, en nuestras propias gasolineras.',
    pointsCost: 100,
    valueCents: 10,
    imageKey: 'reward-gas',
  },
  {
    slug: 'fuel-20-cents',
    kind: 'gas-own',
    title: '20¢ off per gallon at our fuel stations',
    description: 'Save 20¢ a gallon, up to 25 gallons, at our own fuel stations.',
    titleEs: '20¢ de descuento por galón en nuestras gasolineras',
    descriptionEs: 'Ahorre 20¢ por galón, hasta 25 galones, en nuestras propias gasolineras.',
    pointsCost: 200,
    valueCents: 20,
    imageKey: 'reward-gas',
  },
  {
    slug: 'partner-fuel-10-cents',
    kind: 'gas-partner',
    title: '10¢ off per gallon at partner stations',
    description: 'Save 10¢ a gallon, up to 25 gallons, at our fuel partner’s stations.',
    titleEs: '10¢ de descuento por galón en gasolineras asociadas',
    descriptionEs: 'Ahorre 10¢ por galón, hasta 25 galones, en las gasolineras de nuestro socio de combustible.',
    pointsCost: 100,
    valueCents: 10,
    imageKey: 'reward-gas',
  },
];
