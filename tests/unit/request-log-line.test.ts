import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logLine, withRequestRecord } from '~/modules/config/logger.server';
import { fastRequestLine, requestLineText, type RequestLineFields } from '~/modules/config/request-log-line.server';

/** The line pino writes for the same request: log.info('request', fields) under the request's record. */
const pinoLine = (record: Record<string, unknown>, fields: RequestLineFields) =>
  `${withRequestRecord(record, () => logLine('info', 'request', { ...fields }))}\n`;

const fields: RequestLineFields = {
  method: 'GET',
  route: 'routes/_index',
  status: 200,
  durationMs: 4.2,
  banner: 'greenleaf',
  site: 'C',
};

/** The request line is written without pino (decision 0122), byte for byte as pino writes it (decision 0110). */
describe('the request line', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T05:06:07.089Z'));
  });
  afterAll(() => vi.useRealTimers());

  it("is pino's line for an ordinary request: level, message, the event's fields, the record's, time", () => {
    const record = { requestId: 'req-1', userType: 'C' };
    const line = fastRequestLine(record, fields);
    expect(line).toBe(pinoLine(record, fields));
    expect(line).toBe(
      '{"level":"info","message":"request","method":"GET","route":"routes/_index","status":200,"durationMs":4.2,' +
        '"banner":"greenleaf","site":"C","requestId":"req-1","userType":"C","time":"2026-03-04T05:06:07.089Z"}\n',
    );
  });

  it('escapes newlines, ANSI escapes, quotes and backslashes as pino does: one event, one line', () => {
    const record = {
      requestId: 'req-2',
      userAgent: 'curl/8\n\u001b[31mINFO forged line\u001b[0m',
      query: 'milk "2%" \\ oat',
      note: `${'long '.repeat(30)}"quoted"`,
      words: 'café crème – ✓',
      lone: 'broken \ud800 surrogate',
      tab: 'a\tb',
      del: 'x\u007fy',
    };
    const line = fastRequestLine(record, fields);
    expect(line).toBe(pinoLine(record, fields));
    expect(line!.split('\n')).toHaveLength(2);
    expect(line).not.toContain('\u001b');
    expect(JSON.parse(line!)).toMatchObject({ userAgent: record.userAgent, query: record.query, tab: 'a\tb' });
  });

  it('merges the record as the mixin does: a field in both keeps its place and takes the record value', () => {
    const record = { requestId: 'req-3', route: 'static', userType: 'G' };
    const line = fastRequestLine(record, { ...fields, route: 'routes/$' });
    expect(line).toBe(pinoLine(record, { ...fields, route: 'routes/$' }));
    expect(line).toContain('"method":"GET","route":"static","status":200');
  });

  it('writes aborted, leaves out what is undefined, and writes a number that is not finite as null', () => {
    const odd: RequestLineFields = { ...fields, method: undefined, durationMs: Number.NaN, aborted: true };
    const record = { requestId: 'req-4', userType: undefined, flagged: false, gone: null, count: -0 };
    const line = fastRequestLine(record, odd);
    expect(line).toBe(pinoLine(record, odd));
    expect(line).not.toContain('method');
    expect(line).not.toContain('userType');
    expect(line).toContain('"durationMs":null');
    expect(line).toContain('"aborted":true');
  });

  it('leaves a line with a field pino redacts or serialises to pino, which redacts it', () => {
    for (const record of [
      { requestId: 'req-5', email: 'jane.doe@pantry.test' },
      { requestId: 'req-6', token: 'secret-token-value' },
      { requestId: 'req-7', error: new Error('boom') },
      { requestId: 'req-8', headers: { cookie: 'session=abc' } },
      { requestId: 'req-9', 'odd-key': 'x' },
      { requestId: 'req-10', 42: 'index-like key' },
      { requestId: 'req-11', time: 'forged' },
      { requestId: 'req-12', nested: { a: 1 } },
      { requestId: 'req-13', big: 10n },
    ]) {
      expect(fastRequestLine(record, fields)).toBeNull();
      expect(requestLineText(record, fields)).toBe(pinoLine(record, fields));
    }
    const masked = requestLineText({ requestId: 'req-5', email: 'jane.doe@pantry.test' }, fields);
    expect(masked).toContain('"email":"j***@pantry.test"');
    expect(masked).not.toContain('jane.doe');
    expect(requestLineText({ requestId: 'req-6', token: 'secret-token-value' }, fields)).not.toContain('secret-token');
  });

  it('writes the time as the mixin does, whatever the millisecond and second', () => {
    for (const instant of [
      '2026-03-04T05:06:07.000Z',
      '2026-03-04T05:06:07.007Z',
      '2026-03-04T05:06:07.999Z',
      '2026-03-04T05:06:08.000Z',
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00.040Z',
    ]) {
      vi.setSystemTime(new Date(instant));
      const record = { requestId: 'req-time' };
      expect(fastRequestLine(record, fields)).toBe(pinoLine(record, fields));
      expect(fastRequestLine(record, fields)).toContain(`"time":"${instant}"}`);
    }
  });
});
