/**
 * `npm run build` (after `remix build`, which empties public/build): writes each language's and namespace's strings
 * file, named by the hash of what it holds, from the same modules the server build computes those names with.
 */
import { STRINGS_FILE_LIST } from '../app/modules/i18n/page-strings.server';
import { writeStringsFiles } from '../server/strings-files';

writeStringsFiles(STRINGS_FILE_LIST, 'public');
