import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { compileCatalog } from "./compile-catalog";

type Catalog = Record<string, string>;

/** The ICU argument names a message uses (`{xp, number}` and `{name}` → xp, name), read by Lingui's parser. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is a list of tokens: text, or an argument `[name, format?, branches?]` whose
  // branches (plural, select) are messages again.
  const walk = (compiled: unknown) => {
    if (!Array.isArray(compiled)) return;
    for (const token of compiled) {
      if (!Array.isArray(token) || typeof token[0] !== "string") continue;
      names.add(token[0]);
      const branches = token[2];
      if (branches && typeof branches === "object") Object.values(branches).forEach(walk);
    }
  };
  try {
    walk(compileMessageOrThrow(message));
  } catch {
    // Reported as invalid ICU by the compile step.
  }
  return [...names].sort();
}

/**
 * What is wrong between the screens' catalogs: a key one language has and the other hasn't, a
 * message that isn't valid ICU, or a translation that drops or invents a value. Empty when all is well.
 */
export function screenCatalogProblems(catalogs: Record<string, Catalog>): string[] {
  const problems: string[] = [];
  const names = Object.keys(catalogs);
  const allKeys = new Set(names.flatMap((name) => Object.keys(catalogs[name]!)));
  for (const key of [...allKeys].sort()) {
    const missingIn = names.filter((name) => !(key in catalogs[name]!));
    if (missingIn.length > 0) problems.push(`"${key}" is missing in ${missingIn.join(", ")}`);
  }
  for (const name of names) {
    try {
      compileCatalog(catalogs[name]!);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  const [first, ...others] = names;
  for (const key of Object.keys(catalogs[first!]!)) {
    const expected = argumentsOf(catalogs[first!]![key]!).join(", ");
    for (const other of others) {
      const message = catalogs[other]![key];
      if (message === undefined) continue;
      const found = argumentsOf(message).join(", ");
      if (found !== expected)
        problems.push(`"${key}" in ${other} uses {${found}}, ${first} uses {${expected}}`);
    }
  }
  return problems;
}

/**
 * The messages catalog is keyed by the English the code says: a key no longer found in the code is a
 * translation nothing will ever show (the English changed), so the catalog must follow.
 */
export function staleMessageKeys(catalog: Catalog, sourceText: string): string[] {
  const saidByFieldHelpers = new Set(fieldHelperMessages(sourceText));
  return Object.keys(catalog).filter(
    (english) => !sourceText.includes(JSON.stringify(english)) && !saidByFieldHelpers.has(english),
  );
}

/** What each field helper of `contracts/common.ts` checks, with its defaults (label, longest text). */
const fieldHelpers: Record<string, { label?: string; max: number; required: boolean }> = {
  requiredText: { max: 200, required: true },
  optionalText: { max: 500, required: false },
  requiredEmail: { label: "Email", max: 254, required: true },
  requiredGhanaPhone: { label: "Phone", max: 30, required: true },
};

/**
 * The messages the contracts' field helpers build from a field's label, for every call in the code:
 * `requiredText` with the label Reason and 300 says "Reason is required", "Reason must be at most 300
 * characters" and "Reason can't be only spaces or invisible characters", which appear nowhere as written. (A test holds these to what the helpers really say. This
 * comment names no call in the form the check reads, or it would keep those two translations alive.)
 */
export function fieldHelperMessages(sourceText: string): string[] {
  const calls = sourceText.matchAll(
    /\b(requiredText|optionalText|requiredEmail|requiredGhanaPhone)\((?:"([^"]+)")?(?:,\s*(\d+))?\)/g,
  );
  return [...calls].flatMap(([, helper, label, max]) => {
    const rules = fieldHelpers[helper!]!;
    const field = label ?? rules.label;
    if (!field) return [];
    const longest = helper === "requiredText" || helper === "optionalText" ? (max ?? rules.max) : rules.max;
    return [
      rules.required ? `${field} is required` : `${field} must be text`,
      `${field} must be at most ${longest} characters`,
      ...(helper === "requiredText" ? [`${field} can't be only spaces or invisible characters`] : []),
    ];
  });
}
