/** `npm run bench`: runs every measurement; results are copied into bench/README.md by hand. */
await import("./home-budget");

export {};
