import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');

export const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

/**
 * `describe` when Chromium is there; otherwise `describe.skip` with a plain message, unless
 * REQUIRE_BROWSER=1 (CI), where the tests run and fail on the missing browser.
 */
export function describeInBrowser(): jest.Describe {
  if (existsSync(CHROMIUM_PATH)) return describe;
  if (process.env.REQUIRE_BROWSER === '1') return describe;
  console.warn(
    `SKIPPED: the browser tests need Chromium at ${CHROMIUM_PATH}, which is not installed. ` +
      'Install it with `apt-get install -y chromium` (or set CHROMIUM_PATH). CI sets REQUIRE_BROWSER=1, which makes them fail instead.',
  );
  return describe.skip;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `REQUIRE_BROWSER=1 but Chromium is missing at ${CHROMIUM_PATH}: install it with apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * Saves the page at phone and desktop width under test-artifacts/screenshots/ (git-ignored), and
 * checks that at phone width nothing is wider than the screen (no sideways scrolling).
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
    if (label === 'phone') {
      const widths = await page.evaluate<{ content: number; screen: number }>(
        '({ content: document.documentElement.scrollWidth, screen: window.innerWidth })',
      );
      expect({ page: name, overflows: widths.content > widths.screen, ...widths }).toMatchObject({
        page: name,
        overflows: false,
      });
    }
  }
  if (original) await page.setViewportSize(original);
}
