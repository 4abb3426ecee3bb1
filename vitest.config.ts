import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/helpers/global-setup.ts'],
      setupFiles: ['tests/helpers/site-settings.ts'],
      pool: 'forks',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
