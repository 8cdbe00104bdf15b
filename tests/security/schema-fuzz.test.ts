/**
 * Fuzzing: every zod schema the app exports (found by importing every server and shared
 * module and route, so a new exported schema is fuzzed without editing this file) meets generated
 * input — arbitrary JSON, unicode, huge and odd numbers, prototype keys, and form-shaped records using
 * the schema's own field names. Parsing never throws anything but a ZodError, never pollutes
 * Object.prototype, and what it accepts holds no non-finite number and no prototype key.
 * Route-local schemas that are not exported are reached through the routes by malformed-input.test.ts.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { z, ZodError, ZodType } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { safeParseInput } from '~/modules/http/forms.server';

const ROOT = path.resolve('app');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'db' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') && !/entry\.(client|server)/.test(name) ? [full] : [];
  });
}

const schemas: Array<[string, ZodType]> = [];

const ODD_STRINGS = [
  '',
  ' ',
  '0',
  '-0',
  '1e400',
  '-1e400',
  '9'.repeat(40),
  '0x10',
  'NaN',
  'Infinity',
  '1.5',
  '-1',
  'true',
  'on',
  '__proto__',
  'constructor',
  '\u0000',
  '\ud800',
  '😀',
  'ǅ',
  'x'.repeat(5000),
];
const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string(),
);
const oddNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, 1e308, 2 ** 31, -(2 ** 31) - 1),
);
const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

function fieldNames(schema: ZodType): string[] {
  let inner: ZodType = schema;
  for (let i = 0; i < 5; i++) {
    const def = inner._def as { schema?: ZodType; innerType?: ZodType; options?: ZodType[] };
    if (inner instanceof z.ZodObject) return Object.keys(inner.shape as object);
    if (def.options) return def.options.flatMap(fieldNames);
    const next = def.schema ?? def.innerType;
    if (!next) break;
    inner = next;
  }
  return [];
}

/** Input shaped like what reaches the schema: a form's string record or a JSON body, with the real names. */
function inputFor(schema: ZodType) {
  const names = fieldNames(schema);
  const key = names.length ? fc.oneof(fc.constantFrom(...names), protoKeys, fc.string({ maxLength: 8 })) : protoKeys;
  const formValue = fc.oneof(oddString, fc.array(oddString, { maxLength: 3 }));
  const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), oddString, oddNumber, fc.constant(null));
  return fc.oneof(
    fc.dictionary(key, formValue, { maxKeys: 8 }),
    fc.dictionary(key, jsonValue, { maxKeys: 8 }),
    fc.anything({ maxDepth: 3, withObjectString: true, withNullPrototype: true }),
    // JSON.parse makes __proto__ an own key, as a request body would.
    fc
      .jsonValue({ maxDepth: 2 })
      .map((v) => JSON.parse(`{"__proto__":{"polluted":true},"x":${JSON.stringify(v)}}`) as unknown),
  );
}

function badValue(value: unknown, depth = 0): string | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return `non-finite number ${value}`;
  if (depth > 10 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') return 'a __proto__ key';
    const inner = badValue(item, depth + 1);
    if (inner) return `${key}: ${inner}`;
  }
  return null;
}

describe('fuzzing every exported zod schema', () => {
  beforeAll(async () => {
    for (const file of sourceFiles(ROOT)) {
      const module = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (value instanceof ZodType) schemas.push([`${path.relative(ROOT, file)}:${name}`, value]);
      }
    }
  }, 120_000);

  it('finds the schemas (forms, API bodies, queries, cookies)', () => {
    console.log(`[fuzz] ${schemas.length} exported schemas`);
    expect(schemas.length).toBeGreaterThan(20);
  });

  it("parses generated input through the app's parse path without throwing, polluting, or accepting non-finite numbers", () => {
    const accepted: Record<string, number> = {};
    const rawThrowers = new Set<string>();
    for (const [name, schema] of schemas) {
      fc.assert(
        fc.property(inputFor(schema), (input) => {
          try {
            schema.safeParse(input);
          } catch {
            // Coercing schemas call toString on hostile objects; the parse helpers turn that into a 400.
            rawThrowers.add(name);
          }
          let result: ReturnType<ZodType['safeParse']>;
          try {
            result = safeParseInput(schema, input);
          } catch (error) {
            throw new Error(`${name} threw ${String(error)} for ${fc.stringify(input)}`);
          }
          expect(({} as Record<string, unknown>).polluted, name).toBeUndefined();
          if (result.success) {
            accepted[name] = (accepted[name] ?? 0) + 1;
            expect(badValue(result.data), `${name} accepted ${fc.stringify(input)}`).toBeNull();
          } else {
            expect(result.error, name).toBeInstanceOf(ZodError);
          }
        }),
        { numRuns: 150 },
      );
    }
    console.log(`[fuzz] ${Object.keys(accepted).length} of ${schemas.length} schemas accepted some generated input`);
    console.log(
      `[fuzz] schemas whose raw safeParse throws on hostile objects: ${[...rawThrowers].join(', ') || 'none'}`,
    );
  }, 120_000);
});
