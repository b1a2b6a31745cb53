// The employee app, the kiosk and the bookkeeper console: React + TanStack Query, built into dist/web and served by the
// service itself (src/http/web-app.ts). The service worker (vite-plugin-pwa, Workbox) precaches
// the app shell so it opens with no connection; it never answers for the API or the operations
// routes, which always go to the network.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  publicDir: join(here, 'public'),
  build: {
    outDir: join(here, '..', 'dist', 'web'),
    emptyOutDir: true,
    target: 'es2022',
    // Vite's preload polyfill is not needed by the browsers this targets.
    modulePreload: { polyfill: false },
    // One chunk of ~300 kB raw (~95 kB gzip) is the whole app; test/web/bundle-budget.test.ts
    // holds the real limit (120 kB gzip), so Vite's raw-size warning is only noise.
    chunkSizeWarningLimit: 400,
    // Two pages: the employee app and kiosk (index.html) and the bookkeeper console
    // (admin.html). Each first load carries only its own code plus the shared chunks.
    rollupOptions: {
      input: { app: join(here, 'index.html'), console: join(here, 'admin.html') },
      output: {
        // The console's lazily loaded pages are named console-*, like its entry, so the service
        // worker can leave them out of the phone's precache.
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('/src/console/') ? 'assets/console-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      // A separate registerSW.js file, not an inline script: the page's CSP allows no inline code.
      injectRegister: 'script',
      manifest: {
        name: 'payclock',
        short_name: 'payclock',
        description: 'Clock in and out, see your hours.',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1d4ed8',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // The console is a desk tool that needs the service anyway: its files are not precached
        // on phones, and its URLs never fall back to the employee app's shell.
        globIgnores: ['admin.html', 'assets/console-*'],
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/admin/, /^\/api\//, /^\/docs/, /^\/health/, /^\/ready/, /^\/metrics/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
