import react from '@vitejs/plugin-react';
// A relative path, not the package name: Vite bundles a config's relative imports but loads packages as plain JS.
import { callableCatalogue } from '../../packages/ui/build/catalogue.ts';
import { delivery } from '../../packages/ui/build/delivery.ts';
import { checkFirstScreenChunks, firstScreenGroups, isFirstScreenChunk } from './build/chunks.ts';
import { firstPaint } from './build/first-paint.ts';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API runs as its own process in development; everything it owns is proxied so the app stays same-origin.
const apiTarget = process.env.GAMA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    // The console's endpoints are more than half the catalogue, and the player app calls none of them.
    callableCatalogue({ leaveOut: ['operator', 'operator-login'] }),
    react(),
    VitePWA({
      // The player decides when the new version takes over (a half-filled bid slip must not vanish under them).
      registerType: 'prompt',
      injectRegister: false,
      // public/manifest.webmanifest is the app's manifest; the plugin only adds the service worker.
      manifest: false,
      workbox: {
        // The app shell only: scripts, styles, the page, icons. Never an API answer: those always go to the
        // server (balances, results and cut-offs from a cache would be wrong money).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Every address but `/` (index.html, precached under it) opens the page without the drawn landing.
        navigateFallback: '/app.html',
        navigateFallbackDenylist: [/^\/api/, /^\/admin/, /^\/static\//, /^\/media\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
        // The push and notification-click handlers (public/push-worker.js): the generated worker has none.
        importScripts: ['/push-worker.js'],
        runtimeCaching: [],
      },
    }),
    firstPaint(() => [callableCatalogue({ leaveOut: ['operator', 'operator-login'] }), react()]),
    delivery(),
    checkFirstScreenChunks(),
  ],
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
    // Every browser the app supports (es2022) preloads modules natively: the polyfill is 0.4 KB of first download.
    // A lazy chunk's own imports are listed for preloading beside it only for the first screens' chunks (landing,
    // frame, home): listing them for every screen named every chunk of the app in the entry, about 1.5 KB gzip of
    // every first download (decision 021). Another screen's chunk brings its shared chunks one round trip later,
    // until the service worker has precached them all, which it does on the first visit.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || isFirstScreenChunk(file) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // The first screens' lazy code in a few chunks rather than dozens of small ones (build/chunks.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: firstScreenGroups.map(({ name, priority, includeDependenciesRecursively, test }) => ({
            name,
            priority,
            includeDependenciesRecursively,
            test,
          })),
        },
      },
    },
  },
});
