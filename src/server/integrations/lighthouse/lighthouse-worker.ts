/**
 * The child process that drives Chromium with Lighthouse for one speed report (started by
 * `run-lighthouse.ts`; a crash here, in Chromium or in Lighthouse cannot take the server down).
 * It gets one task over IPC and sends back each run as it finishes, so that whatever is done
 * when the parent's hard cut comes is kept.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startGuardProxy, type GuardProxy } from './guard-proxy.ts';
import {
  finalScreenshot,
  isIncomplete,
  summarizeLighthouse,
  type LighthouseResult,
} from './lighthouse-summary.ts';
import type { WorkerMessage, WorkerTask } from './run-lighthouse.ts';

/** The flags of INTEGRATIONS.md ("Lighthouse"). */
export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const send = (message: WorkerMessage): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });

async function run(task: WorkerTask): Promise<void> {
  let proxy: GuardProxy | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    proxy = await startGuardProxy({ allowHosts: task.allowHosts });
    chrome = await launch({
      chromePath: task.chromePath,
      chromeFlags: [
        ...chromeFlags,
        // Every request, local ones included, goes through the guard proxy; Chromium itself
        // resolves nothing, and WebRTC cannot go round the proxy.
        `--proxy-server=${proxy.url}`,
        '--proxy-bypass-list=<-loopback>',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
        '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
        '--disable-quic',
      ],
      logLevel: 'silent',
      handleSIGINT: false,
    });
    browser = chrome;
    await send({ type: 'chrome', pid: chrome.pid });
    for (const formFactor of task.formFactors) {
      const result = await lighthouse(
        task.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          maxWaitForLoad: task.maxWaitForLoadMs,
          maxWaitForFcp: task.maxWaitForLoadMs,
        },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      const lhr = result.lhr as unknown as LighthouseResult;
      // The page itself could not be loaded (refused, blocked, an error status): nothing to show.
      if (lhr.runtimeError && lhr.categories.performance?.score == null) {
        throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      }
      const summary = summarizeLighthouse(lhr);
      await send({
        type: 'run',
        formFactor,
        run: summary,
        incomplete: isIncomplete(lhr, summary),
        screenshot: formFactor === task.formFactors[0] ? finalScreenshot(lhr) : null,
        blocked: proxy.blocked,
      });
    }
    await send({ type: 'done', blocked: proxy.blocked });
  } catch (error) {
    await send({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      blocked: proxy?.blocked ?? [],
    });
  } finally {
    chrome?.kill();
    await proxy?.close();
  }
}

let browser: LaunchedChrome | undefined;

/** Never outlives its server or its deadline: Chromium goes with it. */
function stop(): never {
  try {
    browser?.kill();
  } catch {
    // already gone
  }
  process.exit(1);
}
process.on('disconnect', stop);

process.once('message', (task: WorkerTask) => {
  setTimeout(stop, task.deadlineMs + 5_000).unref();
  void run(task).finally(() => process.exit(0));
});
