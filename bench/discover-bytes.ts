import { launchBenchBrowser, startBenchServer } from "./server";

/**
 * Issue 4: the bytes a first Discover screen downloads on a phone, signed in as the demo consumer,
 * with a cold cache and no service worker (the worst case: a first visit on mobile data).
 */
const server = await startBenchServer(5201);
const browser = await launchBenchBrowser();
try {
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
  await context.addInitScript((stored) => {
    localStorage.setItem("auth_session", "true");
    localStorage.setItem("auth_user", stored);
  }, JSON.stringify(user));

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
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  console.log(
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        cardsShown: cards,
        totalBytes: total,
        byType: bytes,
        videoBytes,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
}
