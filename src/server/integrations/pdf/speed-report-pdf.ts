import { companyPdf, drawLetterhead, type Company } from './letterhead.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatBytes, formatSeconds } from '#shared/numbers.ts';
import { conditionsText, requestName } from '#shared/speed-conditions.ts';
import {
  formatMetric,
  metricRating,
  scoreRating,
  type MetricKey,
  type Rating,
  type SpeedReport,
  type SpeedRun,
} from '#shared/speed-reports.schemas.ts';

const bandColour: Record<Rating, string> = {
  good: '#0a7d32',
  'needs-improvement': '#b45309',
  poor: '#c0262d',
};
const ratingLabel: Record<Rating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};
const ink = '#101828';
const muted = '#475467';

const metricRows: { key: MetricKey; name: string; explanation: string }[] = [
  {
    key: 'lcp',
    name: 'Largest Contentful Paint',
    explanation: 'When the main content is on screen.',
  },
  {
    key: 'fcp',
    name: 'First Contentful Paint',
    explanation: 'When the first text or image appears.',
  },
  {
    key: 'tbt',
    name: 'Total Blocking Time',
    explanation: 'How long scripts block taps while loading.',
  },
  {
    key: 'cls',
    name: 'Cumulative Layout Shift',
    explanation: 'How much the page jumps while loading.',
  },
  { key: 'speedIndex', name: 'Speed Index', explanation: 'How quickly the visible page fills in.' },
];

/** A score as a ring in its colour band (an arc from twelve o'clock), the number inside. */
function gauge(doc: PDFKit.PDFDocument, x: number, y: number, name: string, value: number | null) {
  const r = 30;
  const cx = x + 45;
  const cy = y + 35;
  doc.lineWidth(6).strokeColor('#e4e7ec').circle(cx, cy, r).stroke();
  if (value !== null && value > 0) {
    const colour = bandColour[scoreRating(value)];
    if (value >= 100) doc.strokeColor(colour).circle(cx, cy, r).stroke();
    else {
      const end = -Math.PI / 2 + (value / 100) * 2 * Math.PI;
      const large = value > 50 ? 1 : 0;
      doc
        .strokeColor(colour)
        .path(
          `M ${cx} ${cy - r} A ${r} ${r} 0 ${large} 1 ${cx + r * Math.cos(end)} ${cy + r * Math.sin(end)}`,
        )
        .stroke();
    }
  }
  doc
    .fillColor(value === null ? muted : bandColour[scoreRating(value)])
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(value === null ? '–' : String(value), x, cy - 10, { width: 90, align: 'center' });
  doc
    .fillColor(ink)
    .fontSize(10)
    .text(name, x, cy + r + 8, { width: 90, align: 'center' });
}

/** The test conditions under a run's scores, small and centred. */
function conditions(doc: PDFKit.PDFDocument, run: SpeedRun) {
  if (!run.conditions) return;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(muted)
    .text(conditionsText(run.conditions), 50, doc.y + 2, { width: 495, align: 'center' });
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y > 720) doc.addPage();
  doc.moveDown(1.2).fillColor(ink).font('Helvetica-Bold').fontSize(15).text(text, 50);
  doc.moveDown(0.4);
}

/**
 * The speed report as a PDF (A4): scores as gauges in Lighthouse's bands, each metric with its
 * rating, what to fix first, page weight and the screenshot.
 */
