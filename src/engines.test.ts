import fs from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The README promises Node 20.19 or newer. Every installed package that states which Node it needs must
 * accept that oldest promised version, so `npm install` never warns and nothing breaks on Node 20.
 */
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe("the Node version the README promises", () => {
  const oldest = semver.minVersion(packageJson.engines.node)!.version;

  it("is the one package.json states", () => {
    expect(packageJson.engines.node).toBe(">=20.19");
    expect(oldest).toBe("20.19.0");
  });

  it("is accepted by every installed package", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== "")
      .flatMap(([path, info]) => {
        const range = !Array.isArray(info.engines) ? info.engines?.node : undefined;
        return range && !semver.satisfies(oldest, range, { includePrerelease: true })
          ? [`${path} wants ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
