import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Check, Gauge } from 'lucide-react';
import { formatMilliseconds, formatNumber, formatSeconds } from '#shared/numbers.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { site } from '../../../lib/site.ts';
import { priceText, useCatalogue } from '../../../lib/catalogue.tsx';

const metrics = [
  {
    title: 'Performance score',
    text: 'A weighted score from 0 to 100 that combines the timings below into one number.',
  },
  {
    title: 'First Contentful Paint (FCP)',
    text: 'How long until the first text or image appears, so visitors know the page is loading.',
  },
  {
    title: 'Largest Contentful Paint (LCP)',
    text: `When the main content, usually a hero image or headline, is visible. On mobile, ${formatSeconds(2500)} or less is good.`,
  },
  {
    title: 'Total Blocking Time (TBT)',
    text: 'How long heavy JavaScript keeps the page from responding to taps and clicks.',
  },
  {
    title: 'Cumulative Layout Shift (CLS)',
    text: 'How much the layout jumps while loading, which makes people tap the wrong button.',
  },
  {
    title: 'Speed Index',
    text: 'How quickly the visible part of the page fills in while it loads.',
  },
];

const bands = [
  { range: '90 – 100', label: 'Good', className: 'border-green-700 text-green-800' },
  { range: '50 – 89', label: 'Needs improvement', className: 'border-amber-600 text-amber-800' },
  { range: '0 – 49', label: 'Poor', className: 'border-red-700 text-red-800' },
];

const sample = [
  { metric: 'Performance score', value: '62', rating: 'Needs improvement' },
  { metric: 'First Contentful Paint', value: formatSeconds(2100), rating: 'Needs improvement' },
  { metric: 'Largest Contentful Paint', value: formatSeconds(4800), rating: 'Poor' },
  { metric: 'Total Blocking Time', value: formatMilliseconds(310), rating: 'Needs improvement' },
  { metric: 'Cumulative Layout Shift', value: formatNumber(0.04, 2), rating: 'Good' },
  { metric: 'Speed Index', value: formatSeconds(3900), rating: 'Needs improvement' },
];

const fixes = [
  `Compress the ${formatNumber(1.8, 1)} MB hero photo to WebP and size it for phones: about ${formatSeconds(2100)} faster LCP`,
  `Load the chat widget after the page has rendered: about ${formatMilliseconds(200)} less blocking time`,
  'Serve images and scripts from a CDN with caching headers',
  'Reserve space for the cookie banner so the layout stops shifting',
];

/**
 * The speed report's page; the address box that starts a report and the one that puts the full
 * report into the cart come in as slots.
 */
export function SpeedOptimizationPage({
  speedTest,
  fullReport,
}: {
  speedTest?: ReactNode;
  fullReport?: ReactNode;
}) {
  const catalogue = useCatalogue();
  return (
    <>
      <PageHeader
        eyebrow="Website speed report"
        title="Your website speed report in 60 seconds"
        lead={`${site.siteName} runs a Google Lighthouse test on your site, as a mid-range phone on a mobile network would load it, and explains every result in plain language.`}
      >
        <div className="w-full max-w-xl">
          {speedTest}
          <p className="mt-2 text-sm text-muted">
            Free, no sign-up: scores, Core Web Vitals and what to fix first, in about a minute.
          </p>
        </div>
      </PageHeader>

      <Section
        static
        title="What the report measures"
        intro="The same measurements Google uses for its Core Web Vitals and search ranking signals."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {metrics.map((metric) => (
            <li key={metric.title}>
              <Card className="h-full">
                <Gauge className="size-8 text-brand-700" aria-hidden="true" />
                <CardTitle className="mt-4">{metric.title}</CardTitle>
                <CardDescription className="mt-2">{metric.text}</CardDescription>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section static title="How to read the score">
        <ul className="grid gap-4 sm:grid-cols-3">
          {bands.map((band) => (
            <li
              key={band.label}
              className={`rounded-2xl border-l-4 bg-surface p-5 ${band.className}`}
            >
              <p className="text-2xl font-extrabold">{band.range}</p>
              <p className="font-semibold">{band.label}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        static
        title="A sample report"
        intro="An example for a Johannesburg restaurant website, tested as a mobile visitor."
      >
        <div
          className="overflow-x-auto rounded-2xl border border-line"
          role="region"
          aria-label="Sample report"
          tabIndex={0}
          data-scrolls
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sample Lighthouse results on mobile</caption>
            <thead className="bg-surface text-ink">
              <tr>
                <th scope="col" className="p-3 font-semibold">
                  Measurement
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Result
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Rating
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {sample.map((row) => (
                <tr key={row.metric}>
                  <th scope="row" className="p-3 font-medium text-ink">
                    {row.metric}
                  </th>
                  <td className="p-3 text-ink">{row.value}</td>
                  <td className="p-3 text-muted">{row.rating}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className="mt-8 text-lg font-bold text-ink">Recommended fixes in the sample</h3>
        <ul className="mt-3 space-y-2">
          {fixes.map((fix) => (
            <li key={fix} className="flex gap-2 text-muted">
              <Check className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{fix}</span>
            </li>
          ))}
        </ul>
      </Section>

      {fullReport && (
        <div id="full-report">
          <Section
            title={`The full report, ${priceText(catalogue.priceCentsOf('speed-report'), (price) => price)}`}
            intro="Mobile and desktop, every finding in plain language, the PDF for your developer, and re-tests for 30 days that show what changed (LCP 4,1 s → 2,3 s). It runs as soon as the payment is confirmed and appears under Speed reports in your account."
          >
            {fullReport}
          </Section>
        </div>
      )}

      <Section static>
        <CtaBanner
          title="Find out what slows your site down"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.contact}>Ask us to speed up your site</Link>
              </Button>
            </>
          }
        >
          The mobile report is free. Want the fixes done for you? We optimise your site and show you
          the before and after.
        </CtaBanner>
      </Section>
    </>
  );
}
