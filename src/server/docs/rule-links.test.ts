import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";

/**
 * Code comments send a reader only to texts this repository holds: a product rule is cited by its
 * anchor (e.g. docs/product-rules.md#counter-daily-stamp-limit), and that anchor must exist. The product
 * spec, its sections and issue numbers live outside the repository, so a comment that cites them fails
 * here (say the reason instead).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const rulesDocument = "docs/product-rules.md";
const codeFolders = ["src", "e2e", "bench", "scripts"];
const skippedFolders = new Set(["node_modules", "dist", "data", ".prerender-build"]);
const scriptExtensions = /\.(ts|tsx|js|mjs|cjs)$/;

const outsideTexts: { pattern: RegExp; what: string }[] = [
  { pattern: /PRODUCT\.md/, what: "the product decisions document" },
  { pattern: /\bSPEC\b|SPEC\.md/, what: "the product spec" },
  { pattern: /\bspec(?:'s)? (?:sections?|§)\s*\d/i, what: "a section of the product spec" },
  { pattern: /§\s*\d/, what: "a numbered section" },
  { pattern: /\(section \d+\)/i, what: "a numbered section" },
  { pattern: /\bissues? #?\d+/i, what: "an issue number" },
  { pattern: /\bthe spec\b|(?<!OpenAPI )\bspec's\b|\(spec\b|\bspec:/i, what: "the product spec" },
];
const ruleCitation = /docs\/product-rules\.md(#[A-Za-z0-9_-]+)?/g;

interface Comment {
  file: string;
  line: number;
  text: string;
}

/**
 * Every comment of a file, its lines joined (a citation may break across them): parsed for scripts, so
 * strings and test names don't count; each `--` line for SQL.
 */
function commentsOf(file: string, source: string): Comment[] {
  if (file.endsWith(".sql")) {
    return source.split("\n").flatMap((text, index) => {
      const at = text.indexOf("--");
      return at === -1 ? [] : [{ file, line: index + 1, text: text.slice(at + 2).trim() }];
    });
  }
  const { comments } = parseSync(file, source);
  return comments.map((comment) => ({
    file,
    line: source.slice(0, comment.start).split("\n").length,
    text: comment.value
      .replace(/^\*/, "")
      .replace(/\s*\n\s*\*?\s*/g, " ")
      .trim(),
  }));
}

/** The comments that send a reader to a text outside the repository, each with what it cites. */
function outsideCitations(comments: Comment[]): string[] {
  return comments.flatMap(({ file, line, text }) => {
    const cited = outsideTexts.find(({ pattern }) => pattern.test(text));
    return cited ? [`${file}:${line} cites ${cited.what}: ${text.trim()}`] : [];
  });
}

/** Citations of the rules document that name no anchor, or an anchor the document doesn't have. */
function brokenRuleCitations(comments: Comment[], anchors: ReadonlySet<string>): string[] {
  return comments.flatMap(({ file, line, text }) =>
    [...text.matchAll(ruleCitation)].flatMap(([citation, anchor]) => {
      if (!anchor) return [`${file}:${line} cites ${citation} without the rule's anchor`];
      return anchors.has(anchor.slice(1)) ? [] : [`${file}:${line} cites ${citation}: no such anchor`];
    }),
  );
}

/** The anchors the rules document declares (`<a id="…"></a>` above each rule and section). */
function anchorsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map(([, id]) => id as string));
}

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : filesUnder(relative, keep);
    return keep(relative) ? [relative] : [];
  });
}

const isCode = (file: string) => scriptExtensions.test(file) || file.endsWith(".sql");
const codeFiles = codeFolders.flatMap((folder) => filesUnder(folder, isCode));
const codeComments = codeFiles.flatMap((file) =>
  commentsOf(file, readFileSync(path.join(root, file), "utf8")),
);
const rulesMarkdown = readFileSync(path.join(root, rulesDocument), "utf8");
const anchors = anchorsOf(rulesMarkdown);

describe("code comments and the product rules", () => {
  it("read every code file", () => {
    expect(codeFiles.length).toBeGreaterThan(500);
    expect(codeFiles).toContain("src/server/app.ts");
    expect(codeFiles).toContain("src/server/db/migrations/0016_member_change_notices.sql");
  });

  it("cite no text outside the repository (say the rule's anchor or the reason instead)", () => {
    expect(outsideCitations(codeComments)).toEqual([]);
  });

  it("cite only anchors the rules document has", () => {
    expect(brokenRuleCitations(codeComments, anchors)).toEqual([]);
  });

  it("and the documents' links into the rules lead somewhere", () => {
    const documents = ["README.md", "bench/README.md", ...filesUnder("docs", (file) => file.endsWith(".md"))];
    const broken = documents.flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const links = [...text.matchAll(/product-rules\.md#([A-Za-z0-9_-]+)/g)].map(([, id]) => id as string);
      const ownLinks =
        file === rulesDocument
          ? [...text.matchAll(/\]\(#([A-Za-z0-9_-]+)\)/g)].map(([, id]) => id as string)
          : [];
      return [...links, ...ownLinks].filter((id) => !anchors.has(id)).map((id) => `${file}: #${id}`);
    });
    expect(broken).toEqual([]);
  });

  it("gives each anchor once", () => {
    const declared = [...rulesMarkdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map(([, id]) => id);
    expect(declared.length).toBe(anchors.size);
    expect(anchors.size).toBeGreaterThan(100);
  });
});

describe("the checks themselves", () => {
  const planted = [
    "// As PRODUCT.md says, one stamp a day.",
    "/** Spec section 5: the form's messages. */",
    "const title = 'issue 15 in a string is code, not a comment';",
    "// Measured for issue 14.",
    "// Rule: docs/product-rules.md#counter-daily-stamp-limit",
    "// Rule: docs/product-rules.md#no-such-rule",
    "// See docs/product-rules.md for the rest.",
    "// Answers as the spec's login response.",
    "/**\n * The login page (spec\n * sections 2 and 5).\n */",
  ].join("\n");
  const comments = commentsOf("planted.ts", planted);

  it("find comments citing outside texts, and not strings", () => {
    expect(outsideCitations(comments)).toEqual([
      "planted.ts:1 cites the product decisions document: As PRODUCT.md says, one stamp a day.",
      "planted.ts:2 cites a section of the product spec: Spec section 5: the form's messages.",
      "planted.ts:4 cites an issue number: Measured for issue 14.",
      "planted.ts:8 cites the product spec: Answers as the spec's login response.",
      "planted.ts:9 cites a section of the product spec: The login page (spec sections 2 and 5).",
    ]);
  });

  it("find a missing anchor and a citation without one", () => {
    expect(brokenRuleCitations(comments, anchors)).toEqual([
      "planted.ts:6 cites docs/product-rules.md#no-such-rule: no such anchor",
      "planted.ts:7 cites docs/product-rules.md without the rule's anchor",
    ]);
  });

  it("read SQL comments too", () => {
    const sql = commentsOf("0099_planted.sql", "-- Issue 27: why\nselect 1; -- fine\n");
    expect(outsideCitations(sql)).toEqual(["0099_planted.sql:1 cites an issue number: Issue 27: why"]);
  });
});
