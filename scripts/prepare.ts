import { prepareDatabase } from '../app/db/prepare.server';
import { ensurePostgresDatabase } from './cluster';

// A PostgreSQL database that does not exist yet is created first (on the same server, when the role may).
const url = process.env.DATABASE_URL;
if (url?.startsWith('postgres')) await ensurePostgresDatabase(url);
await prepareDatabase({ migrateOnly: process.argv.includes('--migrate-only') });
