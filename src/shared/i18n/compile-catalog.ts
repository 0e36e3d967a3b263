import type { Messages } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

/**
 * A catalog of ICU messages (`{count, plural, one {# stamp} other {# stamps}}`) compiled to Lingui's runtime
 * form, so the browser never carries the ICU parser: the build does this (vite.config.ts), the server at
 * start. A message that doesn't parse fails the build, not a member's screen.
 */
export function compileCatalog(catalog: Record<string, string>): Messages {
  const compiled: Messages = {};
  for (const [id, message] of Object.entries(catalog)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`catalog message "${id}" is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}
