import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: [
        'src/**/*.test.ts',
        'src/**/*.test.tsx',
        'scripts/**/*.test.ts',
        'deploy/**/*.test.ts',
      ],
      environment: 'node',
      globalSetup: ['tests/helpers/global-setup.ts'],
      setupFiles: ['tests/helpers/site-settings.ts'],
      pool: 'forks',
      // A worker keeps the modules it loaded from one test file to the next: loading the app anew
      // for each of ninety files was a quarter of the run. Tests keep no state in modules (the one
      // stubbed global is unstubbed after each test), so they do not see each other's.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
