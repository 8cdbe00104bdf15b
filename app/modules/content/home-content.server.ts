import { db } from '~/db/db.server';
import { BUILT_IN_HOME_HERO, type HomeHero } from './home-content';

/**
 * The banner's home-page hero as of `moment` (decision 0093): the latest version started by then. A shopper's
 * moment is now; a content editor's is the one their link names, so a version dated later shows only to them.
 */
export async function homeHero(bannerId: string, moment: Date, now = new Date()): Promise<HomeHero> {
  const row = await db()
    .selectFrom('home_content')
    .select(['id', 'headline', 'highlight', 'body', 'starts_at'])
    .where('banner_id', '=', bannerId)
    .where('slot', '=', 'hero')
    .where('starts_at', '<=', moment.toISOString())
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return BUILT_IN_HOME_HERO;
  return {
    id: row.id,
    headline: row.headline,
    highlight: row.highlight,
    body: row.body,
    draft: row.starts_at > now.toISOString(),
  };
}
