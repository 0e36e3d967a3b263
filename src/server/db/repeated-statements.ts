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
  values?: unknown;
  submit?: unknown;
  callback?: unknown;
}

/** Past these a statement stays unnamed: a backend would keep a large parse tree and plan for each. */
const longestNamedText = 16_000;
const mostNamedParameters = 500;

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * A node-postgres client that sends repeated statements by name (`RepeatedStatements`). Everything else
 * (streams and cursors, text without parameters, named statements, very long ones) passes through untouched.
 */
export function clientNamingRepeatedStatements(statements: RepeatedStatements): typeof pg.Client {
  class NamingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() is overloaded past what a subclass can restate.
    override query(config: any, values?: any, callback?: any): any {
      if (!isUnnamedWithParameters(config, values)) return super.query(config, values, callback);
      const name = statements.nameOf(config.text);
      if (name === undefined) return super.query(config, values, callback);
      const named = { ...config, name };
      if (typeof values === "function") return super.query(named, this.forgettingOnLoss(name, values));
      if (typeof callback === "function") {
        return super.query(named, values, this.forgettingOnLoss(name, callback));
      }
      return super.query(named, values).then(undefined, (error: unknown) => {
        this.forgetIfLost(name, error);
        throw error;
      });
    }

    private forgettingOnLoss(name: string, callback: Callback): Callback {
      return (error, result) => {
        if (error) this.forgetIfLost(name, error);
        callback(error, result);
      };
    }

    /**
     * node-postgres remembers a statement as prepared once PostgreSQL parsed it, and never forgets. When
     * a value can't be sent (node-postgres throws before PostgreSQL sees it, and closes the statement) or
     * PostgreSQL no longer has it (26000), the next call must prepare it again instead of failing for the
     * rest of the connection's life.
     */
    private forgetIfLost(name: string, error: unknown) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== undefined && code !== "26000") return;
      const connection = (this as unknown as { connection?: PreparedStatementsOf }).connection;
      if (!connection) return;
      delete connection.parsedStatements[name];
      delete connection.submittedNamedStatements[name];
    }
  }
  return NamingClient;
}

/** What node-postgres' connection records of the statements it prepared (pg/lib/connection.js). */
interface PreparedStatementsOf {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

function isUnnamedWithParameters(config: unknown, values: unknown): boolean {
  if (typeof config !== "object" || config === null) return false;
  const { text, name, submit, callback } = config as QueryConfig;
  if (typeof text !== "string" || name !== undefined) return false;
  if (typeof submit === "function" || typeof callback === "function") return false;
  if (text.length > longestNamedText) return false;
  const parameters = Array.isArray(values) ? values : (config as QueryConfig).values;
  return Array.isArray(parameters) && parameters.length > 0 && parameters.length <= mostNamedParameters;
}
