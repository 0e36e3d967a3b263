import type { FastifyInstance } from "fastify";
import type { Executor } from "../db/client";
import { type CompanyInput, createCompany } from "../db/seed/factories";
import { createSession } from "../modules/auth/session.service";
import { sendAs, sessionCookieFrom } from "./test-app";

let companyCounter = 0;

/** A company with a password, signed in through the real login endpoint. */
export async function signedInCompany(app: FastifyInstance, db: Executor, input: CompanyInput = {}) {
  companyCounter++;
  const username = `shop-${companyCounter}-${Date.now().toString(36)}`;
  const company = await createCompany(db, { username, password: "shop-password-1", ...input });
  const login = await sendAs(app, {}, "POST", "/api/companies/login", {
    username,
    password: "shop-password-1",
  });
  if (login.statusCode !== 200) throw new Error(`company login failed: ${login.body}`);
  return { company, cookies: sessionCookieFrom(login) };
}

/** A company with its owner's session, made directly (many sign-ins from one address would be rate limited). */
export async function signedInOwner(db: Executor, input: CompanyInput = {}) {
  const company = await createCompany(db, input);
  const { token } = await createSession(
    db,
    { kind: "company", companyId: company.id },
    { ipAddress: "10.0.0.8", userAgent: "test" },
  );
  return { company, cookies: { anigye_biz: token } };
}

/** Sends a multipart upload the way the dashboard does. */
export function upload(
  app: FastifyInstance,
  cookies: Record<string, string>,
  url: string,
  files: Record<string, { data: Buffer; name: string; type: string }>,
) {
  const form = new FormData();
  for (const [field, file] of Object.entries(files)) {
    form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  return app.inject({
    method: "POST",
    url,
    cookies,
    payload: form as unknown as string,
    headers: { "x-requested-with": "anigye", "sec-fetch-site": "same-origin" },
  });
}
