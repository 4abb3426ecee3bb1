import type { SpeedOpportunity, SpeedRun } from '#shared/speed-reports.schemas.ts';

/** The parts of Lighthouse's result (`lhr`) a report reads. */
export interface LighthouseResult {
  lighthouseVersion?: string;
  fetchTime?: string;
  configSettings?: {
    formFactor?: string;
    throttlingMethod?: string;
    throttling?: { rttMs?: number; throughputKbps?: number; cpuSlowdownMultiplier?: number };
  };
  finalDisplayedUrl?: string;
  /** Lighthouse's advice per audit for the platform it detected the page built on. */
  stackPacks?: { id: string; title: string; descriptions: Record<string, string | undefined> }[];
  runWarnings?: string[];
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LighthouseAudit | undefined>;
}

interface LighthouseAudit {
  id: string;
  title: string;
  description?: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  metricSavings?: Record<string, number | undefined>;
  details?: {
    type?: string;
    data?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: Array<Record<string, unknown>>;
  };
}

/** What to do about each finding, in words a business owner understands. */
const plainAdvice: Record<string, string> = {
  'render-blocking-insight':
    'Stylesheets and scripts hold up the first paint: load the scripts with defer or async and inline the few styles the top of the page needs.',
  'image-delivery-insight':
    'Images are bigger than they need to be: resize them to the size they are shown at and save them as WebP or AVIF.',
  'document-latency-insight':
    'The server is slow to send the page: turn on page caching and compression, or move to faster hosting.',
  'cache-insight':
    "Files are not cached by visitors' browsers: set long cache lifetimes for images, scripts and styles.",
  'font-display-insight':
    'Text stays invisible while web fonts load: use font-display: swap so text shows at once.',
  'lcp-discovery-insight':
    'The main image is found late: load it directly in the HTML (not lazily) and mark it high priority.',
  'lcp-breakdown-insight':
    'The largest element appears late: make the main image or heading load first.',
  'network-dependency-tree-insight':
    'Files load one after another in a chain: preload the important ones or combine them.',
  'third-parties-insight':
    'Third-party code (chat widgets, trackers, ads) slows the page: remove what you do not need and load the rest later.',
  'duplicated-javascript-insight':
    'The same JavaScript is loaded more than once: remove the duplicate libraries.',
  'legacy-javascript-insight':
    'Old-browser JavaScript is sent to modern browsers: build for modern browsers only.',
  'forced-reflow-insight':
    'Scripts make the browser lay out the page again and again: batch the reads and writes of layout.',
  'dom-size-insight':
    'The page has a very large number of elements: simplify the layout and load long lists in parts.',
  'cls-culprits-insight': 'Content jumps while loading: give images, ads and embeds fixed sizes.',
  'viewport-insight':
    'The page is not set up for phones: add a viewport meta tag so it fits the screen.',
  'modern-http-insight': 'The server uses old HTTP: switch on HTTP/2 or HTTP/3 at your host.',
  'unused-javascript':
    'Much of the JavaScript is never used on this page: remove it or load it only where needed.',
  'unused-css-rules': 'Much of the CSS is never used on this page: remove the unused styles.',
  'unminified-javascript': 'JavaScript is not minified: minify it to make it smaller.',
  'unminified-css': 'CSS is not minified: minify it to make it smaller.',
  'total-byte-weight':
    'The page is heavy to download: compress images, remove unused code and avoid large videos.',
  'bootup-time':
    'JavaScript takes long to run on a phone: cut down the scripts, especially third-party ones.',
  'mainthread-work-breakdown':
    "The phone's processor is busy for long: reduce the scripts and the page's complexity.",
  'server-response-time':
    'The server takes long to answer: use caching or faster hosting close to South Africa.',
  redirects: 'The address redirects before the page loads: link straight to the final address.',
  'unsized-images': 'Images have no width and height: set them so the page does not jump.',
  'long-tasks': 'Long scripts freeze the page: split the work into smaller pieces.',
};

