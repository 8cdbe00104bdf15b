/**
 * Wine shop vocabulary: varietals, regions and fictional wineries. A generator combines them into
 * names like "Thistledown Vineyards 2019 Napa Valley Cabernet Sauvignon, 750 ml".
 *
 * Every region lists the varietals it is known for (`varietals`), so a generator can keep its
 * combinations plausible: pick a region, then a varietal from `varietalsForRegion(region)`.
 */

export type WineColor = 'red' | 'white' | 'rosé' | 'sparkling';

/** A wine's colour in Spanish, as its description reads it (decision 0123). */
export const WINE_COLOR_ES: Record<WineColor, string> = {
  red: 'tinto',
  white: 'blanco',
  rosé: 'rosado',
  sparkling: 'espumoso',
};

export interface Varietal {
  name: string;
  color: WineColor;
  /** Typical US shelf price range for a 750 ml bottle, in cents. */
  priceCents: [number, number];
}

export interface WineRegion {
  region: string;
  country: string;
  /** US state (full name) for American regions. */
  state?: string;
  /** Names from VARIETALS that the region is known for. */
  varietals: string[];
}

export const VARIETALS: Varietal[] = [
  // Reds
  { name: 'Cabernet Sauvignon', color: 'red', priceCents: [1499, 6999] },
  { name: 'Merlot', color: 'red', priceCents: [1199, 3999] },
  { name: 'Pinot Noir', color: 'red', priceCents: [1499, 5499] },
  { name: 'Syrah', color: 'red', priceCents: [1399, 3999] },
  { name: 'Shiraz', color: 'red', priceCents: [1199, 3999] },
  { name: 'Zinfandel', color: 'red', priceCents: [1299, 3999] },
  { name: 'Malbec', color: 'red', priceCents: [1099, 2999] },
  { name: 'Red Blend', color: 'red', priceCents: [1199, 4499] },
  { name: 'Cabernet Franc', color: 'red', priceCents: [1699, 4499] },
  { name: 'Grenache', color: 'red', priceCents: [1399, 3499] },
  { name: 'Tempranillo', color: 'red', priceCents: [1299, 3999] },
  { name: 'Sangiovese', color: 'red', priceCents: [1299, 3999] },
  { name: 'Petite Sirah', color: 'red', priceCents: [1499, 3499] },
  { name: 'Barbera', color: 'red', priceCents: [1299, 2999] },
  { name: 'Nebbiolo', color: 'red', priceCents: [2499, 6999] },
  { name: 'Carménère', color: 'red', priceCents: [1099, 2499] },
  { name: 'Pinotage', color: 'red', priceCents: [1199, 2499] },
  { name: "Nero d'Avola", color: 'red', priceCents: [1099, 2499] },
  // Whites
  { name: 'Chardonnay', color: 'white', priceCents: [1199, 4999] },
  { name: 'Sauvignon Blanc', color: 'white', priceCents: [1099, 2999] },
  { name: 'Pinot Grigio', color: 'white', priceCents: [999, 2299] },
  { name: 'Pinot Gris', color: 'white', priceCents: [1299, 2999] },
  { name: 'Riesling', color: 'white', priceCents: [1099, 3499] },
  { name: 'Viognier', color: 'white', priceCents: [1499, 3499] },
  { name: 'Chenin Blanc', color: 'white', priceCents: [1199, 2999] },
  { name: 'Albariño', color: 'white', priceCents: [1399, 2999] },
  { name: 'Grüner Veltliner', color: 'white', priceCents: [1299, 2999] },
  { name: 'Gewürztraminer', color: 'white', priceCents: [1199, 2999] },
  { name: 'Moscato', color: 'white', priceCents: [899, 1999] },
  { name: 'Vermentino', color: 'white', priceCents: [1299, 2699] },
  // Rosés
  { name: 'Dry Rosé', color: 'rosé', priceCents: [1199, 2999] },
  { name: 'Rosé of Pinot Noir', color: 'rosé', priceCents: [1499, 2999] },
  { name: 'Grenache Rosé', color: 'rosé', priceCents: [1299, 2699] },
  // Sparkling
  { name: 'Brut', color: 'sparkling', priceCents: [1499, 4499] },
  { name: 'Blanc de Blancs', color: 'sparkling', priceCents: [2499, 5999] },
  { name: 'Brut Rosé', color: 'sparkling', priceCents: [1999, 4999] },
  { name: 'Extra Dry', color: 'sparkling', priceCents: [1299, 2999] },
];

const US = 'United States';

