import type { LoaderFunctionArgs } from '@remix-run/node';
import { illustrationSvg } from '~/modules/catalog/illustration-registry.server';
import { apiRoute } from '~/modules/http/api.server';

/** Generated product illustrations; immutable, so browsers and CDNs cache them for a year. */
async function loaderHandler({ params }: LoaderFunctionArgs) {
  const key = (params.file ?? '').replace(/\.svg$/, '');
  const svg = /^[a-z0-9-]{1,80}$/.test(key) ? illustrationSvg(key) : null;
  if (!svg) return new Response('Image not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export const loader = apiRoute(loaderHandler);
