import { describe, expect, it } from 'vitest';
import { apiRoute } from '~/modules/http/api.server';
import { DependencyUnavailableError } from '~/modules/http/dependency-unavailable';
import { UNAVAILABLE_MESSAGE } from '~/modules/http/unavailable-copy';
import { requestLanguage } from '~/modules/i18n/language.server';
import { loader } from '~/routes/shop.search-suggestions';

const TOO_LONG = 'm'.repeat(201);

function suggestionsRequest(q: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000/shop/search-suggestions?q=${q}`, {
    headers: { Host: 'localhost:3000', Accept: 'application/json', ...headers },
  });
}

async function refusal(request: Request): Promise<{ status: number; body: unknown }> {
  try {
    await loader({ request, params: {}, context: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: await thrown.json() };
  }
  throw new Error('the call was not refused');
}

describe('the search suggestions refusals', () => {
  it('keep the BAD_QUERY code and word the message in English for an English shopper', async () => {
    expect(await refusal(suggestionsRequest(TOO_LONG, { 'Accept-Language': 'en-US' }))).toEqual({
      status: 400,
      body: { code: 'BAD_QUERY', message: 'That search is too long.' },
    });
  });

  it("keep the BAD_QUERY code and word the message in a Spanish shopper's language", async () => {
    expect(await refusal(suggestionsRequest(TOO_LONG, { 'Accept-Language': 'es-US,es;q=0.9' }))).toEqual({
      status: 400,
      body: { code: 'BAD_QUERY', message: 'Esa búsqueda es demasiado larga.' },
    });
    expect((await refusal(suggestionsRequest(`${TOO_LONG}&lng=es`))).body).toMatchObject({
      message: 'Esa búsqueda es demasiado larga.',
    });
  });

  it("answer an outage with the UNAVAILABLE code and the message in the shopper's language", async () => {
    const down = apiRoute(
      async () => {
        throw new DependencyUnavailableError('search index');
      },
      { messageLanguage: requestLanguage },
    );
    const answer = async (language: string) => {
      try {
        await down({ request: suggestionsRequest('mi', { 'Accept-Language': language }) });
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status, body: (await thrown.json()) as unknown };
        throw thrown;
      }
      throw new Error('the call answered');
    };
    expect(await answer('en-US')).toEqual({
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE } },
    });
    expect(await answer('es-US')).toEqual({
      status: 503,
      body: {
        error: {
          code: 'UNAVAILABLE',
          message:
            'No podemos llegar a nuestros estantes por un momento. Inténtelo de nuevo en unos segundos: su carrito y sus ofertas guardadas están a salvo.',
        },
      },
    });
  });
});
