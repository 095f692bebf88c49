import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs as its own process in development; everything it owns is proxied so the app stays same-origin.
const apiTarget = process.env.GAMA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '^/api-.*': { target: apiTarget, changeOrigin: false },
      '/api/': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
      '/static/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
