// What a printed PDF holds, read with pdfjs-dist (the legacy build runs in Node): how many pages, and the
// text of each, so a test can tell a bracket spilled onto a second page or lost a team's name.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfContent {
  pages: number;
  /** The text of every page, its pieces joined by spaces. */
  text: string;
}

export async function readPdf(pdf: Buffer): Promise<PdfContent> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return { pages: document.numPages, text: texts.join('\n') };
  } finally {
    await document.destroy();
  }
}
