// The printed bracket as the printer gets it, for the README: `/print/bracket` printed to a PDF by Chromium
// (`page.pdf`, as the print dialog's "Save as PDF"), then the PDF's first page drawn by pdfjs-dist inside
// Chromium and the canvas saved as a PNG. The screen's print preview can look right while the PDF does
// not (a second page, a cut-off bracket, a dark background): this image is the PDF itself.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Where the viewer page and pdfjs are served from, by the browser context's route: nothing listens there
 * (the discard port of this machine), so no request leaves the browser.
 */
const VIEWER = 'http://127.0.0.1:9/pdf-viewer/';
/** The legacy build: the modern one calls Map methods newer than the Chromium the tests use. */
const PDFJS_BUILD = 'node_modules/pdfjs-dist/legacy/build';
/** The PNG's width: the README's images are projector-wide. */
const IMAGE_WIDTH = 1920;

/** A paper the bracket prints on, and the viewport (its size at 96 dpi) the page is laid out in first. */
const PAPERS = {
  a4: { format: 'A4', viewport: { width: 1123, height: 794 } },
  a3: { format: 'A3', viewport: { width: 1587, height: 1123 } },
} as const;
export type PrintPaper = keyof typeof PAPERS;

/**
 * Draws page 1 of `printed.pdf` on the canvas; pdf.worker.mjs is imported first, so pdfjs runs its worker
 * on the page's own thread. The body's data attributes report the page count, or the failure.
 */
const VIEWER_HTML = `<!doctype html>
<html><body style="margin:0;background:#fff">
<canvas></canvas>
<script type="module">
try {
  const pdfjs = await import('./pdf.mjs');
  await import('./pdf.worker.mjs');
  const pdf = await pdfjs.getDocument({ url: './printed.pdf', isEvalSupported: false }).promise;
  const page = await pdf.getPage(1);
  const scale = ${IMAGE_WIDTH} / page.getViewport({ scale: 1 }).width;
  const viewport = page.getViewport({ scale });
  const canvas = document.querySelector('canvas');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, viewport }).promise;
  document.body.dataset.pages = String(pdf.numPages);
} catch (err) {
  document.body.dataset.error = String(err);
}
</script>
</body></html>`;

const JS = 'text/javascript; charset=utf-8';

/** Serves the viewer, pdfjs and the PDF at VIEWER in `context`. */
async function serveViewer(context: BrowserContext, pdf: Buffer): Promise<void> {
  const files: Record<string, { contentType: string; body: string | Buffer }> = {
    'index.html': { contentType: 'text/html; charset=utf-8', body: VIEWER_HTML },
    'pdf.mjs': { contentType: JS, body: fs.readFileSync(path.join(PDFJS_BUILD, 'pdf.mjs')) },
    'pdf.worker.mjs': { contentType: JS, body: fs.readFileSync(path.join(PDFJS_BUILD, 'pdf.worker.mjs')) },
    'printed.pdf': { contentType: 'application/pdf', body: pdf },
  };
  await context.route(`${VIEWER}**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(new URL(VIEWER).pathname.length);
    const file = files[name];
    return file ? route.fulfill({ status: 200, ...file }) : route.fulfill({ status: 404, body: '' });
  });
}

/** `/print/bracket` of the Matchday at `url` printed on landscape `paper`, as Chromium's PDF. */
async function printBracket(browser: Browser, url: string, paper: PrintPaper): Promise<Buffer> {
  const context = await browser.newContext({ viewport: PAPERS[paper].viewport, locale: 'en-US' });
  try {
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`print-bracket-${paper}: ${err.message}`));
    await page.emulateMedia({ media: 'print' });
    await page.goto(`${url}/print/bracket?paper=${paper}`);
    await page.waitForSelector('.print-sheet .match-card', { timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready);
    return await page.pdf({ format: PAPERS[paper].format, landscape: true, printBackground: true });
  } finally {
    await context.close();
  }
}

/** Page 1 of `pdf` as a PNG at `file`; fails unless the PDF is exactly one page. */
async function pdfToPng(browser: Browser, pdf: Buffer, file: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: IMAGE_WIDTH, height: 1400 } });
  try {
    await serveViewer(context, pdf);
    const page = await context.newPage();
    await page.goto(`${VIEWER}index.html`);
    const body = page.locator('body[data-pages], body[data-error]');
    await body.waitFor({ timeout: 30_000 });
    const error = await body.getAttribute('data-error');
    if (error) {
      throw new Error(`pdfjs could not draw ${file}: ${error}`);
    }
    const pages = await body.getAttribute('data-pages');
    if (pages !== '1') {
      throw new Error(`${file}: the printed bracket took ${pages} pages, not one`);
    }
    await page.locator('canvas').screenshot({ path: file });
  } finally {
    await context.close();
  }
}

/** Prints the bracket of the Matchday at `url` on `paper` and writes `<dir>/print-bracket-<paper>.png`. */
export async function printedBracketImage(
  browser: Browser,
  url: string,
  paper: PrintPaper,
  dir: string,
): Promise<string> {
  const file = path.join(dir, `print-bracket-${paper}.png`);
  await pdfToPng(browser, await printBracket(browser, url, paper), file);
  return file;
}
