import react from '@vitejs/plugin-react';
// A relative path, not the package name: Vite bundles a config's relative imports but loads packages as plain JS.
import { delivery } from '../../packages/ui/build/delivery.ts';
import { defineConfig } from 'vite';

// The API runs as its own process in development; the console's calls are proxied so it stays same-origin.
const apiTarget = process.env.GAMA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // The API serves this bundle under /admin/ on its own port, beside the player app at /.
  base: '/admin/',
  plugins: [react(), delivery()],
  server: {
    port: 5174,
    proxy: {
      '/admin-api/': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
