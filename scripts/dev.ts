/** `npm run dev`: the identity provider plus `remix dev` (rebuilds and restarts on change). */
import { spawn, type ChildProcess } from 'node:child_process';
import { prepareDatabase } from '../app/db/prepare.server';

await prepareDatabase();
const port = process.env.PORT ?? '3000';
const idpPort = process.env.IDP_PORT ?? '3001';
const children: ChildProcess[] = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'idp/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, IDP_PORT: idpPort, STOREFRONT_PORT: port },
  }),
  // remix dev's own live-reload server would take 3001 (the identity provider's port) by default.
  spawn(
    process.execPath,
    ['node_modules/@remix-run/dev/dist/cli.js', 'dev', '--port', process.env.DEV_SERVER_PORT ?? '3002'],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: port, IDP_ISSUER: process.env.IDP_ISSUER ?? `http://localhost:${idpPort}` },
    },
  ),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
