import type { Page } from "@playwright/test";

/** Chromium fires beforeinstallprompt only for engaged visitors; journeys fire it the same way. */
export async function fireInstallOffer(page: Page) {
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {};
    event.userChoice = Promise.resolve({ outcome: "dismissed" });
    window.dispatchEvent(event);
  });
}
