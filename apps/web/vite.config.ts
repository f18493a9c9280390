import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The app's version (apps/web/package.json), shown as the build label of the settings screen. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react()],
  define: { __RALLY_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    // Same-origin API in development: the server's CSRF check compares Origin with Host, so the
    // Host header is left as the dev server's (no changeOrigin).
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
});
