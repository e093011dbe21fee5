// Debian's Chromium driven by playwright-core: the pages are tested in a real browser against a real gateway.
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { webDistDir } from '../webDist.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots for people to look at (gitignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));

/** A fresh headless Chromium (playwright gives each launch a new, empty user-data-dir). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, name);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Decodes the QR code shown by `img` from a screenshot of it (what a phone camera would see). */
export async function decodeQr(img: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await img.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const require = createRequire(import.meta.url);

/** Runs axe-core in the page; returns the violations of impact serious or critical. */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; impact: string; help: string }[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, which the page's CSP (no inline script) does not govern.
  await page.evaluate(source);
  const violations = await page.evaluate<{ id: string; impact: string; help: string }[]>(
    'axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help })))',
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Compressed sizes (brotli and gzip, as served) of the built assets the page loaded. */
export async function compressedSizes(urls: readonly string[]): Promise<{ br: number; gz: number; files: string[] }> {
  let br = 0;
  let gz = 0;
  const files: string[] = [];
  for (const u of urls) {
    const m = /\/assets\/([^/?#]+\.js)$/.exec(new URL(u).pathname);
    if (!m) continue;
    files.push(m[1]!);
    br += (await stat(join(webDistDir, 'assets', `${m[1]}.br`))).size;
    gz += (await stat(join(webDistDir, 'assets', `${m[1]}.gz`))).size;
  }
  return { br, gz, files };
}

/** Scripts the page fetched, in order. */
export function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') urls.push(r.url());
  });
  return urls;
}

/** Fails the test on anything the page logs as an error, and keeps every console line for secret checks. */
export function recordConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`));
  return lines;
}
