import { describe, expect, it } from 'vitest';
import {
  finalScreenshot,
  isIncomplete,
  summarizeLighthouse,
  type LighthouseResult,
} from './lighthouse-summary.ts';

/** A Lighthouse result in the shape Lighthouse 13 writes, cut down to what the summary reads. */
const lhr = (overrides: Partial<LighthouseResult> = {}): LighthouseResult => ({
  finalDisplayedUrl: 'https://example.co.za/',
  runWarnings: [],
  categories: {
    performance: { score: 0.42 },
    accessibility: { score: 0.9 },
    'best-practices': { score: 1 },
    seo: { score: 0.83 },
  },
  audits: {
    'largest-contentful-paint': {
      id: 'largest-contentful-paint',
      title: 'LCP',
      score: 0.1,
      numericValue: 4100.4,
    },
    'first-contentful-paint': {
      id: 'first-contentful-paint',
      title: 'FCP',
      score: 0.5,
      numericValue: 2100,
    },
    'cumulative-layout-shift': {
      id: 'cumulative-layout-shift',
      title: 'CLS',
      score: 1,
      numericValue: 0.02,
    },
    'total-blocking-time': {
      id: 'total-blocking-time',
      title: 'TBT',
      score: 0.3,
      numericValue: 640,
    },
    'speed-index': { id: 'speed-index', title: 'SI', score: 0.6, numericValue: 3900 },
    'image-delivery-insight': {
      id: 'image-delivery-insight',
      title: 'Improve image delivery',
      score: 0,
      scoreDisplayMode: 'metricSavings',
      metricSavings: { LCP: 1800, FCP: 0 },
      details: { type: 'table', overallSavingsBytes: 950_000 },
    },
    'render-blocking-insight': {
      id: 'render-blocking-insight',
      title: 'Render blocking requests',
      score: 0,
      scoreDisplayMode: 'metricSavings',
      metricSavings: { FCP: 2400, LCP: 2400 },
    },
    'unused-javascript': {
      id: 'unused-javascript',
      title: 'Reduce unused JavaScript',
      score: 0.5,
      details: { type: 'opportunity', overallSavingsMs: 300, overallSavingsBytes: 120_000 },
    },
    'cache-insight': {
      id: 'cache-insight',
      title: 'Use efficient cache lifetimes',
      score: 1,
      metricSavings: { LCP: 0 },
    },
    'font-display-insight': {
      id: 'font-display-insight',
      title: 'Font display',
      score: null,
      scoreDisplayMode: 'notApplicable',
    },
    'resource-summary': {
      id: 'resource-summary',
      title: 'Resources',
      score: null,
      details: {
        items: [
          { resourceType: 'total', label: 'Total', requestCount: 12, transferSize: 1_234_567.8 },
          { resourceType: 'image', label: 'Image', requestCount: 5, transferSize: 1_000_000 },
        ],
      },
    },
    'final-screenshot': {
      id: 'final-screenshot',
      title: 'Final screenshot',
      score: null,
      details: { type: 'screenshot', data: 'data:image/jpeg;base64,/9j/AA==' },
    },
  },
  ...overrides,
});

