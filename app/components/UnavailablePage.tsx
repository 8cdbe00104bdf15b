import { UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from '~/modules/http/unavailable-copy';

/**
 * The whole 503 document, rendered on the server without scripts when the database is unavailable
 * (nothing to hydrate, so it cannot disagree with the browser's render). Plain links work without JS.
 */
export function UnavailablePage({ stylesheets }: { stylesheets: string[] }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${UNAVAILABLE_TITLE} | Pantry`}</title>
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
        <main id="main" className="container-page flex-1 py-16">
          <div className="mx-auto max-w-xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand">Error 503</p>
            <h1 className="mt-2 text-3xl font-extrabold">{UNAVAILABLE_TITLE}</h1>
            <p className="mt-3 text-stone-600">{UNAVAILABLE_MESSAGE}</p>
            <a href="" className="btn-primary mt-6">
              Try again
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
