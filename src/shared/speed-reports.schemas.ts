import { z } from 'zod';
import { formatMilliseconds, formatNumber, formatSeconds } from './numbers.ts';

/**
 * The address a visitor typed, as a speed report measures it: `https://` is assumed when no
 * scheme is given; only http and https, no user name or password. Null when it is not usable.
 */
export function normalizeSiteUrl(input: string): URL | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  url.hash = '';
  return url;
}

export const siteUrlMessage = 'Enter a website address such as yourbusiness.co.za';

/** A website address to measure: the free report's box and the full report's cart line. */
export const siteUrlSchema = z
  .string({ error: siteUrlMessage })
  .trim()
  .min(1, siteUrlMessage)
  .max(2000, 'That address is too long')
  .refine((value) => normalizeSiteUrl(value) !== null, {
    message: 'Enter an http:// or https:// website address, such as yourbusiness.co.za',
  });

/** `POST /api/speed-reports`: the address to measure (the form and the route). */
export const speedReportRequestSchema = z.object({ url: siteUrlSchema });
export type SpeedReportRequest = z.infer<typeof speedReportRequestSchema>;

export const speedReportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type SpeedReportStatus = (typeof speedReportStatuses)[number];

const score = z.number().int().min(0).max(100).nullable();

export const speedScoresSchema = z.object({
  performance: score,
  accessibility: score,
  bestPractices: score,
  seo: score,
});

/** Milliseconds, except CLS (unitless); null when the run could not measure it. */
export const speedMetricsSchema = z.object({
  lcp: z.number().nonnegative().nullable(),
  fcp: z.number().nonnegative().nullable(),
  cls: z.number().nonnegative().nullable(),
  tbt: z.number().nonnegative().nullable(),
  speedIndex: z.number().nonnegative().nullable(),
});
export type SpeedMetrics = z.infer<typeof speedMetricsSchema>;
export type MetricKey = keyof SpeedMetrics;

export const speedOpportunitySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** What to do, in plain language. */
  advice: z.string(),
  /** Estimated time saved (ms) and bytes saved, when Lighthouse estimates them. */
  savingsMs: z.number().nonnegative().nullable(),
  savingsBytes: z.number().nonnegative().nullable(),
  /**
   * Lighthouse's own advice for the platform it found the site built on (its stack packs:
   * WordPress, Wix, Drupal…), e.g. which kind of plugin does the job; null when none applies.
   */
  platformAdvice: z.object({ platform: z.string(), text: z.string() }).nullable().default(null),
});
export type SpeedOpportunity = z.infer<typeof speedOpportunitySchema>;

export const pageWeightSchema = z.object({
  type: z.string(),
  label: z.string(),
  requests: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
});

/** One Lighthouse run (mobile or desktop). */
/** How a run was measured (issue 33 §1): what a reader needs to compare it with another tool's. */
export const speedConditionsSchema = z.object({
  lighthouseVersion: z.string(),
  formFactor: z.enum(['mobile', 'desktop']),
  /** Lighthouse's throttling: simulated (Lantern) or applied, with the network and CPU figures. */
  throttlingMethod: z.string(),
  rttMs: z.number().nullable(),
  throughputKbps: z.number().nullable(),
  cpuSlowdown: z.number().nullable(),
  /** When Lighthouse fetched the page (ISO). */
  fetchedAt: z.string(),
});
export type SpeedConditions = z.infer<typeof speedConditionsSchema>;

/** One of the page's largest downloads, with when it started and ended (ms from navigation). */
export const speedRequestSchema = z.object({
  url: z.string(),
  resourceType: z.string(),
  transferBytes: z.number(),
  startMs: z.number(),
  endMs: z.number(),
});
export type SpeedRequest = z.infer<typeof speedRequestSchema>;