describe('the Lighthouse summary', () => {
  it('keeps the scores (0–100), the five metrics and the page weight', () => {
    const run = summarizeLighthouse(lhr());
    expect(run.scores).toEqual({ performance: 42, accessibility: 90, bestPractices: 100, seo: 83 });
    expect(run.metrics).toEqual({ lcp: 4100.4, fcp: 2100, cls: 0.02, tbt: 640, speedIndex: 3900 });
    expect(run.pageWeight).toEqual([
      { type: 'total', label: 'Total', requests: 12, bytes: 1_234_568 },
      { type: 'image', label: 'Image', requests: 5, bytes: 1_000_000 },
    ]);
    expect(finalScreenshot(lhr())).toBe('data:image/jpeg;base64,/9j/AA==');
  });

  it('lists what to fix, largest saving first, in plain language; passed and n/a audits left out', () => {
    const { opportunities } = summarizeLighthouse(lhr());
    expect(opportunities.map((o) => [o.id, o.savingsMs, o.savingsBytes])).toEqual([
      ['render-blocking-insight', 2400, null],
      ['image-delivery-insight', 1800, 950_000],
      ['unused-javascript', 300, 120_000],
    ]);
    expect(opportunities[1]!.advice).toBe(
      'Images are bigger than they need to be: resize them to the size they are shown at and save them as WebP or AVIF.',
    );
  });

  it('states the test conditions and lists the largest downloads with their timing', () => {
    const request = (url: string, transferSize: number, start: number, end: number) => ({
      url,
      resourceType: 'Image',
      transferSize,
      networkRequestTime: start,
      networkEndTime: end,
    });
    const run = summarizeLighthouse(
      lhr({
        lighthouseVersion: '13.0.1',
        fetchTime: '2026-11-28T00:30:00.000Z',
        configSettings: {
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
        },
        audits: {
          ...lhr().audits,
          'network-requests': {
            id: 'network-requests',
            title: 'Network Requests',
            score: null,
            details: {
              type: 'table',
              items: [
                request('https://example.co.za/', 12_000.4, 0, 310.6),
                request('data:image/png;base64,AAAA', 900_000, 5, 6),
                request('https://example.co.za/hero.jpg', 800_000, 320, 2_900),
                ...Array.from({ length: 12 }, (_, i) =>
                  request(`https://example.co.za/i${i}.png`, 1_000 + i, 400, 500),
                ),
              ],
            },
          },
        },
      }),
    );
    expect(run.conditions).toEqual({
      lighthouseVersion: '13.0.1',
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      rttMs: 150,
      throughputKbps: 1638.4,
      cpuSlowdown: 4,
      fetchedAt: '2026-11-28T00:30:00.000Z',
    });
    expect(run.largestRequests).toHaveLength(10);
    expect(run.largestRequests.slice(0, 2)).toEqual([
      {
        url: 'https://example.co.za/hero.jpg',
        resourceType: 'Image',
        transferBytes: 800_000,
        startMs: 320,
        endMs: 2_900,
      },
      {
        url: 'https://example.co.za/',
        resourceType: 'Image',
        transferBytes: 12_000,
        startMs: 0,
        endMs: 311,
      },
    ]);
    // A result without them (an older Lighthouse, a run that failed early) has none.
    expect(summarizeLighthouse(lhr())).toMatchObject({ conditions: null, largestRequests: [] });
  });

  it('adds the advice of the stack pack Lighthouse matched, also for the insight that replaced its audit', () => {
    const run = summarizeLighthouse(
      lhr({
        stackPacks: [
          {
            id: 'wordpress',
            title: 'WordPress',
            descriptions: {
              'render-blocking-resources':
                'There are a number of WordPress plugins that can help you [inline critical assets](https://wordpress.org/plugins/search/critical+css/).',
              'unused-javascript':
                'Consider reducing, or switching, the number of `WordPress` plugins.',
            },
          },
        ],
      }),
    );
    const advice = Object.fromEntries(run.opportunities.map((o) => [o.id, o.platformAdvice]));
    expect(advice).toEqual({
      'render-blocking-insight': {
        platform: 'WordPress',
        text: 'There are a number of WordPress plugins that can help you inline critical assets.',
      },
      'image-delivery-insight': null,
      'unused-javascript': {
        platform: 'WordPress',
        text: 'Consider reducing, or switching, the number of WordPress plugins.',
      },
    });
    expect(summarizeLighthouse(lhr()).opportunities.every((o) => o.platformAdvice === null)).toBe(
      true,
    );
  });

  it('marks a run incomplete when the page loaded too slowly or a metric is missing', () => {
    const complete = lhr();
    expect(isIncomplete(complete, summarizeLighthouse(complete))).toBe(false);
    const slow = lhr({
      runWarnings: [
        'The page loaded too slowly to finish within the time limit. Results may be incomplete.',
      ],
    });
    expect(isIncomplete(slow, summarizeLighthouse(slow))).toBe(true);
    const noLcp = lhr();
    delete noLcp.audits['largest-contentful-paint'];
    const run = summarizeLighthouse(noLcp);
    expect(run.metrics.lcp).toBeNull();
    expect(isIncomplete(noLcp, run)).toBe(true);
  });
});
