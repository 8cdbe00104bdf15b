import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isDatabaseUnavailable,
  markIfUnavailable,
  RETRY_AFTER_SECONDS,
  unavailableJson,
  wasUnavailable,
} from '~/modules/http/database-unavailable.server';
import { DependencyUnavailableError } from '~/modules/http/dependency-unavailable';

const coded = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_LOCKED',
    'SQLITE_READONLY',
    'SQLITE_READONLY_DBMOVED',
    'SQLITE_IOERR',
    'SQLITE_IOERR_WRITE',
    'SQLITE_CANTOPEN',
    'ECONNREFUSED',
    'ECONNRESET',
    '57P01',
    '57P03',
    '53300',
    '08006',
  ])('recognises %s', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it.each([
    'timeout exceeded when trying to connect',
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
  ])('recognises pg-pool message "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('looks through causes and AggregateErrors (a refused localhost on ::1 and 127.0.0.1)', () => {
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('SQLITE_BUSY') }))).toBe(true);
  });

  it.each([
    ['a constraint violation', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a unique violation on PostgreSQL', coded('23505')],
    ['a syntax error on PostgreSQL', coded('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown Response', new Response('nope', { status: 404 })],
    ['nothing', undefined],
    ['a string', 'SQLITE_BUSY'],
  ])('does not treat %s as unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('recognises the real errors better-sqlite3 throws for a held write lock and a read-only handle', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pantry-classify-'));
    try {
      const file = path.join(dir, 'db.sqlite');
      const holder = new SQLite(file);
      holder.pragma('journal_mode = WAL');
      holder.exec('create table t (x integer)');
      const other = new SQLite(file);
      other.pragma('busy_timeout = 0');
      holder.exec('begin immediate');
      let busy: unknown;
      try {
        other.prepare('insert into t values (1)').run();
      } catch (error) {
        busy = error;
      }
      holder.exec('rollback');
      expect(busy).toBeDefined();
      expect(isDatabaseUnavailable(busy)).toBe(true);

      const reader = new SQLite(file, { readonly: true });
      let readonly: unknown;
      try {
        reader.prepare('insert into t values (1)').run();
      } catch (error) {
        readonly = error;
      }
      expect((readonly as { code?: string }).code).toMatch(/^SQLITE_READONLY/);
      expect(isDatabaseUnavailable(readonly)).toBe(true);
      for (const db of [holder, other, reader]) db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the 503 answer', () => {
  it('remembers which request met an unavailable database, and only that one', () => {
    const hit = new Request('http://localhost/a');
    const miss = new Request('http://localhost/b');
    expect(markIfUnavailable(hit, coded('SQLITE_BUSY'))).toBe('database');
    expect(markIfUnavailable(miss, new Error('bug'))).toBeNull();
    expect(wasUnavailable(hit)).toBe(true);
    expect(wasUnavailable(miss)).toBe(false);
  });

  it('takes an unavailable dependency for an outage too, named as it is logged', () => {
    const hit = new Request('http://localhost/c');
    expect(markIfUnavailable(hit, new DependencyUnavailableError('identity provider keys'))).toBe(
      'identity provider keys',
    );
    expect(wasUnavailable(hit)).toBe(true);
  });

  it('is JSON with code UNAVAILABLE, Retry-After and no-store', async () => {
    const response = unavailableJson();
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('UNAVAILABLE');
    expect(body.error.message).toMatch(/try again/i);
  });
});
