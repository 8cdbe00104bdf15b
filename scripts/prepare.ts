import { prepareDatabase } from '../app/db/prepare.server';

await prepareDatabase({ migrateOnly: process.argv.includes('--migrate-only') });
