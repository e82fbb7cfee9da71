import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/**
 * Every page the e2e tests visit goes through here, at a phone's size (390 × 844) and a desktop's
 * (1440 × 900), within the same test and sign-in: the page does not scroll sideways, axe finds no
 * serious or critical violation, on the phone every visible control is at least 44 × 44 px, and a
 * full-page screenshot of each size lands in tests/e2e/screenshots (gitignored) for a person to
 * look at: <nombre>-movil.png and <nombre>-escritorio.png, where nombre is <page>-<role>[-<state>].
 * E2E_SCREENSHOTS=0 leaves the screenshots out (CI, on a clean clone nobody looks at, sets it): they
 * check nothing, and 220 full-page captures are a share of the run's time on two cores.
 */

const SCREENSHOTS = "tests/e2e/screenshots";
export const CAPTURAR = process.env.E2E_SCREENSHOTS !== "0";
if (CAPTURAR) mkdirSync(SCREENSHOTS, { recursive: true });

export const TAMANOS = {
  movil: { width: 390, height: 844 },
  escritorio: { width: 1440, height: 900 },
} as const;

/** The smallest touch target on a phone, in CSS pixels (issue 20; WCAG 2.5.5's size). */
export const TACTIL_MINIMO = 44;

export async function revisarPagina(page: Page, nombre: string): Promise<void> {
  // The checks' time (two axe runs, two screenshots) is not the test's: its timeout grows by it.
  const { timeout } = test.info();
  const inicio = Date.now();
  test.info().setTimeout(timeout + 60_000);
  const antes = page.viewportSize();
  for (const [tamano, viewport] of Object.entries(TAMANOS)) {
    await page.setViewportSize(viewport);
    await revisarEnEsteTamano(page, `${nombre}-${tamano}`, tamano === "movil");
  }
  if (antes && antes.width !== TAMANOS.escritorio.width) await page.setViewportSize(antes);
  test.info().setTimeout(timeout + (Date.now() - inicio));
}

async function revisarEnEsteTamano(page: Page, nombre: string, tactil: boolean): Promise<void> {
  // A colour caught halfway through a CSS transition is not the page's colour: let them end first
  // (an animation cancelled meanwhile, e.g. a loading skeleton replaced, rejects: that is an end too).
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  // Every page has a title; a refresh that streams its metadata (router.refresh on new enquiries)
  // drops it from the document for a moment: judge the page once it is back.
  await expect(page).toHaveTitle(/\S/);
  const anchos = await page.evaluate(() => ({ pagina: document.documentElement.scrollWidth, ventana: window.innerWidth }));
  expect.soft(anchos.pagina, `${nombre}: la página no se desplaza de costado`).toBeLessThanOrEqual(anchos.ventana);
  if (tactil) expect.soft(await objetivosChicos(page), `${nombre}: controles de menos de ${TACTIL_MINIMO} px`).toEqual([]);
  // A frame sandboxed without scripts (the dev mailbox's e-mail) cannot run axe: it would wait forever.
  const { violations } = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  const graves = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect.soft(graves, `axe en ${nombre}`).toEqual([]);
  if (CAPTURAR) await page.screenshot({ path: `${SCREENSHOTS}/${nombre}.png`, fullPage: true });
}

/**
 * The visible controls smaller than TACTIL_MINIMO in either direction, described for the failure
 * message. Exempt, as WCAG 2.5.5 exempts them: a link inside running text (an inline link whose
 * paragraph says more than the link), and what is visually hidden (1 px, e.g. the skip link until
 * it has the focus). A checkbox or radio is measured by the label that wraps it, which is what a
 * finger taps.
 */
async function objetivosChicos(page: Page): Promise<string[]> {
  return page.evaluate((minimo) => {
    const controles = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"]',
    );
    const enTextoCorrido = (control: HTMLElement) =>
      control.tagName === "A" &&
      getComputedStyle(control).display === "inline" &&
      (control.parentElement?.textContent ?? "").trim().length > (control.textContent ?? "").trim().length;
    const area = (control: HTMLElement) => {
      const marcable = control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
      return ((marcable && control.closest("label")) || control).getBoundingClientRect();
    };
    return [...controles].flatMap((control) => {
      const caja = control.getBoundingClientRect();
      const estilo = getComputedStyle(control);
      if (caja.width <= 1 || caja.height <= 1 || estilo.visibility === "hidden" || enTextoCorrido(control)) return [];
      const { width, height } = area(control);
      if (Math.round(width) >= minimo && Math.round(height) >= minimo) return [];
      const nombre = control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 40) ?? "";
      const id = control.id ? `#${control.id}` : "";
      return [`${control.tagName.toLowerCase()}${id} "${nombre}" ${Math.round(width)}×${Math.round(height)}`];
    });
  }, TACTIL_MINIMO);
}
