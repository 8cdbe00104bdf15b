/**
 * What a shopper's EventSource does with `/api/orders/progress`, for the bench: one streamed GET with the
 * shopper's cookies, read as Server-Sent Events, each `version` event kept with the moment it arrived.
 */
export interface VersionEvent {
  version: number;
  /** performance.now() when its bytes arrived. */
  at: number;
}

export function watchOrderStream(origin: string, cookie: string, orderNumber: string, known: number) {
  const controller = new AbortController();
  const url = `${origin}/api/orders/progress?orderNumber=${orderNumber}&version=${known}`;
  const events: VersionEvent[] = [];
  const waiting = new Set<() => void>();
  let failure: Error | null = null;
  const wakeAll = () => {
    for (const wake of waiting) wake();
  };
  // Not awaited: the storefront sends the stream's headers with its first event, as a browser's EventSource
  // sees it, so the response is still pending while the staff steps are taken.
  const pump = (async () => {
    const response = await fetch(url, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/event-stream') || !response.body)
      throw new Error(`the order stream answered ${response.status} ${type}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const at = performance.now();
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        if (fields.event === 'version') events.push({ version: Number(fields.data), at });
      }
      wakeAll();
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) failure = error instanceof Error ? error : new Error(String(error));
    wakeAll();
  });

  /** The first event that reports `version` or later, or null after `timeoutMs`. */
  async function reached(version: number, timeoutMs: number): Promise<VersionEvent | null> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = events.find((event) => event.version >= version);
      if (found) return found;
      if (failure) throw failure;
      const left = deadline - performance.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiting.add(wake);
      });
    }
  }

  return {
    reached,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
