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
    rollupOptions: {
      // Radix marks its modules "use client" for React Server Components; this app has none.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { port: 5173 },
});
