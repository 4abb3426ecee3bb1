import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { siteEnvSchema, toSiteConfig } from './src/shared/site-env.ts';

// The site's name, e-mail and example host are baked into the prerendered pages and the bundle.
const site = toSiteConfig(siteEnvSchema.parse(process.env));

export default defineConfig({
  plugins: [tailwindcss()],
  define: { __SITE__: JSON.stringify(site) },
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the es2022 target covers preloads modules natively (Safari from 17): the
    // polyfill would only add bytes to every page's first load.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Radix marks its modules "use client" for React Server Components; this app has none.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { port: 5173 },
});
