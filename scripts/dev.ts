/**
 * `npm run dev`: the API server restarts on change (tsx watch) behind Vite's dev server, which serves the client
 * with hot reload on PORT (default 3000) and proxies /api and /healthz to the API on PORT + 1.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', PUBLIC_URL: publicUrl },
});

const target = `http://127.0.0.1:${apiPort}`;
const vite = await createServer({
  configFile: `${root}/vite.config.ts`,
  server: { port, strictPort: true, proxy: { '/api': { target }, '/healthz': { target } } },
});
await vite.listen();
vite.printUrls();

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
