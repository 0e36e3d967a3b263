import pg from "pg";

/**
 * How many distinct statements get a prepared name. Past it, new ones run unnamed as before: a backend keeps
 * every statement prepared on its connection until the connection closes, so the set must stay bounded.
 */
const mostNamedStatements = 500;
/** How many texts seen once are remembered while waiting for a second sighting. */
const mostSeenOnce = 5_000;

/**
 * Names the statements this process sends again and again, so PostgreSQL parses each once per connection
 * and plans it as a prepared statement, instead of parsing and planning its text on every call.
 * Drizzle's query builders send every statement unnamed; `executeNamed` names only the hand-written hot
 * writes. A text is named on its second sighting, so a text that carries its values (an inlined list, say)
 * never is; only statements with parameters are (a text without any may hold several statements, which
 * the extended protocol refuses). Names are unique per text within the process, which owns its connections.
 */
export class RepeatedStatements {
  private readonly names = new Map<string, string>();
  private seenOnce = new Set<string>();

  nameOf(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= mostNamedStatements) return named;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= mostSeenOnce) this.seenOnce = new Set();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const name = `repeated_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  get namedCount(): number {
    return this.names.size;
  }
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
}

/**
 * A node-postgres client that sends repeated statements by name (`RepeatedStatements`). Everything else
 * (streams, text without parameters, named statements) passes through untouched.
 */
export function clientNamingRepeatedStatements(statements: RepeatedStatements): typeof pg.Client {
  class NamingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() is overloaded past what a subclass can restate.
    override query(config: any, values?: any, callback?: any): any {
      if (isUnnamedWithParameters(config, values)) {
        const name = statements.nameOf(config.text);
        if (name !== undefined) config = { ...config, name };
      }
      return super.query(config, values, callback);
    }
  }
  return NamingClient;
}

function isUnnamedWithParameters(config: unknown, values: unknown): config is { text: string } {
  if (typeof config !== "object" || config === null) return false;
  const { text, name } = config as QueryConfig;
  if (typeof text !== "string" || name !== undefined) return false;
  if (typeof (config as { submit?: unknown }).submit === "function") return false;
  const parameters = Array.isArray(values) ? values : (config as { values?: unknown }).values;
  return Array.isArray(parameters) && parameters.length > 0;
}
