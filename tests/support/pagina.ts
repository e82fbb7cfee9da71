import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Every page the e2e tests visit goes through here: axe finds no serious or critical violation, and
 * a full-page screenshot lands in tests/e2e/screenshots (gitignored) for a person to look at.
 */

const SCREENSHOTS = "tests/e2e/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });

export async function revisarPagina(page: Page, nombre: string): Promise<void> {
  // A colour caught halfway through a CSS transition is not the page's colour: let them end first
  // (an animation cancelled meanwhile, e.g. a loading skeleton replaced, rejects: that is an end too).
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  // Every page has a title; a refresh that streams its metadata (router.refresh on new enquiries)
  // drops it from the document for a moment: judge the page once it is back.
  await expect(page).toHaveTitle(/\S/);
  // A frame sandboxed without scripts (the dev mailbox's e-mail) cannot run axe: it would wait forever.
  const { violations } = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  const graves = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(graves, `axe en ${nombre}`).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/${nombre}.png`, fullPage: true });
}
