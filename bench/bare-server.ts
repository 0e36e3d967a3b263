import Fastify from "fastify";

/** The yardstick for bench/load.ts: a bare Fastify JSON route in its own process, like the app's. */
const app = Fastify();
app.get("/bare", async () => ({ ok: true }));
await app.listen({ port: Number(process.env.BARE_PORT ?? 5611), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