export const speedRunSchema = z.object({
  scores: speedScoresSchema,
  metrics: speedMetricsSchema,
  /** Ordered by estimated saving, largest first. */
  opportunities: z.array(speedOpportunitySchema),
  pageWeight: z.array(pageWeightSchema),
  finalUrl: z.string().nullable(),
  /** Lighthouse's warnings (a page that loaded too slowly, a redirect …). */
  warnings: z.array(z.string()),
  // Runs measured before these were kept have neither.
  conditions: speedConditionsSchema.nullable().default(null),
  /** The largest downloads, largest first (at most 10), for the request waterfall. */
  largestRequests: z.array(speedRequestSchema).default([]),
});
export type SpeedRun = z.infer<typeof speedRunSchema>;

export const speedReportIdSchema = z.uuid();

/** One line of a comparison: "LCP 4,1 s → 2,3 s". */
export const speedChangeSchema = z.object({
  formFactor: z.enum(['mobile', 'desktop']),
  key: z.string(),
  label: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  /** e.g. "LCP 4,1 s → 2,3 s" or "Performance 62 → 91". */
  text: z.string(),
  change: z.enum(['better', 'worse', 'same', 'unknown']),
});
export type SpeedChange = z.infer<typeof speedChangeSchema>;

export const speedComparisonSchema = z.object({
  previousId: z.string(),
  previousCreatedAt: z.string(),
  changes: z.array(speedChangeSchema),
});
export type SpeedComparison = z.infer<typeof speedComparisonSchema>;

/** `GET /api/speed-reports/{id}`. */
export const speedReportSchema = z.object({
  id: z.string(),
  url: z.string(),
  status: z.enum(speedReportStatuses),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  /** The run was cut at its deadline (or a part failed): what it has is shown. */
  partial: z.boolean(),
  mobile: speedRunSchema.nullable(),
  /** The full report only. */
  desktop: speedRunSchema.nullable(),
  error: z.string().nullable(),
  /** Reports waiting before this one (0 when it is next or running). */
  queuePosition: z.number().int().nonnegative().nullable(),
  /** Whether a screenshot of the page can be fetched. */
  hasScreenshot: z.boolean(),
  /** The hard cut, so the page can show progress against it. */
  deadlineMs: z.number().int().positive(),
  /** `free`: the mobile run and the top findings; `full` (paid): desktop too, every finding. */
  kind: z.enum(['free', 'full']),
  /** Findings of the mobile run left out of the free report (the full report shows them all). */
  moreOpportunities: z.number().int().nonnegative(),
  /** A paid report's re-test against the run before it of the same address; else null. */
  comparison: speedComparisonSchema.nullable(),
});
export type SpeedReport = z.infer<typeof speedReportSchema>;

/** The free report shows this many findings, largest saving first. */
export const freeOpportunityCount = 3;

const scoreLabels: Record<keyof SpeedRun['scores'], string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  bestPractices: 'Best practices',
  seo: 'SEO',
};
const metricLabels: Record<MetricKey, string> = {
  lcp: 'LCP',
  fcp: 'FCP',
  tbt: 'TBT',
  cls: 'CLS',
  speedIndex: 'Speed Index',
};

/**
 * A metric as the report page, its PDF and mails write it (en-ZA): seconds to one decimal, TBT in
 * ms, CLS bare.
 */
export function formatMetric(key: MetricKey, value: number): string {
  if (key === 'cls') return formatNumber(value, 3);
  if (key === 'tbt') return formatMilliseconds(value);
  return formatSeconds(value);
}

type RunFigures = Pick<SpeedRun, 'scores' | 'metrics'>;

/**
 * Each score and metric of two runs of the same address, before → after, and whether it got
 * better (a higher score, a shorter time, less layout shift). Shown as "LCP 4,1 s → 2,3 s".
 */
