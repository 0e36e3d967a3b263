/**
 * The first screen's stylesheet a member's home carries inline, cut down for each page to the utility
 * rules whose classes the page names. A home with two cards uses about half of what every possible first
 * screen needs, and the smaller page fits the first round trip of a new connection on a slow network.
 * The app's full stylesheet still arrives after the first paint, for everything the live app adds.
 */
export interface FirstScreenStyles {
  /** The stylesheet for a page whose markup names these classes. */
  forPage(html: string): string;
}

interface UtilityRule {
  css: string;
  classes: string[];
}

const utilitiesLayer = "@layer utilities{";

export function firstScreenStyles(stylesheet: string): FirstScreenStyles {
  // Escaped characters and quoted text can hold braces: they are looked past, in a copy of equal length.
  const structure = masked(stylesheet);
  const start = structure.indexOf(utilitiesLayer);
  const bodyStart = start + utilitiesLayer.length;
  const bodyEnd = start < 0 ? -1 : closingBraceOf(structure, bodyStart);
  // Not Tailwind's layout: the page keeps the whole stylesheet rather than guess.
  if (bodyEnd < 0) return { forPage: () => stylesheet };
  const before = stylesheet.slice(0, bodyStart);
  const after = stylesheet.slice(bodyEnd);
  const rules = topLevelBlocks(structure, bodyStart, bodyEnd).map(([from, to]) => ({
    css: stylesheet.slice(from, to),
    classes: classesSelectedBy(stylesheet.slice(from, to), structure.slice(from, to)),
  }));
  return {
    forPage(html) {
      const named = classesNamedIn(html);
      const used = rules.filter((rule) => isUsed(rule, named));
      return before + used.map((rule) => rule.css).join("") + after;
    },
  };
}

function isUsed(rule: UtilityRule, named: Set<string>): boolean {
  return rule.classes.length === 0 || rule.classes.some((name) => named.has(name));
}

/** The stylesheet with every escaped character and the inside of every quoted text blanked out. */
function masked(css: string): string {
  let copy = "";
  let quote = "";
  for (let i = 0; i < css.length; i++) {
    const char = css[i]!;
    if (char === "\\") {
      copy += "__";
      i++;
    } else if (quote) {
      copy += char === quote ? char : "_";
      if (char === quote) quote = "";
    } else {
      if (char === '"' || char === "'") quote = char;
      copy += char;
    }
  }
  return copy;
}

/** The index of the `}` that closes the block whose body starts at `from` (-1 when it never closes). */
function closingBraceOf(structure: string, from: number): number {
  let depth = 1;
  for (let i = from; i < structure.length; i++) {
    if (structure[i] === "{") depth++;
    else if (structure[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** The blocks between `from` and `to` (`.a{…}`, `@media (…){.b{…}}`), as [start, end) ranges. */
function topLevelBlocks(structure: string, from: number, to: number): [number, number][] {
  const blocks: [number, number][] = [];
  let start = from;
  while (start < to) {
    const open = structure.indexOf("{", start);
    if (open < 0 || open >= to) break;
    const close = closingBraceOf(structure, open + 1);
    if (close < 0 || close >= to) break;
    blocks.push([start, close + 1]);
    start = close + 1;
  }
  return blocks;
}

/** The class names in a block's selectors (not in its declarations, where `.5` is a number). */
function classesSelectedBy(block: string, structure: string): string[] {
  const preludes = [...structure.matchAll(/(?:^|[{};])([^{};]*)\{/g)].map((match) => {
    const at = match.index + match[0].length - 1 - (match[1]?.length ?? 0);
    return block.slice(at, at + (match[1]?.length ?? 0));
  });
  return preludes
    .filter((prelude) => !prelude.trimStart().startsWith("@"))
    .flatMap((selector) =>
      [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => unescapeCss(match[1]!)),
    );
}

function unescapeCss(className: string): string {
  return className.replace(/\\(.)/g, "$1");
}

function classesNamedIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) names.add(decodeEntities(name));
  }
  return names;
}

/** Class names as the HTML spells them (`[&amp;>svg]:size-4` is `[&>svg]:size-4`). */
function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&gt;/g, ">")
    .replace(/&lt;/g, "<")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}
