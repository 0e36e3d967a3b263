import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { brand } from "../../shared/brand";
import { sessionCookieNames } from "../lib/session-cookies";
import { accessLevels, accessOf, securitySchemes } from "./route-access";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads multipart/form-data itself (uploads); its parts are documented, not validated here. */
    multipartBody?: { required: string[]; optional?: string[] };
  }
}

const clientHeaders = `
Every call may be made by a browser or by any HTTP client (a counter device, a partner's app, curl).

* **Session**: a cookie. Members sign in with \`POST /api/auth/login\` (cookie \`${sessionCookieNames.member}\`);
  businesses with \`POST /api/companies/login\` (cookie \`${sessionCookieNames.business}\`). Send the cookie back
  on every call.
* **Bodies** are JSON (\`Content-Type: application/json\`), except uploads (\`multipart/form-data\`).
* **State-changing calls** (POST, PUT, PATCH, DELETE) must carry \`X-Device-Fingerprint\` (any non-empty value
  that identifies the device; the web app sends a hash of the screen, time zone and language) or
  \`X-Requested-With\`. A browser page on another site cannot add either header, which is how forged
  cross-site requests are refused (403 "Cross-site request refused"); browsers must also send a same-origin
  \`Origin\`.
* **Errors** always have the shape \`{ "message": "...", "code": "...", "fields"?: { "<field>": "..." } }\`.
  429 answers carry \`Retry-After\` (seconds).
* **Idempotency keys** (\`idempotencyKey\` in a counter scan, point grant or phone check-in): a resend with the
  same key and the same body gets the first answer again and changes nothing; the same key with a different
  body is refused with 422 \`IDEMPOTENCY_KEY_REUSED\` and changes nothing.
* **Times** are ISO 8601 in UTC; days are Africa/Accra days. **Money** is integer pesewas.
`;

const errorBody = {
  type: "object" as const,
  required: ["message", "code"],
  properties: {
    message: { type: "string" as const, description: "What went wrong, in words a person can act on" },
    code: {
      type: "string" as const,
      description: "e.g. VALIDATION, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, RATE_LIMITED",
    },
    fields: {
      type: "object" as const,
      additionalProperties: { type: "string" as const },
      description: "Per-field messages for a form",
    },
  },
};

/** Fastify's `/api/ads/:adId` as OpenAPI writes it, `/api/ads/{adId}`. */
function documentedPath(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");
}

function capitalized(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

/**
 * A generated client's method name for an operation, from its method and path alone so that it stays put
 * while the code moves: `GET /api/companies/{companyId}/ads` is `getCompaniesAds`, and a path that ends in
 * a parameter names it (`PUT /api/companies/{companyId}/ads/{adId}` is `putCompaniesAdsByAdId`).
 * `openapi-operation-ids.txt` lists every id; `openapi.test.ts` keeps them unique and unchanged.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path.split("/").filter((segment) => segment && segment !== "api");
  const words = segments.map((segment, index) => {
    const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!parameter) return capitalized(segment);
    return index === segments.length - 1 ? `By${capitalized(parameter)}` : "";
  });
  return `${method.toLowerCase()}${words.join("")}`;
}

/**
 * The zod route schemas as OpenAPI, plus what zod can't describe: uploads, the error shape, who may call
 * (each route's `config.access`, route-access.ts) and each operation's id.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const documented = { ...(schema as Record<string, unknown>) };
  const method = [route.method].flat()[0] ?? "GET";
  const path = documentedPath(url);
  documented.operationId ??= operationIdOf(method, path);
  const access = accessOf(route);
  if (access) documented.security ??= accessLevels[access];
  const multipart = route.config?.multipartBody;
  if (multipart) {
    const file = { type: "string", format: "binary" };
    documented.consumes = ["multipart/form-data"];
    documented.body = {
      type: "object",
      required: multipart.required,
      properties: Object.fromEntries(
        [...multipart.required, ...(multipart.optional ?? [])].map((p) => [p, file]),
      ),
    };
  }
  const response = { ...((documented.response as Record<string, unknown> | undefined) ?? {}) };
  response["4XX"] ??= { description: "Refused: see `message` and `fields`", ...errorBody };
  documented.response = response;
  return { schema: documented, url };
};

function metricsOperation() {
  return {
    get: {
      operationId: operationIdOf("GET", "/metrics"),
      summary: "The server's figures in Prometheus's text format (requests, database pool, fraud signals)",
      tags: ["health"],
      security: accessLevels.metricsToken,
      responses: {
        200: {
          description: "The figures",
          content: { "text/plain": { schema: { type: "string" as const } } },
        },
        "4XX": {
          description: "Refused: 401 when the metrics token is missing or wrong",
          content: { "application/json": { schema: errorBody } },
        },
      },
    },
  };
}

function withoutOutsideSources(policy: string, isHttps: boolean): string {
  const kept = policy
    .replaceAll(" validator.swagger.io", "")
    .replaceAll(" https:", "")
    .split(";")
    .map((directive) => directive.trim())
    // The page sets style attributes from script (as the web app's own policy allows); scripts stay 'self'.
    .map((directive) => (directive === "style-src 'self'" ? "style-src 'self' 'unsafe-inline'" : directive))
    .filter((directive) => directive && (isHttps || directive !== "upgrade-insecure-requests"));
  return `${kept.join("; ")};`;
}

/**
 * The machine-readable API (`/api/openapi.json`, OpenAPI 3.1 generated from the zod route schemas) and
 * a reference page for people (`/api/docs`). Registered before the routes so it sees every one.
 */
export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${brand.name} API`,
        version: "1",
        description: `${brand.name} (${brand.tagline}): local-brand discovery and loyalty rewards.\n${clientHeaders}`,
      },
      servers: [{ url: options.appUrl }],
      components: { securitySchemes },
      // Registered before this plugin (so its own calls are counted), /metrics is described here.
      paths: { "/metrics": metricsOperation() },
    },
    transform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    // Everything the page needs is served from here: no CDN, no call to swagger.io's validator.
    staticCSP: true,
    transformStaticCSP: (header) => withoutOutsideSources(header, options.appUrl.startsWith("https://")),
    uiConfig: { docExpansion: "none", deepLinking: true, validatorUrl: null, defaultModelsExpandDepth: -1 },
  });
  app.get(
    "/api/openapi.json",
    { config: { access: "anyone" }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return app.swagger();
    },
  );
}
