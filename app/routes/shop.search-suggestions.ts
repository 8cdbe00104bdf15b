import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { parseSearchParams } from '~/modules/http/forms.server';
import { requestLanguage } from '~/modules/i18n/language.server';
import { searchSuggestions } from '~/modules/search/suggestions.server';
import { apiRoute } from '~/modules/http/api.server';

const Query = z.object({ q: z.string().max(200, 'That search is too long.').optional().default('') });

/**
 * Suggestions for the header's search box (JSON); public and cacheable for a minute, the same for every shopper.
 * A refusal (`code` BAD_QUERY, or UNAVAILABLE in an outage) keeps its code for scripts and words its message in the
 * shopper's language: someone who opens the address reads it.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const { q } = parseSearchParams(request, Query, await requestLanguage(request));
  return json({ q, suggestions: await searchSuggestions(q) }, { headers: { 'Cache-Control': 'public, max-age=60' } });
}

export const loader = apiRoute(loaderHandler, { messageLanguage: requestLanguage });
