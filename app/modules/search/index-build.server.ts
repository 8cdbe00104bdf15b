import { sql, type Kysely } from 'kysely';
import type { DialectName } from '~/db/dialect';
import type { Database } from '~/db/schema';
import {
  FACETS_SQL,
  ID_SPAN,
  PG_FACETS_SQL,
  PG_RANK_BANDS_SQL,
  PG_RANK_KEY_SQL,
  PG_TAG_BITS_SQL,
  SEARCH_KEY_SQL,
  SIZE_DIVISOR_SQL,
  TAG_BITS_SQL,
} from './search-key';
import { storeSearchIntents } from './intent.server';
import type { TermCounter } from './terms';

/**
 * Fills the full-text indexes from the catalogue tables in one INSERT … SELECT per index (the
 * database does the work, nothing crosses into JavaScript) and stores the spelling vocabulary.
 *
 * SQLite rows are keyed by search key (search-key.ts): FTS5 then yields matches most popular first;
 * their `facets` column holds filter tokens (brand, aisle, seller, dietary tags) for the filters, and
 * product_search_facts holds, under the same key, what facets, prices and sorts read of a match.
 *
 * Then it learns what phrases mean from the catalogue (search_intents, intent.server.ts).
 *
 * Indexed text per product: name; brand; "aisle" — the aisle and department of a grocery item, the
 * varietal, colour, region and country of a wine, the seller of a marketplace item; description.
 */
/** FTS5's pending-postings limit while the index is built. */
const FTS_LOAD_HASHSIZE = 64 * 1024 * 1024;

