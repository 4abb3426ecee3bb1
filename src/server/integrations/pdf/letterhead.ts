import type { Config } from '../../config.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { newPdf } from './new-pdf.ts';

/** The house colours and the page every document shares (A4, points). */
export const colours = {
  brand: '#0f5132',
  accent: '#facc15',
  ink: '#101828',
  muted: '#475467',
  rule: '#d0d5dd',
  band: '#f2f4f7',
  paid: '#0a7d32',
};
export const page = { left: 50, right: 545, width: 495, top: 45 };
/** Below this the footer starts: text stops short of it and a new page begins. */
const footerHeight = 62;

/** Who we are on every document: who the law knows, and how to reach us. */
export interface Company {
  name: string;
  address: string;
  registrationNumber?: string | undefined;
  /** Only a VAT vendor has one; with it the documents speak of VAT. */
  vatNumber?: string | undefined;
  email: string;
  phone?: string | undefined;
  /** The site's address, as people type it ("sebenza.co.za"). */
  website: string;
}

/** The company as configured today. */
export function companyOf(config: Pick<Config, 'supplier' | 'site' | 'publicUrl'>): Company {
  return {
    name: config.supplier.name,
    address: config.supplier.address,
    registrationNumber: config.supplier.registrationNumber,
    vatNumber: config.supplier.vatNumber,
    email: config.site.contactEmail,
    phone: config.supplier.phone,
    website: new URL(config.publicUrl).host,
  };
}

/**
 * The paths of public/logo.svg (a 64-unit square), drawn as vectors so the mark stays sharp at
 * any zoom; letterhead.test.ts keeps them equal to the file.
 */
export const logoPaths = {
  mark: 'M43 17H27.5a8.5 8.5 0 0 0 0 17h9a8.5 8.5 0 0 1 0 17H19',
  arrow: 'M40.5 10.5 49 17l-8.5 6.5',
};

export function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  doc
    .save()
    .translate(x, y)
    .scale(size / 64);
  doc.roundedRect(0, 0, 64, 64, 14).fill(colours.brand);
  doc.lineCap('round').lineJoin('round');
  doc.path(logoPaths.mark).lineWidth(7.5).stroke(colours.accent);
  doc.path(logoPaths.arrow).lineWidth(5).stroke(colours.accent);
  doc.restore();
}

/** The company's registration and (for a vendor) VAT numbers, as printed. */
function legalNumbers(company: Company): string[] {
  const vatLabel = vatWording(Boolean(company.vatNumber)).vatNumberLabel;
  return [
    company.registrationNumber ? `Reg. no. ${company.registrationNumber}` : '',
    company.vatNumber && vatLabel ? `${vatLabel} ${company.vatNumber}` : '',
  ].filter(Boolean);
}

const contactLines = (company: Company) =>
  [company.phone ? `Tel. ${company.phone}` : '', company.email, company.website].filter(Boolean);

/**
 * A document on our paper: A4 with room for the footer, every page numbered in it. `finish`
 * writes the footers (from page `footerFrom`, 0 the first) and the file.
 */
export async function companyPdf(
  company: Company,
  info: { title: string; author?: string },
): Promise<{
  doc: PDFKit.PDFDocument;
  finish(options?: { footerFrom?: number; label?: string }): Promise<Buffer>;
}> {
  const { doc, done } = await newPdf({
    size: 'A4',
    margins: { top: page.top, left: page.left, right: 50, bottom: footerHeight + 18 },
    bufferPages: true,
    info: { Title: info.title, Author: info.author ?? company.name, Creator: company.name },
  });
  return {
    doc,
    finish({ footerFrom = 0, label } = {}) {
      const range = doc.bufferedPageRange();
      for (let i = footerFrom; i < range.count; i++) {
        doc.switchToPage(range.start + i);
        drawFooter(doc, company, `${label ? `${label} · ` : ''}Page ${i + 1} of ${range.count}`);
      }
      doc.end();
      return done;
    },
  };
}

