import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout's root (the folder holding package.json), where the web build, the migrations and the
 * demo's media are. Found by walking up because this module runs from two depths: from its source
 * (`src/server/lib`) under tsx and Vitest, and bundled into `dist-server/main.js` under node.
 */
export const projectRoot = rootAbove(path.dirname(fileURLToPath(import.meta.url)));

function rootAbove(folder: string): string {
  if (fs.existsSync(path.join(folder, "package.json"))) return folder;
  const parent = path.dirname(folder);
  if (parent === folder) throw new Error("No package.json above the server's code: run it from a checkout");
  return rootAbove(parent);
}
