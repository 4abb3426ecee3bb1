import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
// The primary only forks, watches and reloads its workers: it never loads the app.
if (cluster.isPrimary && config.webConcurrency > 1) {
  const [{ runPrimary }, { logOutput }] = await Promise.all([
    import('./cluster/primary.ts'),
    import('./lib/log-output.ts'),
  ]);
  runPrimary(config.webConcurrency, await logOutput(config.logFormat));
} else {
  const { serveApp } = await import('./serve-app.ts');
  await serveApp(config);
}
