import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@shared': fromRoot('./src/shared'),
  '@web': fromRoot('./src/web'),
  '@server': fromRoot('./src/server'),
};

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
  },
});
