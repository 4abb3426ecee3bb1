import { colours, companyPdf, drawLogo, type Company } from './letterhead.ts';
import { saToday } from '#shared/dates.ts';
import {
  planDocument,
  wholeRand,
  type FiguresTable,
  type PlanDocumentInput,
} from '#shared/business-plan-document.ts';
import type { Projection } from '#shared/business-plan-projections.ts';

const { ink, muted, brand, rule: line } = colours;

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.fillColor(brand).font('Helvetica-Bold').fontSize(18).text(text, { width: 495 });
  doc.moveDown(0.6);
}

const yearly = { label: 165, value: 110, font: 10 };

/** Labelled facts, the label in a column of its own. */
function facts(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ink).text(label, 50, y, { width: 150 });
    doc.font('Helvetica').text(value, 210, y, { width: 335 });
    doc.moveDown(0.5);
  }
}

function subheading(doc: PDFKit.PDFDocument, text: string, size = 11) {
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(size).text(text);
  doc.moveDown(0.2);
}

function table(
  doc: PDFKit.PDFDocument,
  { columns, rows }: FiguresTable,
  widths: { label: number; value: number; font: number },
) {
  const left = doc.page.margins.left;
  let y = doc.y;
  const rowHeight = widths.font + 7;
  doc.font('Helvetica-Bold').fontSize(widths.font).fillColor(muted);
  columns.forEach((c, i) =>
    doc.text(c, left + widths.label + i * widths.value, y, {
      width: widths.value - 4,
      align: 'right',
    }),
  );
  y += rowHeight;
  doc.moveTo(left, y - 3).lineTo(left + widths.label + columns.length * widths.value, y - 3);
  doc.strokeColor(line).lineWidth(0.5).stroke();
  for (const row of rows) {
    doc
      .font(row.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(widths.font)
      .fillColor(ink);
    doc.text(row.label, left, y, { width: widths.label - 6, lineBreak: false });
    row.values.forEach((v, i) =>
      doc.text(v, left + widths.label + i * widths.value, y, {
        width: widths.value - 4,
        align: 'right',
        lineBreak: false,
      }),
    );
    y += rowHeight;
  }
  doc.x = left;
  doc.y = y + 8;
}

/** Bars per year (revenue, profit before tax) and the month-end cash line over 36 months. */
function charts(doc: PDFKit.PDFDocument, p: Projection) {
  const left = 50;
  const top = doc.y + 10;
  const height = 150;
  const max = Math.max(1, ...p.years.flatMap((y) => [y.revenue, Math.abs(y.profitBeforeTax)]));
  const zero =
    top + height * (max / (max + Math.max(0, ...p.years.map((y) => -y.profitBeforeTax))));
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(ink)
    .text('Revenue and profit by year', left, top - 14);
  p.years.forEach((year, i) => {
    const x = left + 20 + i * 70;
    const bar = (value: number, offset: number, colour: string) => {
      const h = (Math.abs(value) / max) * (zero - top);
      doc.rect(x + offset, value >= 0 ? zero - h : zero, 22, h).fill(colour);
    };
    bar(year.revenue, 0, brand);
    bar(year.profitBeforeTax, 26, year.profitBeforeTax >= 0 ? '#74c69d' : '#c0262d');
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(`Year ${year.year}`, x, top + height + 4, { width: 50, align: 'center' });
  });
  doc
    .moveTo(left, zero)
    .lineTo(left + 230, zero)
    .strokeColor(line)
    .lineWidth(0.5)
    .stroke();
  const legendY = top + height + 18;
  doc.rect(left, legendY + 1, 7, 7).fill(brand);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(ink)
    .text('Revenue', left + 10, legendY, { lineBreak: false });
  doc.rect(left + 60, legendY + 1, 7, 7).fill('#74c69d');
  doc
    .fillColor(ink)
    .text('Profit before tax (red: a loss)', left + 70, legendY, { lineBreak: false });

  const cx = 320;
  const width = 225;
  const cash = p.months.map((m) => m.closingCash);
  const hi = Math.max(0, ...cash);
  const lo = Math.min(0, ...cash);
  const span = Math.max(1, hi - lo);
  const yOf = (v: number) => top + height - ((v - lo) / span) * height;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(ink)
    .text('Cash at month end, 36 months', cx, top - 14);
  doc
    .moveTo(cx, yOf(0))
    .lineTo(cx + width, yOf(0))
    .strokeColor(line)
    .lineWidth(0.5)
    .stroke();
  cash.forEach((v, i) => {
    const x = cx + (i / (cash.length - 1)) * width;
    if (i === 0) doc.moveTo(x, yOf(v));
    else doc.lineTo(x, yOf(v));
  });
  doc.strokeColor(brand).lineWidth(1.5).stroke();
  doc.font('Helvetica').fontSize(8).fillColor(muted);
  doc.text(wholeRand(hi), cx + width + 4, top - 3, { lineBreak: false });
  doc.text(wholeRand(lo), cx + width + 4, top + height - 6, { lineBreak: false });
  doc.x = left;
  doc.y = top + height + 40;
}

/**
 * The plan as a document a bank reads: cover, contents, the written sections, the assumptions,
 * the three-year summary with charts, the cash flow statement, balance sheet and ratios, and the
 * monthly statements (A4, the monthly pages landscape).
 */
export async function businessPlanPdf(plan: PlanDocumentInput, company: Company): Promise<Buffer> {
  const content = planDocument(plan, saToday());
  const { title, projection } = content;
  const { doc, finish } = await companyPdf(company, {
    title: `Business plan: ${title}`,
    author: title,
  });

  // Cover, with who prepared it
  doc.rect(0, 0, doc.page.width, 260).fill(brand);
  drawLogo(doc, 50, 40, 34);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(company.name, 92, 51, { width: 300, lineBreak: false });
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(12).text('BUSINESS PLAN', 50, 120);
  doc.fontSize(30).text(title, 50, 145, { width: 495 });
  doc.fillColor(ink).font('Helvetica').fontSize(12).text(content.name, 50, 300, { width: 495 });
  doc.fillColor(muted).text(content.date, 50, doc.y + 6);
  doc
    .fontSize(9)
    .text(
      `Prepared with ${company.name} (${company.website}). Amounts in South African rand.`,
      50,
      720,
      { width: 495 },
    );

  // Contents
  doc.addPage();
  heading(doc, 'Contents');
  content.contents.forEach((entry, i) =>
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(ink)
      .text(`${i + 1}.  ${entry}`, { lineGap: 6 }),
  );

  // Written sections
  for (const section of content.written) {
    doc.addPage();
    heading(doc, section.title);
    if (section.text)
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(ink)
        .text(section.text, { width: 495, lineGap: 3 });
    else doc.font('Helvetica-Oblique').fontSize(11).fillColor(muted).text('Not written yet.');
  }

  // Assumptions
  doc.addPage();
  heading(doc, 'Financial assumptions');
  facts(doc, content.facts);

  // What a funder asks beyond the figures
  if (content.funding) {
    doc.addPage();
    heading(doc, 'Funding application');
    facts(doc, content.funding);
  }

  // Summary
  doc.addPage();
  heading(doc, 'Three-year summary');
  for (const [label, value] of content.summary) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(ink).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  if (content.vatWarning) {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ink).text('VAT registration: ', {
      continued: true,
    });
    doc.font('Helvetica').text(content.vatWarning);
  }
  doc.moveDown(1);
  subheading(doc, content.profitAndLoss.title);
  table(doc, content.profitAndLoss, yearly);
  charts(doc, projection);

  // The cash flow statement and the balance sheet, from the same figures, and the ratios
  doc.addPage();
  heading(doc, 'Cash flow, balance sheet and ratios');
  const statements = [content.cashFlow, content.balanceSheet, content.ratios];
  for (const figures of content.repayments ? [...statements, content.repayments] : statements) {
    subheading(doc, figures.title);
    table(doc, figures, yearly);
  }
  for (const verdict of content.verdicts) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(ink)
      .text(`Year ${verdict.year}: `, { continued: true });
    doc.font('Helvetica').text(verdict.text);
    doc.moveDown(0.3);
  }
  doc.font('Helvetica').fontSize(8).fillColor(muted).text(content.statementsNote);

  // Monthly statements, a year a page
  for (const { year, tables } of content.monthly) {
    doc.addPage({
      size: 'A4',
      layout: 'landscape',
      margins: { top: 40, left: 40, right: 40, bottom: 60 },
    });
    doc
      .fillColor(brand)
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(`Monthly statements: year ${year}`);
    doc.moveDown(0.3);
    const monthly = { label: 106, value: 54, font: 7 };
    for (const figures of tables) {
      subheading(doc, figures.title, 8);
      table(doc, figures, monthly);
    }
    doc.font('Helvetica').fontSize(7).fillColor(muted).text(content.monthlyNote);
  }

  return finish({ label: `${title}: business plan` });
}
