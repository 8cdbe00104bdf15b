import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every literal key the code translates: `t('…')` and `t("…")` calls in app/ (decision 0116). Keys built at run time
 * (`t(label)`) are not seen here; their values are listed in the code beside them and checked by the page walks.
 */
export function keysInSource(root = 'app'): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  const call = /(?<![\w.])t\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const file of walk(root)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) {
      const key = match[2]!.replace(/\\(['"\\])/g, '$1');
      keys.set(key, [...(keys.get(key) ?? []), relative(process.cwd(), file)]);
    }
  }
  return keys;
}

function* walk(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

/** The plural forms a key needs in one language (`key_one`, `key_other` …) when its call passes a count. */
export function pluralKeysIn(strings: Record<string, string>, key: string): string[] {
  return Object.keys(strings).filter((candidate) => candidate.startsWith(`${key}_`));
}

// `tsx scripts/translation-keys.ts`: the keys no Spanish namespace has yet, with where they are used.
if (process.argv[1]?.endsWith('translation-keys.ts')) {
  const spanish = new Map<string, string>();
  for (const file of readdirSync('app/locales/es')) {
    const strings = JSON.parse(readFileSync(join('app/locales/es', file), 'utf8')) as Record<string, string>;
    for (const key of Object.keys(strings)) spanish.set(key.replace(/_(zero|one|two|few|many|other)$/, ''), file);
  }
  for (const [key, files] of keysInSource()) {
    if (!spanish.has(key)) console.log(`${JSON.stringify(key)}  ← ${[...new Set(files)].join(', ')}`);
  }
}