export const WINE_REGIONS: WineRegion[] = [
  // California
  {
    region: 'Napa Valley',
    country: US,
    state: 'California',
    varietals: ['Cabernet Sauvignon', 'Merlot', 'Chardonnay', 'Sauvignon Blanc', 'Cabernet Franc', 'Red Blend', 'Brut'],
  },
  {
    region: 'Sonoma Coast',
    country: US,
    state: 'California',
    varietals: ['Pinot Noir', 'Chardonnay', 'Syrah', 'Rosé of Pinot Noir', 'Blanc de Blancs', 'Brut Rosé'],
  },
  {
    region: 'Russian River Valley',
    country: US,
    state: 'California',
    varietals: ['Pinot Noir', 'Chardonnay', 'Zinfandel', 'Brut', 'Blanc de Blancs'],
  },
  {
    region: 'Alexander Valley',
    country: US,
    state: 'California',
    varietals: ['Cabernet Sauvignon', 'Merlot', 'Chardonnay', 'Zinfandel', 'Red Blend'],
  },
  {
    region: 'Dry Creek Valley',
    country: US,
    state: 'California',
    varietals: ['Zinfandel', 'Sauvignon Blanc', 'Cabernet Sauvignon', 'Petite Sirah', 'Grenache Rosé'],
  },
  {
    region: 'Paso Robles',
    country: US,
    state: 'California',
    varietals: [
      'Cabernet Sauvignon',
      'Zinfandel',
      'Syrah',
      'Grenache',
      'Red Blend',
      'Viognier',
      'Grenache Rosé',
      'Petite Sirah',
    ],
  },
  {
    region: 'Santa Barbara County',
    country: US,
    state: 'California',
    varietals: ['Pinot Noir', 'Chardonnay', 'Syrah', 'Sauvignon Blanc', 'Grenache Rosé'],
  },
  {
    region: 'Lodi',
    country: US,
    state: 'California',
    varietals: [
      'Zinfandel',
      'Cabernet Sauvignon',
      'Petite Sirah',
      'Albariño',
      'Chardonnay',
      'Red Blend',
      'Tempranillo',
    ],
  },
  {
    region: 'Mendocino County',
    country: US,
    state: 'California',
    varietals: ['Zinfandel', 'Pinot Noir', 'Chardonnay', 'Gewürztraminer', 'Brut', 'Brut Rosé'],
  },
  {
    region: 'Sierra Foothills',
    country: US,
    state: 'California',
    varietals: ['Zinfandel', 'Barbera', 'Syrah', 'Grenache', 'Viognier'],
  },
  {
    region: 'Central Coast',
    country: US,
    state: 'California',
    varietals: [
      'Chardonnay',
      'Pinot Noir',
      'Cabernet Sauvignon',
      'Merlot',
      'Red Blend',
      'Pinot Grigio',
      'Moscato',
      'Dry Rosé',
    ],
  },
  {
    region: 'Monterey',
    country: US,
    state: 'California',
    varietals: ['Chardonnay', 'Pinot Noir', 'Riesling', 'Pinot Gris'],
  },
  // Pacific Northwest
  {
    region: 'Willamette Valley',
    country: US,
    state: 'Oregon',
    varietals: ['Pinot Noir', 'Pinot Gris', 'Chardonnay', 'Rosé of Pinot Noir', 'Riesling', 'Brut', 'Brut Rosé'],
  },
  {
    region: 'Rogue Valley',
    country: US,
    state: 'Oregon',
    varietals: ['Syrah', 'Tempranillo', 'Cabernet Franc', 'Viognier', 'Red Blend'],
  },
  {
    region: 'Columbia Valley',
    country: US,
    state: 'Washington',
    varietals: ['Cabernet Sauvignon', 'Merlot', 'Syrah', 'Riesling', 'Chardonnay', 'Red Blend', 'Sauvignon Blanc'],
  },
  {
    region: 'Walla Walla Valley',
    country: US,
    state: 'Washington',
    varietals: ['Cabernet Sauvignon', 'Merlot', 'Syrah', 'Cabernet Franc', 'Red Blend'],
  },
  {
    region: 'Red Mountain',
    country: US,
    state: 'Washington',
    varietals: ['Cabernet Sauvignon', 'Merlot', 'Red Blend', 'Syrah'],
  },
  {
    region: 'Yakima Valley',
    country: US,
    state: 'Washington',
    varietals: ['Chardonnay', 'Riesling', 'Merlot', 'Cabernet Franc', 'Syrah', 'Dry Rosé'],
  },
  {
    region: 'Snake River Valley',
    country: US,
    state: 'Idaho',
    varietals: ['Riesling', 'Syrah', 'Chardonnay', 'Tempranillo'],
  },
  // Elsewhere in the US
  {
    region: 'Finger Lakes',
    country: US,
    state: 'New York',
    varietals: ['Riesling', 'Cabernet Franc', 'Gewürztraminer', 'Pinot Noir', 'Grüner Veltliner', 'Dry Rosé', 'Brut'],
  },
  {
    region: 'North Fork of Long Island',
    country: US,
    state: 'New York',
    varietals: ['Merlot', 'Cabernet Franc', 'Sauvignon Blanc', 'Chardonnay', 'Dry Rosé'],
  },
  {
    region: 'Texas Hill Country',
    country: US,
    state: 'Texas',
    varietals: ['Tempranillo', 'Viognier', 'Red Blend', 'Grenache', 'Dry Rosé'],
  },
  {
    region: 'Sonoita',
    country: US,
    state: 'Arizona',
    varietals: ['Red Blend', 'Grenache', 'Syrah', 'Viognier', 'Grenache Rosé'],
  },
  {
    region: 'Middle Rio Grande Valley',
    country: US,
    state: 'New Mexico',
    varietals: ['Brut', 'Blanc de Blancs', 'Chardonnay', 'Pinot Noir'],
  },
  {
    region: 'Grand Valley',
    country: US,
    state: 'Colorado',
    varietals: ['Riesling', 'Cabernet Franc', 'Merlot', 'Syrah'],
  },
  {
    region: 'Monticello',
    country: US,
    state: 'Virginia',
    varietals: ['Cabernet Franc', 'Viognier', 'Chardonnay', 'Red Blend'],
  },
  // South America
  {
    region: 'Mendoza',
    country: 'Argentina',
    varietals: ['Malbec', 'Cabernet Sauvignon', 'Chardonnay', 'Red Blend', 'Dry Rosé', 'Cabernet Franc'],
  },
  {
    region: 'Colchagua Valley',
    country: 'Chile',
    varietals: ['Cabernet Sauvignon', 'Carménère', 'Syrah', 'Red Blend', 'Malbec'],
  },
  {
    region: 'Casablanca Valley',
    country: 'Chile',
    varietals: ['Sauvignon Blanc', 'Chardonnay', 'Pinot Noir'],
  },
  // Oceania and South Africa
  {
    region: 'Marlborough',
    country: 'New Zealand',
    varietals: ['Sauvignon Blanc', 'Pinot Noir', 'Pinot Gris', 'Dry Rosé', 'Brut'],
  },
  {
    region: 'Central Otago',
    country: 'New Zealand',
    varietals: ['Pinot Noir', 'Pinot Gris', 'Riesling', 'Rosé of Pinot Noir'],
  },
  {
    region: 'Barossa Valley',
    country: 'Australia',
    varietals: ['Shiraz', 'Grenache', 'Cabernet Sauvignon', 'Red Blend', 'Riesling'],
  },
  {
    region: 'McLaren Vale',
    country: 'Australia',
    varietals: ['Shiraz', 'Grenache', 'Cabernet Sauvignon', 'Vermentino'],
  },
  {
    region: 'Margaret River',
    country: 'Australia',
    varietals: ['Cabernet Sauvignon', 'Chardonnay', 'Sauvignon Blanc'],
  },
  {
    region: 'Stellenbosch',
    country: 'South Africa',
    varietals: ['Cabernet Sauvignon', 'Chenin Blanc', 'Pinotage', 'Red Blend', 'Sauvignon Blanc'],
  },
  // Europe
  {
    region: 'Bordeaux',
    country: 'France',
    varietals: ['Red Blend', 'Merlot', 'Cabernet Sauvignon', 'Sauvignon Blanc', 'Dry Rosé'],
  },
  {
    region: 'Burgundy',
    country: 'France',
    varietals: ['Pinot Noir', 'Chardonnay', 'Brut'],
  },
  {
    region: 'Côtes du Rhône',
    country: 'France',
    varietals: ['Grenache', 'Syrah', 'Red Blend', 'Viognier', 'Dry Rosé'],
  },
  {
    region: 'Provence',
    country: 'France',
    varietals: ['Dry Rosé', 'Grenache Rosé', 'Red Blend'],
  },
  {
    region: 'Loire Valley',
    country: 'France',
    varietals: ['Sauvignon Blanc', 'Chenin Blanc', 'Cabernet Franc', 'Dry Rosé', 'Brut'],
  },
  {
    region: 'Alsace',
    country: 'France',
    varietals: ['Riesling', 'Gewürztraminer', 'Pinot Gris', 'Brut', 'Brut Rosé'],
  },
  {
    region: 'Languedoc',
    country: 'France',
    varietals: ['Red Blend', 'Syrah', 'Grenache', 'Dry Rosé', 'Chardonnay'],
  },
  {
    region: 'Tuscany',
    country: 'Italy',
    varietals: ['Sangiovese', 'Red Blend', 'Cabernet Sauvignon', 'Vermentino'],
  },
  {
    region: 'Piedmont',
    country: 'Italy',
    varietals: ['Nebbiolo', 'Barbera', 'Moscato'],
  },
  {
    region: 'Veneto',
    country: 'Italy',
    varietals: ['Pinot Grigio', 'Red Blend', 'Extra Dry', 'Brut'],
  },
  {
    region: 'Sicily',
    country: 'Italy',
    varietals: ["Nero d'Avola", 'Red Blend', 'Dry Rosé', 'Pinot Grigio'],
  },
  {
    region: 'Friuli',
    country: 'Italy',
    varietals: ['Pinot Grigio', 'Sauvignon Blanc'],
  },
  {
    region: 'Rioja',
    country: 'Spain',
    varietals: ['Tempranillo', 'Red Blend', 'Grenache', 'Dry Rosé'],
  },
  {
    region: 'Ribera del Duero',
    country: 'Spain',
    varietals: ['Tempranillo'],
  },
  {
    region: 'Rías Baixas',
    country: 'Spain',
    varietals: ['Albariño'],
  },
  {
    region: 'Douro Valley',
    country: 'Portugal',
    varietals: ['Red Blend', 'Dry Rosé'],
  },
  {
    region: 'Mosel',
    country: 'Germany',
    varietals: ['Riesling'],
  },
  {
    region: 'Pfalz',
    country: 'Germany',
    varietals: ['Riesling', 'Pinot Noir', 'Pinot Gris'],
  },
  {
    region: 'Wachau',
    country: 'Austria',
    varietals: ['Grüner Veltliner', 'Riesling'],
  },
];

