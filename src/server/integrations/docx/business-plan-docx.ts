import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  PageBreak,
  PageNumber,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import { saToday } from '#shared/dates.ts';
import {
  planDocument,
  type FiguresTable,
  type PlanDocumentInput,
} from '#shared/business-plan-document.ts';
import type { Company } from '../pdf/letterhead.ts';

/**
 * The business plan as a Word file (issue 33 §5) for funders and accountants who edit plans in
 * Word: the PDF's content (shared/business-plan-document.ts) with real headings, paragraphs and
 * tables, so it is restyled, re-numbered and edited as a document, not as drawn text. Built with
 * the `docx` library; the monthly statements are a landscape section of their own.
 */
const heading = (text: string, level: 1 | 2 = 1) =>
  new Paragraph({
    text,
    heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
    spacing: { before: 240, after: 120 },
  });

/** A section's text: a blank line starts a paragraph, a single line break stays a break. */
const paragraphs = (text: string) =>
  text.split(/\n\s*\n/).map(
    (block) =>
      new Paragraph({
        spacing: { after: 160 },
        children: block
          .split('\n')
          .map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}) })),
      }),
  );

const cell = (text: string, options: { bold?: boolean; right?: boolean; size?: number } = {}) =>
  new TableCell({
    children: [
      new Paragraph({
        alignment: options.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun({ text, bold: options.bold ?? false, size: options.size ?? 20 })],
      }),
    ],
  });

/** A statement or ratio table: a header row repeated on each page, figures aligned right. */
function figures(table: FiguresTable, size = 20): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: [
          cell('', { size }),
          ...table.columns.map((c) => cell(c, { bold: true, right: true, size })),
        ],
      }),
      ...table.rows.map(
        (row) =>
          new TableRow({
            children: [
              cell(row.label, { bold: row.strong ?? false, size }),
              ...row.values.map((v) => cell(v, { bold: row.strong ?? false, right: true, size })),
            ],
          }),
      ),
    ],
  });
}

/** Labelled facts as a two-column table. */
const factsTable = (rows: [string, string][]) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      ([label, value]) => new TableRow({ children: [cell(label, { bold: true }), cell(value)] }),
    ),
  });

const labelled = (label: string, value: string) =>
  new Paragraph({
    spacing: { after: 80 },
    children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)],
  });

const note = (text: string) =>
  new Paragraph({
    spacing: { before: 120 },
    children: [new TextRun({ text, italics: true, size: 16 })],
  });

export async function businessPlanDocx(plan: PlanDocumentInput, company: Company): Promise<Buffer> {
  const content = planDocument(plan, saToday());
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({ text: `${content.title}: business plan · page `, size: 16 }),
          new TextRun({ children: [PageNumber.CURRENT], size: 16 }),
        ],
      }),
    ],
  });
  const main: ISectionOptions = {
    footers: { default: footer },
    children: [
      new Paragraph({ text: 'Business plan', heading: HeadingLevel.TITLE }),
      new Paragraph({
        spacing: { after: 120 },
        children: [new TextRun({ text: content.title, bold: true, size: 40 })],
      }),
      new Paragraph({ text: content.name }),
      new Paragraph({ text: content.date }),
      new Paragraph({
        spacing: { before: 240 },
        children: [
          new TextRun({
            text: `Prepared with ${company.name} (${company.website}). Amounts in South African rand.`,
            size: 18,
          }),
        ],
      }),
      new Paragraph({ children: [new PageBreak()] }),
      heading('Contents'),
      ...content.contents.map(
        (entry, i) => new Paragraph({ text: `${i + 1}. ${entry}`, spacing: { after: 60 } }),
      ),
      ...content.written.flatMap((section) => [
        heading(section.title),
        ...(section.text
          ? paragraphs(section.text)
          : [
              new Paragraph({
                children: [new TextRun({ text: 'Not written yet.', italics: true })],
              }),
            ]),
      ]),
      heading('Financial assumptions'),
      factsTable(content.facts),
      ...(content.funding ? [heading('Funding application'), factsTable(content.funding)] : []),
      heading('Three-year summary'),
      ...content.summary.map(([label, value]) => labelled(label, value)),
      ...(content.vatWarning ? [labelled('VAT registration', content.vatWarning)] : []),
      heading(content.profitAndLoss.title, 2),
      figures(content.profitAndLoss),
      heading('Cash flow, balance sheet and ratios'),
      ...[
        content.cashFlow,
        content.balanceSheet,
        content.ratios,
        ...(content.repayments ? [content.repayments] : []),
      ].flatMap((table) => [heading(table.title, 2), figures(table)]),
      ...content.verdicts.map((verdict) => labelled(`Year ${verdict.year}`, verdict.text)),
      note(content.statementsNote),
    ],
  };
  const monthly: ISectionOptions = {
    properties: { page: { size: { orientation: PageOrientation.LANDSCAPE } } },
    footers: { default: footer },
    children: content.monthly.flatMap(({ year, tables }, i) => [
      ...(i > 0 ? [new Paragraph({ children: [new PageBreak()] })] : []),
      heading(`Monthly statements: year ${year}`),
      ...tables.flatMap((table) => [heading(table.title, 2), figures(table, 14)]),
      note(content.monthlyNote),
    ]),
  };
  const document = new Document({
    creator: company.name,
    title: `Business plan: ${content.title}`,
    description: `${content.title}: business plan prepared with ${company.name}`,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [main, monthly],
  });
  return Packer.toBuffer(document);
}
