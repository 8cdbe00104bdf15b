import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0124-recipes-in-spanish.md. A recipe's own words in Spanish beside the English ones: its title,
 * description and method (a JSON array of steps, as `steps_json`), and each ingredient line. Null shows English.
 */
export const recipesSpanishSchema = {
  async up(db: AnyDb) {
    for (const column of ['title_es', 'description_es', 'steps_json_es'])
      await db.schema.alterTable('recipes').addColumn(column, 'text').execute();
    await db.schema.alterTable('recipe_ingredients').addColumn('text_es', 'text').execute();
  },
};
