import { expect, type Page } from "@playwright/test";

/**
 * Opens the scanner's typed-code form on a counter phone with no camera. The form opens by itself
 * once the camera fails, or by its "Type a code" button, whichever comes first; the button may go
 * from under the click when the camera's failure lands, so the step is retried until the form shows.
 */
export async function openTheTypedCode(counter: Page) {
  const typeACode = counter.getByRole("button", { name: "Type a code" });
  const typedForm = counter.getByRole("form", { name: "Typed code" });
  await expect(async () => {
    if (await typeACode.isVisible()) await typeACode.click({ timeout: 2_000 });
    await expect(typedForm).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return typedForm;
}
