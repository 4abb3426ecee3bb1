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
      // Vitest's default on two cores is one worker (cores − 1); most test files wait on servers,
      // browsers and PostgreSQL, and two workers took 158 s where one took 286 s.
      maxWorkers: 2,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
