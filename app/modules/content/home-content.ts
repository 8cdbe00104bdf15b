/** The home page's hero as content (decision 0093): what a content row says, or the built-in words without one. */
export interface HomeHero {
  /** The content row's id, or null for the built-in words. */
  id: number | null;
  headline: string;
  highlight: string;
  body: string;
  /** Dated after the real now: a draft only a content editor sees. */
  draft: boolean;
}

export const BUILT_IN_HOME_HERO: HomeHero = {
  id: null,
  headline: 'Fresh groceries,',
  highlight: 'your way',
  body: 'Delivery to your door, DriveUp & Go pickup, or clip deals for your next trip in store.',
  draft: false,
};

/** The built-in words in Spanish (a content row carries its own, in its `_es` columns). */
export const BUILT_IN_HOME_HERO_ES: Pick<HomeHero, 'headline' | 'highlight' | 'body'> = {
  headline: 'Compras frescas,',
  highlight: 'a tu manera',
  body: 'Entrega a domicilio, recogida con DriveUp & Go o cupones para tu próxima visita a la tienda.',
};
