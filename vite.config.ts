import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'renderer',
  plugins: [react()],
  resolve: {
    // Every `import ... from 'zod'` of the web app (shared contracts included) gets zod configured
    // without eval (renderer/src/api/zod-without-eval.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('renderer/src/api/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/health': 'http://127.0.0.1:3000' },
  },
});
