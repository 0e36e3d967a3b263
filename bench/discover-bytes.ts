import { launchBenchBrowser, startBenchServer } from "./server";

/**
 * The bytes a first Discover screen downloads on a phone, signed in as the demo consumer,
 * with a cold cache and no service worker (the worst case: a first visit on mobile data); and
 * the same with the data saver on.
 */
const server = await startBenchServer(5201);
const browser = await launchBenchBrowser();

/** One cold first visit, with this device's data saver on or off. */
async function measure(dataSaver: boolean) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    serviceWorkers: "block",
  });
  const signIn = await context.request.post(`${server.baseUrl}/api/auth/login`, {
    headers: { "X-Requested-With": "anigye" },
    data: { email: "ama@example.com", password: "anigye-demo" },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
  const user = (await signIn.json()).user;
  await context.addInitScript(
    ({ stored, saver }) => {
      localStorage.setItem("auth_session", "true");
      localStorage.setItem("auth_user", stored);
      localStorage.setItem("anigye_language", "en");
      localStorage.setItem("anigye_data_saver", saver ? "on" : "off");
    },
    { stored: JSON.stringify(user), saver: dataSaver },
  );

  const page = await context.newPage();
  const bytes: Record<string, number> = {};
  let videoBytes = 0;
  page.on("requestfinished", async (request) => {
    const sizes = await request.sizes().catch(() => undefined);
    if (!sizes) return;
    const total = sizes.responseBodySize + sizes.responseHeadersSize;
    const type = request.resourceType();
    bytes[type] = (bytes[type] ?? 0) + total;
    if (type === "media") videoBytes += total;
  });
  await page.goto(server.baseUrl, { waitUntil: "networkidle" });
  await page.getByTestId("ad-card").first().waitFor();
  await page.waitForLoadState("networkidle");
  const cards = await page.getByTestId("ad-card").count();
  await context.close();
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  return { dataSaver, cardsShown: cards, totalBytes: total, byType: bytes, videoBytes };
}

try {
  const results = [await measure(false), await measure(true)];
  console.log(JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
