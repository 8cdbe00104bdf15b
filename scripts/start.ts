/**
 * `npm start`: prepares the database, then runs the identity provider and the storefront, both compiled by
 * `npm run build` (server/serve.ts, decision 0019). Stopping this process stops its children.
 *
 * `npm run dev` (`--dev`): the same servers from source, the storefront restarted by `remix dev` on every change
 * (scripts/server-commands.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { prepareDatabase } from '../app/db/prepare.server';
import { identityProviderCommand, storefrontCommand } from './server-commands';

await prepareDatabase();

const children: ChildProcess[] = [];
function run(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    console.log(`${name} stopped (${signal ?? code})`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

// The local demo says which environment it is: a production build without APP_ENV would run as prod.
const environment = process.env.APP_ENV || 'local-origin';
console.log(`environment: ${environment} (APP_ENV)`);
const port = process.env.PORT ?? '3000';
const idpPort = process.env.IDP_PORT ?? '3001';
const dev = process.argv.includes('--dev');
run('identity provider', identityProviderCommand(dev), {
  NODE_ENV: 'production',
  APP_ENV: environment,
  IDP_PORT: idpPort,
  STOREFRONT_PORT: port,
});
run(dev ? 'storefront (remix dev)' : 'storefront', storefrontCommand(dev, process.env.DEV_SERVER_PORT), {
  NODE_ENV: dev ? 'development' : 'production',
  APP_ENV: environment,
  PORT: port,
  IDP_ISSUER: process.env.IDP_ISSUER ?? `http://localhost:${idpPort}`,
});
