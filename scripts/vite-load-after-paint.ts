import type { Plugin } from 'vite';

/**
 * The page's JavaScript is asked for only after the prerendered HTML has painted.
 *
 * Vite puts the entry script and a modulepreload for each of its chunks in <head>, so the browser
 * fetches about 100 KB of script while it is still painting the page; Lighthouse's mobile model
 * counts those downloads against First Contentful Paint. A small external module (no inline
 * script: the CSP forbids it) waits for the first frame and then preloads and imports the same
 * files, evaluating one chunk a task. Its attributes name them, so the bundle benchmark reads what
 * the page loads.
 */
const bootSource = `const tag = document.querySelector('script[data-entry]');
const load = async () => {
  const chunks = tag.dataset.preload.split(' ').filter(Boolean);
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // One chunk evaluated a task, the browser free in between: no single long task for all of them.
  for (const href of chunks) {
    await import(href);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await import(tag.dataset.entry);
};
// A hidden tab paints nothing, so it loads at once; otherwise just after the first frame.
if (document.visibilityState === 'hidden') load();
else requestAnimationFrame(() => setTimeout(load, 0));
`;

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const preloadLink = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

export function loadAfterPaint(): Plugin {
  return {
    name: 'sebenza:load-after-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const source = String(html.source);
      const entry = entryScript.exec(source)?.[1];
      if (!entry) this.error('index.html has no module entry script to defer');
      const preloads = [...source.matchAll(preloadLink)].map((match) => match[1]!);
      const boot = this.getFileName(
        this.emitFile({ type: 'asset', name: 'boot.js', source: bootSource }),
      );
      const tag = `<script type="module" src="/${boot}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>\n    `;
      html.source = source.replace(preloadLink, '').replace(entryScript, tag);
    },
  };
}
