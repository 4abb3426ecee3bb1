import { spawn } from 'node:child_process';

export interface ToolOutput {
  stdout: string;
  stderr: string;
}

/**
 * A server address for the PostgreSQL client programs: the URL without its password, which goes
 * in PGPASSWORD instead, so it never shows in the process list (`ps`) or an error message.
 */
export function serverConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** The last lines a program wrote to stderr: its own reason, without the noise before it. */
const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' ').slice(0, 500);

/**
 * Runs one of the PostgreSQL client programs (pg_dump, pg_restore) to the end, or stops it after
 * `timeoutMs` (SIGTERM, then SIGKILL) so a hung server or a dump of a runaway size never holds a
 * job forever. Rejects with a message an owner can act on: the program missing, timed out, or
 * failing with what it said.
 */
export function runTool(
  program: string,
  args: string[],
  options: { timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Only the end is shown: keep what a runaway stderr writes bounded.
      stderr = (stderr + chunk).slice(-8000);
    });
    let kill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      kill.unref();
    }, options.timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${program} is not installed: install the PostgreSQL client tools (Debian: postgresql-client), of the server's version or newer`
            : `${program} could not start: ${error.message}`,
        ),
      );
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(kill);
      if (timedOut) {
        reject(new Error(`${program} did not finish within ${options.timeoutMs / 1000} s`));
      } else if (code === 0) {
        resolve({ stdout, stderr });
      } else {
        const why = lastLines(stderr) || (signal ? `stopped by ${signal}` : 'no message');
        reject(new Error(`${program} failed (exit code ${code ?? signal}): ${why}`));
      }
    });
  });
}