const stripMarkdown = (text: string): string =>
  text
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const firstSentence = (text: string): string => {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return (match?.[1] ?? text).slice(0, 300);
};

const toScore = (value: number | null | undefined): number | null =>
  typeof value === 'number' ? Math.round(value * 100) : null;

const numeric = (audit: LighthouseAudit | undefined): number | null =>
  audit && typeof audit.numericValue === 'number' && Number.isFinite(audit.numericValue)
    ? audit.numericValue
    : null;

/** How much a finding would save: Lighthouse's estimate in ms, else its metric savings. */
function savings(audit: LighthouseAudit): { ms: number | null; bytes: number | null } {
  const details = audit.details;
  let ms = typeof details?.overallSavingsMs === 'number' ? details.overallSavingsMs : null;
  if (ms === null && audit.metricSavings) {
    const { LCP, FCP, TBT } = audit.metricSavings;
    const best = Math.max(LCP ?? 0, FCP ?? 0, TBT ?? 0);
    ms = best > 0 ? best : null;
  }
  const bytes =
    typeof details?.overallSavingsBytes === 'number' && details.overallSavingsBytes > 0
      ? details.overallSavingsBytes
      : null;
  return { ms: ms !== null && ms > 0 ? Math.round(ms) : null, bytes };
}

/**
 * The stack packs still key their advice by the audits that Lighthouse 12's insights replaced;
 * an insight reads the advice of the audit it took over.
 */
const adviceKeyOf: Record<string, string[]> = {
  'render-blocking-insight': ['render-blocking-resources'],
  'image-delivery-insight': [
    'uses-optimized-images',
    'modern-image-formats',
    'uses-responsive-images',
  ],
  'cache-insight': ['uses-long-cache-ttl'],
  'document-latency-insight': ['server-response-time', 'uses-text-compression'],
  'font-display-insight': ['font-display'],
  'lcp-discovery-insight': ['prioritize-lcp-image'],
  'third-parties-insight': ['third-party-summary'],
  'duplicated-javascript-insight': ['duplicated-javascript'],
  'dom-size-insight': ['dom-size'],
};

/** The first stack pack's advice for an audit (Lighthouse lists the packs most specific first). */
function platformAdvice(
  lhr: LighthouseResult,
  auditId: string,
): SpeedOpportunity['platformAdvice'] {
  for (const pack of lhr.stackPacks ?? []) {
    for (const key of [auditId, ...(adviceKeyOf[auditId] ?? [])]) {
      const text = pack.descriptions[key];
      if (text) return { platform: pack.title, text: stripMarkdown(text) };
    }
  }
  return null;
}

/** The findings worth acting on, largest estimated saving first. */
function opportunities(lhr: LighthouseResult): SpeedOpportunity[] {
  const found: SpeedOpportunity[] = [];
  for (const audit of Object.values(lhr.audits)) {
    if (!audit || !(audit.id in plainAdvice)) continue;
    const passed = audit.score !== null && audit.score >= 0.9;
    if (passed || audit.scoreDisplayMode === 'notApplicable') continue;
    if (audit.scoreDisplayMode === 'error' || audit.scoreDisplayMode === 'informative') continue;
    const { ms, bytes } = savings(audit);
    if (ms === null && bytes === null && (audit.score ?? 1) >= 0.5) continue;
    found.push({
      id: audit.id,
      title: stripMarkdown(audit.title),
      advice:
        plainAdvice[audit.id] ?? firstSentence(stripMarkdown(audit.description ?? audit.title)),
      savingsMs: ms,
      savingsBytes: bytes,
      platformAdvice: platformAdvice(lhr, audit.id),
    });
  }
  return found.sort(
    (a, b) =>
      (b.savingsMs ?? 0) - (a.savingsMs ?? 0) || (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0),
  );
}

