import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { parseSearchParams } from '~/modules/http/forms.server';
import { DEFAULT_LANGUAGE } from '~/modules/i18n/languages';
import { searchSuggestions } from '~/modules/search/suggestions.server';
import { apiRoute } from '~/modules/http/api.server';

const Query = z.object({ q: z.string().max(200, 'That search is too long.').optional().default('') });

/** Suggestions for the header's search box (JSON); public and cacheable for a minute. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  // Public and cached for every shopper alike; the search box shows no refusal, so one language serves.
  const { q } = parseSearchParams(request, Query, DEFAULT_LANGUAGE);
  return json({ q, suggestions: await searchSuggestions(q) }, { headers: { 'Cache-Control': 'public, max-age=60' } });
}

export const loader = apiRoute(loaderHandler);
