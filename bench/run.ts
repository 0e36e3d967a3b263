/**
 * `npm run bench`: every measurement, one after another; results are copied into bench/README.md.
 * Run `npm run build` first (the page measurements serve the built app).
 */
await import("./home-budget");
await import("./discover-bytes");
await import("./discovery");
await import("./timelines");

export {};

await import("./counter-scans");
await import("./payment-webhooks");
await import("./draw-scale");
await import("./start");