/** Fictional wineries. None of these names belongs to a real winery we know of. */
export const WINERIES: string[] = [
  'Thistledown Vineyards',
  'Marrowbrook Cellars',
  'Lantern Hill Estate',
  'Juniper Bench Vineyards',
  'Cinder Cone Cellars',
  'Wrenfield Winery',
  'Stillpoint Vineyards',
  'Amberlight Cellars',
  'Quarry Road Wines',
  'Two Herons Estate',
  'Larch & Loam',
  'Mossgate Vineyards',
  'Tamsin Ridge Cellars',
  'Sable Creek Vineyards',
  'Goldthread Cellars',
  'Harrow & Vine',
  'Moonfield Cellars',
  'Bramble Gate Winery',
  'Windrow Estate',
  'Calder Hollow Vineyards',
  'Fernwick Terrace',
  'Eastwind Bench Cellars',
  'Solstice Slope Vineyards',
  'Tanager Hill',
  'Driftwood Cove Cellars',
  'Blackthorn Terrace',
  'Lindenhaus Estate',
  'Copperline Cellars',
  'Silverlark Cellars',
  'Half Moon Bench Winery',
  'Starling & Stone',
  'Porchlight Vineyards',
  'Tessellate Wines',
  'Velvet Hollow Cellars',
  'Pinefold Estate',
  'Mistwater Ridge',
  'Cobble Lane Cellars',
  'Rookhaven Vineyards',
  'Dovecote Hill',
  'Alder Flats Winery',
  'Whistling Pines Cellars',
  'Terrace Nine Estate',
  'Goldmoss Vineyards',
  'Sweetbriar Cellars',
  'Longmeadow Slope',
  'Ember Vale Estate',
  'Fogwood Cellars',
  'Cliffrose Vineyards',
  'Swallow Creek Estate',
  'Highwater Cellars',
  'Bellringer Vineyards',
  'Trellis & Tine',
  'Red Loam Estate',
  'Canyon Wren Cellars',
  'Sandpiper Lane Cellars',
  'Maison Delaroche',
  'Château Belmonde',
  'Domaine des Trois Pierres',
  'Tenuta Colleverde',
  'Bodega Alto Sereno',
  'Cantina Sassolungo',
  'Quinta do Vale Claro',
  'Weingut Silberbach',
  'Finca Cielo Azul',
  'Lorikeet Ridge',
  'Kōwhai Bay Wines',
];

/** The varietals a region is known for (all varietals if the region lists none). */
export function varietalsForRegion(region: WineRegion): Varietal[] {
  const known = VARIETALS.filter((varietal) => region.varietals.includes(varietal.name));
  return known.length > 0 ? known : VARIETALS;
}
