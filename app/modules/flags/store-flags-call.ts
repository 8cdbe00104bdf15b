/**
 * Page-safe: the preload call (spec section 7, `GET {preload path}/{branchId}[?zipcode=]` with the subscription
 * key). Spec section 4 and 8: the answer is always "loaded"; on any failure the status is logged and the flags
 * are empty. fetch is passed in, so a page script and the tests drive the same code.
 */
import { serviceCallHeaders, type ServiceCallContext } from '~/modules/http/service-call';

export interface LoadedStoreFlags {
  loaded: true;
  status: number;
  flags: Record<string, unknown>;
}

export interface PreloadDeps {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  service: ServiceCallContext;
  log?: (message: string, detail?: unknown) => void;
}

export function preloadPath(branchId: string, zipcode?: string | null): string {
  const path = `/api/stores/preload/${encodeURIComponent(branchId)}`;
  return zipcode ? `${path}?zipcode=${encodeURIComponent(zipcode)}` : path;
}

export async function requestStoreFlags(
  deps: PreloadDeps,
  branchId: string,
  zipcode?: string | null,
): Promise<LoadedStoreFlags> {
  const log = deps.log ?? ((message: string, detail?: unknown) => console.error(message, detail));
  let status = 0;
  try {
    const response = await deps.fetch(preloadPath(branchId, zipcode), {
      headers: serviceCallHeaders(deps.service, { version: 2 }),
      credentials: 'same-origin',
    });
    status = response.status;
    const body = (await response.json()) as { flags?: unknown };
    if (response.ok && body.flags && typeof body.flags === 'object') {
      return { loaded: true, status, flags: body.flags as Record<string, unknown> };
    }
  } catch (error) {
    log('store flags not loaded', { branchId, status, error: error instanceof Error ? error.message : String(error) });
    // A 200 whose body could not be read (cut off when the page was left) is no answer, never "loaded, no flags".
    return { loaded: true, status: status >= 200 && status < 300 ? 0 : status, flags: {} };
  }
  log('store flags not loaded', { branchId, status });
  return { loaded: true, status, flags: {} };
}