export async function rebuildSearchIndex(db: Kysely<Database>, dialect: DialectName, terms: TermCounter) {
  const aisleText = sql`case
      when p.kind = 'grocery' then coalesce(a.name, '') || ' ' || coalesce(d.name, '')
      when p.kind = 'wine' then 'wine ' || coalesce(w.varietal, '') || ' ' || coalesce(w.color, '') || ' ' || coalesce(w.region, '') || ' ' || coalesce(w.country, '')
      else 'marketplace ' || coalesce(s.name, '')
    end`;
  const from = sql`from products p
    join brands b on b.id = p.brand_id
    left join aisles a on a.id = p.aisle_id
    left join departments d on d.id = a.department_id
    left join wine_details w on w.product_id = p.id
    left join sellers s on s.id = p.seller_id`;

  if (dialect === 'sqlite') {
    const top = await sql<{ id: number | null }>`select max(id) as id from products`.execute(db);
    if ((top.rows[0]?.id ?? 0) >= ID_SPAN) throw new Error(`Product ids must stay below ${ID_SPAN} to be searchable`);
    await sql`insert into product_search(product_search) values ('delete-all')`.execute(db);
    await sql`insert into recipe_search(recipe_search) values ('delete-all')`.execute(db);
    // For the load only: FTS5 flushes its pending postings to a new segment whenever they pass
    // `hashsize` (1 MB by default) and merges segments as it goes (`automerge`); with 64 MB and no
    // merging until the final optimize, a million products index in well under half the time.
    // Sorting the keys in memory instead of a temporary file helps too.
    await sql`insert into product_search(product_search, rank) values ('hashsize', ${sql.lit(FTS_LOAD_HASHSIZE)})`.execute(
      db,
    );
    await sql`insert into product_search(product_search, rank) values ('automerge', 0)`.execute(db);
    await sql`pragma temp_store = memory`.execute(db);
    await sql`insert into product_search(rowid, kind, name, brand, aisle, description, facets)
      select ${sql.raw(SEARCH_KEY_SQL)}, case when p.kind = 'grocery' then '' else p.kind end, p.name, b.name,
        ${aisleText}, p.description, ${sql.raw(FACETS_SQL)}
      ${from} order by 1`.execute(db);
    // In key order FTS5 appends to its pending doclists (a smaller rowid would flush them every
    // row); then one merge leaves a single segment for queries to read.
    await sql`insert into product_search(product_search) values ('optimize')`.execute(db);
    await sql`pragma temp_store = default`.execute(db);
    await sql`insert into product_search(product_search, rank) values ('automerge', 4)`.execute(db);
    await sql`insert into product_search(product_search, rank) values ('hashsize', 1048576)`.execute(db);
    // What facets, prices and sorts read of each match, keyed like the index;
    // `offered`: in some offer, so the on-offer test probes this match.
    await sql`delete from product_search_facts`.execute(db);
    await sql`insert into product_search_facts(k, aisle_id, brand_id, tags, base_price_cents, size_oz, offered)
      select ${sql.raw(SEARCH_KEY_SQL)}, p.aisle_id, p.brand_id, ${sql.raw(TAG_BITS_SQL)}, p.base_price_cents,
        p.size_quantity * ${sql.raw(SIZE_DIVISOR_SQL)}, p.id in (select product_id from offer_products)
      from products p order by 1`.execute(db);
    await sql`insert into recipe_search(rowid, title, ingredients)
      select r.id, r.title, r.description || ' ' || coalesce((select group_concat(i.text, ' ') from recipe_ingredients i where i.recipe_id = r.id), '')
      from recipes r`.execute(db);
  } else {
    await sql`delete from product_search`.execute(db);
    await sql`delete from recipe_search`.execute(db);
    // document (weighted, every field) serves plain matches; name_doc and near_doc let the
    // relevance tiers use their own GIN index instead of a weighted recheck of every match. The
    // facts (aisle … size) let a tier filter the rows it reads without joining products, and the
    // facet lexemes (fa) let aisle, brand, seller and diet filters narrow the GIN match; the rank
    // bands let a first tier read only its most popular matches when they suffice (0032). Rows go
    // in in shelf order (kind, aisle, shelf item): a word's matches then share heap pages, and a
    // GIN bitmap scan reads a few hundred pages instead of one per match.
    await sql`insert into product_search(product_id, kind, document, name_doc, near_doc, rank_key,
        aisle_id, brand_id, seller_id, tags, base_price_cents, size_oz)
      select id, kind,
        setweight(n, 'A') || setweight(br, 'B') || setweight(ai, 'C') || setweight(de, 'D') || fa || ${sql.raw(PG_RANK_BANDS_SQL)},
        n || fa || ${sql.raw(PG_RANK_BANDS_SQL)}, n || br || ai || fa, rank_key,
        aisle_id, brand_id, seller_id, tags, base_price_cents, size_oz
      from (select *, row_number() over (partition by kind order by rank_key) as pos,
          count(*) over (partition by kind) as n_of_kind
        from (select p.id, p.kind, to_tsvector('english', p.name) as n, to_tsvector('english', b.name) as br,
            to_tsvector('english', ${aisleText}) as ai, to_tsvector('english', p.description) as de,
            ${sql.raw(PG_RANK_KEY_SQL)} as rank_key, p.aisle_id, p.brand_id, p.seller_id, ${sql.raw(PG_TAG_BITS_SQL)} as tags,
            p.base_price_cents, p.size_quantity * ${sql.raw(SIZE_DIVISOR_SQL)} as size_oz, ${sql.raw(PG_FACETS_SQL)} as fa,
            p.item_key
          ${from}) v) ranked
      order by kind, aisle_id, item_key, rank_key`.execute(db);
    await sql`insert into recipe_search(recipe_id, document)
      select r.id,
        setweight(to_tsvector('english', r.title), 'A') ||
        setweight(to_tsvector('english', r.description || ' ' || coalesce((select string_agg(i.text, ' ') from recipe_ingredients i where i.recipe_id = r.id), '')), 'C')
      from recipes r`.execute(db);
    // New GIN entries wait in each index's pending list, which every search scans until a vacuum
    // merges it (ANALYZE does not): merge them now.
    await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam where i.indrelid = 'product_search'::regclass and a.amname = 'gin'`.execute(db);
    await sql`analyze product_search`.execute(db);
  }

  await db.deleteFrom('search_terms').execute();
  const rows = [...terms.counts].map(([term, frequency]) => ({ term, frequency }));
  for (let i = 0; i < rows.length; i += 10_000) {
    await db
      .insertInto('search_terms')
      .values(rows.slice(i, i + 10_000))
      .execute();
  }
  await storeSearchIntents(db);
}
