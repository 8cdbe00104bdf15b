export type DialectName = 'sqlite' | 'postgres';

export function dialectFor(databaseUrl: string | undefined): DialectName {
  return databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'postgres' : 'sqlite';
}
