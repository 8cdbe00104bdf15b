import { writeSync } from 'node:fs';

/**
 * Log lines gathered and written to a file descriptor in batches (decision 0122): one synchronous `write(2)` per
 * batch of about 16 KB instead of one per line, and none of an asynchronous destination's bookkeeping (a libuv
 * request, a callback and a copy of the pending text per write). A batch is written when it reaches its size,
 * FLUSH_AFTER_MS after its first line, and when the process exits, so no line is lost to an ordinary exit.
 */
export const BATCH_CHARACTERS = 16 * 1024;
export const FLUSH_AFTER_MS = 200;

export interface LineSink {
  /** Adds one line (ending in a newline). */
  write(line: string): void;
  /** Writes what is gathered now. */
  flush(): void;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `text`, waiting out a full pipe (EAGAIN); a closed stdout (EPIPE and the like) drops the batch. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  let waits = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || waits++ >= 1_000) return;
      Atomics.wait(sleeper, 0, 0, 1);
    }
  }
}

export function batchedLines(fd: number, batchCharacters = BATCH_CHARACTERS): LineSink {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending === '') return;
    const text = pending;
    pending = '';
    writeAll(fd, text);
  };
  process.once('exit', flush);
  return {
    write(line) {
      pending += line;
      if (pending.length >= batchCharacters) flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
    },
    flush,
  };
}