function drawFooter(doc: PDFKit.PDFDocument, company: Company, pageLabel: string) {
  const { width, height, margins } = doc.page;
  const left = margins.left;
  const right = width - margins.right;
  const top = height - footerHeight;
  // Writing below the bottom margin would start a new page.
  const bottom = margins.bottom;
  doc.page.margins.bottom = 0;
  doc.moveTo(left, top).lineTo(right, top).lineWidth(0.75).strokeColor(colours.brand).stroke();
  doc.font('Helvetica').fontSize(7.5).fillColor(colours.muted);
  const text = (line: string, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(line, left, y, { width: right - left, lineBreak: false, ...options });
  text([company.name, ...legalNumbers(company)].join(' · '), top + 8);
  text(company.address, top + 19);
  text(contactLines(company).join(' · '), top + 30);
  text(pageLabel, top + 8, { align: 'right' });
  doc.page.margins.bottom = bottom;
}

/**
 * The head of a document's first page: the logo and the company's name, address and legal
 * numbers on the left, how to reach us on the right, a rule under them. Leaves `doc.y` below.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, company: Company): void {
  const top = page.top;
  drawLogo(doc, page.left, top, 46);
  const textLeft = page.left + 58;
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(colours.ink)
    .text(company.name, textLeft, top + 1, { width: 250 });
  doc.font('Helvetica').fontSize(8.5).fillColor(colours.muted);
  doc.text(company.address, textLeft, doc.y + 2, { width: 250 });
  const legal = legalNumbers(company);
  if (legal.length > 0) doc.text(legal.join(' · '), textLeft, doc.y + 1, { width: 250 });
  const leftBottom = doc.y;
  let y = top + 3;
  for (const line of contactLines(company)) {
    doc.text(line, page.right - 190, y, { width: 190, align: 'right' });
    y = doc.y + 1;
  }
  const ruleY = Math.max(leftBottom, y, top + 46) + 12;
  doc
    .moveTo(page.left, ruleY)
    .lineTo(page.right, ruleY)
    .lineWidth(1.5)
    .strokeColor(colours.brand)
    .stroke();
  doc.x = page.left;
  doc.y = ruleY + 18;
}

/** A customer as a document names them: who is billed, who to ask for, how to reach them. */
export interface CustomerDetails {
  /** The company when they gave one, else their name. */
  name: string;
  /** Their own name when the company is billed. */
  attention?: string;
  email?: string;
  phone?: string;
  address?: string;
  vatNumber?: string;
}

/**
 * A party's block (heading, then its lines) at x, y in `width`; returns the y below it. A
 * customer's VAT number shows only on a vendor's documents, as the rest of VAT.
 */
export function drawParty(
  doc: PDFKit.PDFDocument,
  heading: string,
  party: CustomerDetails,
  at: { x: number; y: number; width: number; vatRegistered: boolean },
): number {
  const vatLabel = vatWording(at.vatRegistered).vatNumberLabel;
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(colours.muted)
    .text(heading.toUpperCase(), at.x, at.y, { width: at.width, characterSpacing: 0.6 });
  doc
    .moveDown(0.3)
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor(colours.ink)
    .text(party.name, { width: at.width });
  doc.font('Helvetica').fontSize(9.5);
  const lines = [
    party.attention ? `Attn: ${party.attention}` : '',
    party.email ?? '',
    party.phone ? `Tel. ${party.phone}` : '',
    party.address ?? '',
    party.vatNumber && vatLabel ? `${vatLabel} ${party.vatNumber}` : '',
  ].filter(Boolean);
  for (const line of lines) doc.text(line, { width: at.width, lineGap: 1 });
  return doc.y;
}

/** Label and value pairs, the values lined up: a document's number, dates, references. */
export function drawFacts(
  doc: PDFKit.PDFDocument,
  facts: [string, string][],
  at: { x: number; y: number; width: number; labelWidth: number },
): number {
  let y = at.y;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(colours.muted)
      .text(label, at.x, y, { width: at.labelWidth });
    const labelBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fillColor(colours.ink)
      .text(value, at.x + at.labelWidth, y, { width: at.width - at.labelWidth, align: 'right' });
    y = Math.max(labelBottom, doc.y) + 3;
  }
  return y;
}
