import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";

const baseUrl = () => process.env.E2E_BASE_URL as string;
const screenshots = "tests/e2e/screenshots";
mkdirSync(screenshots, { recursive: true });

test("the home page renders in Spanish and links to the reference", async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await expect(page).toHaveTitle("Vitrina");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Integración de agencias para apps asociadas");
  await page.screenshot({ path: `${screenshots}/inicio.png`, fullPage: true });
  await page.getByRole("link", { name: "Ver la referencia" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  await page.goto(`${baseUrl()}/docs/api`);
  await expect(page.getByText("Vitrina API v3").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Puntos de entrada de la API").first()).toBeVisible();
  await page.screenshot({ path: `${screenshots}/referencia-api.png` });
});
