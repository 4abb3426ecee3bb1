import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { loadAfterPaint } from './scripts/vite-load-after-paint.ts';

export default defineConfig({
  plugins: [tailwindcss(), loadAfterPaint()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the es2022 target covers preloads modules natively (Safari from 17): the
    // polyfill would only add bytes to every page's first load.
    // A lazy page's chunks are found by the browser from its imports: Vite's helper adds a
    // modulepreload link for each of them (thirty on a page with a form) at hydration time, which
    // cost more main-thread time than the round trip it saves. The entry's chunks are preloaded
    // by the boot script (scripts/vite-load-after-paint.ts).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rollupOptions: {
      // Radix marks its modules "use client" for React Server Components; this app has none.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        // react-dom is two thirds of the entry's script: as a chunk of its own, the boot script
        // evaluates it in a task of its own instead of one long task with the app's modules.
        manualChunks: (id) =>
          /node_modules\/(react-dom|scheduler)\//.test(id) ? 'react-dom' : undefined,
      },
    },
  },
  server: { port: 5173 },
});
