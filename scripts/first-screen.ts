/**
 * What a signed-in member's first screen (Discover, in the app's shell) is made of: the modules the app
 * imports statically from its entry and from Discover, not those it loads lazily (`import()`). Read by the
 * build, for the stylesheet the member's home carries inline, and by a test, for the texts it may use.
 */
import fs from "node:fs";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";

const firstScreenEntries = ["src/web/main.tsx", "src/web/features/discover/discover-view.tsx"];

/** The files a module imports or re-exports statically (`… from "./x"`), not those loaded by `import()`. */
function staticImportsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/gms)].map(
    (match) => match[1]!,
  );
  return specifiers.flatMap((specifier) => {
    const base = path.resolve(path.dirname(file), specifier);
    const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext);
    const existing = found.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    return existing ? [existing] : [];
  });
}

/** Absolute paths of the first screen's TypeScript modules, the entries first. */
export function firstScreenModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    for (const imported of staticImportsOf(file)) visit(imported);
  };
  for (const entry of firstScreenEntries) visit(path.resolve(entry));
  return [...seen];
}

/**
 * The app's stylesheet cut down to the classes the first screen's modules (and the HTML shell) name,
 * built by Tailwind itself from `src/web/index.css`, so each rule is the one in the full stylesheet and in
 * the same order. About half the size: the member's home carries it inline and fetches the full one
 * after its first paint.
 */
export async function firstScreenStylesheet(): Promise<string> {
  const stylesheet = path.resolve("src/web/index.css");
  const source = fs.readFileSync(stylesheet, "utf8");
  const everywhere = '@import "tailwindcss";';
  if (!source.includes(everywhere)) throw new Error(`${stylesheet} no longer starts with ${everywhere}`);
  const compiler = await compile(source.replace(everywhere, '@import "tailwindcss" source(none);'), {
    base: path.dirname(stylesheet),
    onDependency: () => undefined,
  });
  const files = [...firstScreenModules(), path.resolve("index.html")];
  const candidates = new Scanner({}).scanFiles(
    files.map((file) => ({ content: fs.readFileSync(file, "utf8"), extension: path.extname(file).slice(1) })),
  );
  return optimize(compiler.build(candidates), { minify: true }).code;
}
