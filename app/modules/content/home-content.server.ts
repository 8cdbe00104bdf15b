import { db } from '~/db/db.server';
import type { Language } from '~/modules/i18n/languages';
import { BUILT_IN_HOME_HERO, BUILT_IN_HOME_HERO_ES, type HomeHero } from './home-content';

/**
 * The banner's home-page hero as of `moment` (decision 0093): the latest version started by then. A shopper's
 * moment is now; a content editor's is the one their link names, so a version dated later shows only to them.
 * In Spanish, the version's Spanish words where it has all three, else its English ones.
 */
export async function homeHero(
  bannerId: string,
  moment: Date,
  language: Language,
  now = new Date(),
): Promise<HomeHero> {
  const row = await db()
    .selectFrom('home_content')
    .select(['id', 'headline', 'highlight', 'body', 'headline_es', 'highlight_es', 'body_es', 'starts_at'])
    .where('banner_id', '=', bannerId)
    .where('slot', '=', 'hero')
    .where('starts_at', '<=', moment.toISOString())
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return language === 'es' ? { ...BUILT_IN_HOME_HERO, ...BUILT_IN_HOME_HERO_ES } : BUILT_IN_HOME_HERO;
  const spanish = language === 'es' && row.headline_es && row.highlight_es && row.body_es;
  return {
    id: row.id,
    headline: spanish ? row.headline_es! : row.headline,
    highlight: spanish ? row.highlight_es! : row.highlight,
    body: spanish ? row.body_es! : row.body,
    draft: row.starts_at > now.toISOString(),
  };
}