function pageWeight(lhr: LighthouseResult): SpeedRun['pageWeight'] {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  return items.flatMap((item) => {
    const type = typeof item.resourceType === 'string' ? item.resourceType : null;
    if (!type) return [];
    return [
      {
        type,
        label: typeof item.label === 'string' ? item.label : type,
        requests: typeof item.requestCount === 'number' ? item.requestCount : 0,
        bytes: typeof item.transferSize === 'number' ? Math.round(item.transferSize) : 0,
      },
    ];
  });
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function conditions(lhr: LighthouseResult): SpeedRun['conditions'] {
  const settings = lhr.configSettings;
  if (!lhr.lighthouseVersion || !settings || !lhr.fetchTime) return null;
  const simulated = settings.throttlingMethod === 'simulate';
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: settings.formFactor === 'desktop' ? 'desktop' : 'mobile',
    throttlingMethod: settings.throttlingMethod ?? 'unknown',
    rttMs: simulated ? finite(settings.throttling?.rttMs) : null,
    throughputKbps: simulated ? finite(settings.throttling?.throughputKbps) : null,
    cpuSlowdown: finite(settings.throttling?.cpuSlowdownMultiplier),
    fetchedAt: lhr.fetchTime,
  };
}

/** The ten largest downloads from Lighthouse's network-requests audit, for the waterfall. */
function largestRequests(lhr: LighthouseResult): SpeedRun['largestRequests'] {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items
    .flatMap((item) => {
      const url = typeof item.url === 'string' ? item.url : null;
      const bytes = finite(item.transferSize);
      const start = finite(item.networkRequestTime);
      const end = finite(item.networkEndTime);
      if (!url || bytes === null || start === null || end === null || url.startsWith('data:'))
        return [];
      return [
        {
          url,
          resourceType: typeof item.resourceType === 'string' ? item.resourceType : 'Other',
          transferBytes: Math.round(bytes),
          startMs: Math.round(start),
          endMs: Math.round(Math.max(start, end)),
        },
      ];
    })
    .sort((a, b) => b.transferBytes - a.transferBytes)
    .slice(0, 10);
}

/** Lighthouse's long result reduced to what the report shows. */
export function summarizeLighthouse(lhr: LighthouseResult): SpeedRun {
  const { audits, categories } = lhr;
  return {
    scores: {
      performance: toScore(categories.performance?.score),
      accessibility: toScore(categories.accessibility?.score),
      bestPractices: toScore(categories['best-practices']?.score),
      seo: toScore(categories.seo?.score),
    },
    metrics: {
      lcp: numeric(audits['largest-contentful-paint']),
      fcp: numeric(audits['first-contentful-paint']),
      cls: numeric(audits['cumulative-layout-shift']),
      tbt: numeric(audits['total-blocking-time']),
      speedIndex: numeric(audits['speed-index']),
    },
    opportunities: opportunities(lhr),
    pageWeight: pageWeight(lhr),
    finalUrl: lhr.finalDisplayedUrl ?? null,
    warnings: [
      ...(lhr.runtimeError ? [stripMarkdown(lhr.runtimeError.message)] : []),
      ...(lhr.runWarnings ?? []).map(stripMarkdown),
    ].slice(0, 10),
    conditions: conditions(lhr),
    largestRequests: largestRequests(lhr),
  };
}

/** The page as the browser showed it at the end of the run (a JPEG data URL), if taken. */
export function finalScreenshot(lhr: LighthouseResult): string | null {
  const data = lhr.audits['final-screenshot']?.details?.data;
  return typeof data === 'string' && data.startsWith('data:image/') ? data : null;
}

/** A run that did not measure everything: the page loaded too slowly, or a metric is missing. */
export function isIncomplete(lhr: LighthouseResult, run: SpeedRun): boolean {
  return (
    Boolean(lhr.runtimeError) ||
    (lhr.runWarnings ?? []).some((warning) => /too slowly|time limit/i.test(warning)) ||
    Object.values(run.metrics).some((value) => value === null) ||
    run.scores.performance === null
  );
}
