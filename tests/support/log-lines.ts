/**
 * Writes request-like log lines through Pantry's logger, as a production process does (JSON, buffered stdout),
 * for tests/unit/log-buffering.test.ts: `LINES` lines, then either waits for the test to read them (`hold`) or
 * ends the process at once (`exit`).
 */
import { log } from '../../app/modules/config/logger.server';

const lines = Number(process.env.LINES ?? 3);
for (let i = 0; i < lines; i++) log.info('request', { route: 'routes/_index', line: i });
if (process.env.THEN === 'exit') process.exit(0);
if (process.env.THEN === 'hold') setTimeout(() => undefined, 5_000);