export function compareRuns(
  before: Partial<Record<'mobile' | 'desktop', RunFigures | null>>,
  after: Partial<Record<'mobile' | 'desktop', RunFigures | null>>,
): SpeedChange[] {
  const changes: SpeedChange[] = [];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const old = before[formFactor];
    const now = after[formFactor];
    if (!old || !now) continue;
    const line = (
      key: string,
      label: string,
      from: number | null,
      to: number | null,
      show: (value: number) => string,
      higherIsBetter: boolean,
    ) => {
      const change: SpeedChange['change'] =
        from === null || to === null
          ? 'unknown'
          : show(from) === show(to)
            ? 'same'
            : to > from === higherIsBetter
              ? 'better'
              : 'worse';
      const text = `${label} ${from === null ? '–' : show(from)} → ${to === null ? '–' : show(to)}`;
      changes.push({ formFactor, key, label, before: from, after: to, text, change });
    };
    for (const key of Object.keys(scoreLabels) as (keyof RunFigures['scores'])[]) {
      line(key, scoreLabels[key], old.scores[key], now.scores[key], String, true);
    }
    for (const key of Object.keys(metricLabels) as MetricKey[]) {
      line(
        key,
        metricLabels[key],
        old.metrics[key],
        now.metrics[key],
        (value) => formatMetric(key, value),
        false,
      );
    }
  }
  return changes;
}

/** `GET /api/user/speed-reports`: the customer's paid reports, each with its runs. */
export const speedReportRunSummarySchema = z.object({
  id: z.string(),
  status: z.enum(speedReportStatuses),
  partial: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  mobilePerformance: score,
  desktopPerformance: score,
});

export const speedReportPurchaseSchema = z.object({
  id: z.string(),
  url: z.string(),
  purchasedAt: z.string(),
  /** Re-tests are open until then (30 days after payment). */
  retestUntil: z.string(),
  canRetest: z.boolean(),
  /** Newest first. */
  runs: z.array(speedReportRunSummarySchema),
});
export type SpeedReportPurchase = z.infer<typeof speedReportPurchaseSchema>;

export const speedReportHistorySchema = z.object({
  purchases: z.array(speedReportPurchaseSchema),
});
export type SpeedReportHistory = z.infer<typeof speedReportHistorySchema>;

export const speedReportPurchaseIdSchema = z.uuid();

export const speedReportCreatedSchema = z.object({
  id: z.string(),
  status: z.literal('queued'),
});

/** Lighthouse's colour bands: 90–100 good, 50–89 needs improvement, 0–49 poor. */
export type Rating = 'good' | 'needs-improvement' | 'poor';

export function scoreRating(value: number): Rating {
  if (value >= 90) return 'good';
  if (value >= 50) return 'needs-improvement';
  return 'poor';
}

/** Core Web Vitals thresholds (good up to the first, poor above the second). */
const metricThresholds: Record<'mobile' | 'desktop', Record<MetricKey, [number, number]>> = {
  mobile: {
    lcp: [2500, 4000],
    fcp: [1800, 3000],
    cls: [0.1, 0.25],
    tbt: [200, 600],
    speedIndex: [3400, 5800],
  },
  desktop: {
    lcp: [1200, 2400],
    fcp: [900, 1600],
    cls: [0.1, 0.25],
    tbt: [150, 350],
    speedIndex: [1300, 2300],
  },
};

export function metricRating(
  key: MetricKey,
  value: number,
  formFactor: 'mobile' | 'desktop',
): Rating {
  const [good, poor] = metricThresholds[formFactor][key];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs-improvement';
  return 'poor';
}

/** `POST /api/speed-reports/{id}/email`: where to send the report's link. */
export const speedReportEmailSchema = z.object({
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your e-mail address')
    .max(254, 'E-mail address is too long')
    .pipe(z.email('Enter a valid e-mail address')),
});
export type SpeedReportEmail = z.infer<typeof speedReportEmailSchema>;

/** `GET /api/admin/speed-reports`: every report, newest first, for the back office. */
export const speedReportsAdminQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const speedReportAdminItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.enum(['free', 'full']),
  status: z.enum(speedReportStatuses),
  performance: score,
  partial: z.boolean(),
  durationMs: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SpeedReportAdminItem = z.infer<typeof speedReportAdminItemSchema>;

export const speedReportAdminPageSchema = z.object({
  items: z.array(speedReportAdminItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