export async function renderSpeedReportPdf(input: {
  report: SpeedReport;
  run: SpeedRun;
  /** Who sends it: the letterhead and the footer. */
  company: Company;
  siteName: string;
  reportUrl: string;
  screenshot: Buffer | null;
}): Promise<Buffer> {
  const { report, run } = input;
  const host = new URL(report.url).host;
  const { doc, finish } = await companyPdf(input.company, {
    title: `Website speed report: ${host}`,
  });
  drawLetterhead(doc, input.company);

  doc.fillColor('#0f5132').font('Helvetica-Bold').fontSize(10).text('WEBSITE SPEED REPORT');
  doc.moveDown(0.3).fillColor(ink).fontSize(22).text(host);
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(muted)
    .text(
      `${report.url} · ${report.kind === 'full' ? 'full report, mobile and desktop' : 'tested as a mobile visitor'} · ${formatDateTime(report.finishedAt ?? report.createdAt)}`,
    );
  if (report.partial) {
    doc
      .moveDown(0.5)
      .fillColor(bandColour['needs-improvement'])
      .text('The page did not finish loading in time: some results may be missing or incomplete.');
  }

  heading(doc, 'Scores on mobile');
  const top = doc.y;
  const scores: [string, number | null][] = [
    ['Performance', run.scores.performance],
    ['Accessibility', run.scores.accessibility],
    ['Best practices', run.scores.bestPractices],
    ['SEO', run.scores.seo],
  ];
  scores.forEach(([name, value], i) => gauge(doc, 50 + i * 125, top, name, value));
  doc.y = top + 100;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text('0–49 poor · 50–89 needs improvement · 90–100 good', 50, doc.y, {
      width: 495,
      align: 'center',
    });
  conditions(doc, run);

  heading(doc, 'How fast it feels');
  for (const { key, name, explanation } of metricRows) {
    const value = run.metrics[key];
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(ink).text(name, 50, y, { width: 300 });
    doc.font('Helvetica').fontSize(9).fillColor(muted).text(explanation, 50, doc.y, { width: 300 });
    const bottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(ink)
      .text(value === null ? 'not measured' : formatMetric(key, value), 320, y, {
        width: 80,
        align: 'right',
      });
    if (value !== null) {
      const rating = metricRating(key, value, 'mobile');
      doc
        .fontSize(10)
        .fillColor(bandColour[rating])
        .text(ratingLabel[rating], 410, y + 1, { width: 135, align: 'right' });
    }
    doc.y = Math.max(bottom, y + 14) + 8;
  }

  // The full report: the desktop run, and a re-test's comparison with the run before it.
  if (report.desktop) {
    const desktop = report.desktop;
    if (doc.y > 560) doc.addPage();
    heading(doc, 'Scores on desktop');
    const desktopTop = doc.y;
    (
      [
        ['Performance', desktop.scores.performance],
        ['Accessibility', desktop.scores.accessibility],
        ['Best practices', desktop.scores.bestPractices],
        ['SEO', desktop.scores.seo],
      ] as [string, number | null][]
    ).forEach(([name, value], i) => gauge(doc, 50 + i * 125, desktopTop, name, value));
    doc.y = desktopTop + 100;
    conditions(doc, desktop);
    doc.moveDown(0.5);
    for (const { key, name } of metricRows) {
      const value = desktop.metrics[key];
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(11).fillColor(ink).text(name, 50, y, { width: 260 });
      doc.text(value === null ? 'not measured' : formatMetric(key, value), 320, y, {
        width: 80,
        align: 'right',
      });
      if (value !== null) {
        const rating = metricRating(key, value, 'desktop');
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(bandColour[rating])
          .text(ratingLabel[rating], 410, y + 1, { width: 135, align: 'right' });
      }
      doc.y = y + 20;
    }
  }
  if (report.comparison) {
    if (doc.y > 600) doc.addPage();
    heading(doc, 'Since the last test');
    for (const change of report.comparison.changes) {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(
          change.change === 'better'
            ? bandColour.good
            : change.change === 'worse'
              ? bandColour.poor
              : ink,
        )
        .text(`${change.formFactor === 'mobile' ? 'Mobile' : 'Desktop'}: ${change.text}`, 50);
    }
  }

  heading(doc, 'What to fix first');
  if (run.opportunities.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(muted)
      .text('Nothing important: this page is in good shape.');
  }
  for (const item of run.opportunities) {
    if (doc.y > 740) doc.addPage();
    const saving = [
      item.savingsMs ? formatSeconds(item.savingsMs) : null,
      item.savingsBytes ? formatBytes(item.savingsBytes) : null,
    ]
      .filter(Boolean)
      .join(' and ');
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(ink)
      .text(item.title + (saving ? `  (saves about ${saving})` : ''), 50);
    doc.font('Helvetica').fontSize(10).fillColor(muted).text(item.advice, 50);
    if (item.platformAdvice)
      doc
        .fontSize(9)
        .fillColor(ink)
        .text(`On ${item.platformAdvice.platform}: ${item.platformAdvice.text}`, 60, doc.y + 2, {
          width: 485,
        });
    doc.moveDown(0.5);
  }

  if (run.largestRequests.length > 0) {
    if (doc.y > 600) doc.addPage();
    heading(doc, 'Largest downloads');
    for (const request of run.largestRequests) {
      const y = doc.y;
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(ink)
        .text(requestName(request), 50, y, { width: 190, lineBreak: false, ellipsis: true })
        .fillColor(muted)
        .text(request.resourceType, 245, y, { width: 70, lineBreak: false })
        .fillColor(ink)
        .text(formatBytes(request.transferBytes), 320, y, { width: 60, align: 'right' })
        .text(`${formatSeconds(request.startMs)} – ${formatSeconds(request.endMs)}`, 390, y, {
          width: 155,
          align: 'right',
        });
      doc.y = y + 14;
    }
  }

  const weights = run.pageWeight.filter((row) => row.requests > 0 && row.type !== 'third-party');
  if (weights.length > 0) {
    heading(doc, 'Page weight');
    for (const row of weights) {
      const y = doc.y;
      doc
        .font(row.type === 'total' ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10)
        .fillColor(ink)
        .text(row.label, 50, y, { width: 200 })
        .text(`${row.requests} ${row.requests === 1 ? 'request' : 'requests'}`, 250, y, {
          width: 100,
          align: 'right',
        })
        .text(formatBytes(row.bytes), 360, y, { width: 80, align: 'right' });
      doc.y = y + 16;
    }
  }

  if (input.screenshot) {
    if (doc.y > 480) doc.addPage();
    heading(doc, 'What the phone showed');
    doc.image(input.screenshot, 50, doc.y, { fit: [180, 320] });
    doc.y += 330;
  }

  if (doc.y > 720) doc.addPage();
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(ink)
    .text(`Want a faster website? ${input.siteName} fixes what this report found.`, 50);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#0f5132')
    .text(`The report online: ${input.reportUrl}`, { link: input.reportUrl });
  return finish({ label: `Speed report: ${host}` });
}
