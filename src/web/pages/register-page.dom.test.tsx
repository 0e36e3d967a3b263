// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp, type SentRequest } from "../test-dom";
import RegisterPage from "./register-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const registrations = (sent: SentRequest[]) => sent.filter((request) => request.url === "/api/auth/register");
const providers = { status: 200, body: { google: false, requirePhoneVerification: false } };

async function registerForm() {
  renderInApp(<RegisterPage />, { at: "/register" });
  return within(await screen.findByRole("form", { name: "Create account" }));
}

async function fillIn(form: Awaited<ReturnType<typeof registerForm>>, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields))
    await userEvent.type(form.getByLabelText(label), value);
}

describe("the register form, on React in a DOM", () => {
  it("says which fields are wrong and sends nothing", async () => {
    const sent = answerRequests(({ url }) => (url === "/api/auth/providers" ? providers : undefined));
    const form = await registerForm();
    await fillIn(form, {
      "Full Name": "Efua Mensah",
      Username: "e!",
      Email: "not-an-email",
      Password: "kelewele-7",
    });
    await userEvent.click(form.getByRole("button", { name: "Create account" }));
    expect(await form.findByText("Please enter a valid email address")).toBeTruthy();
    expect(form.getByText(/^Username must be at least 3 characters|^Username may use letters/)).toBeTruthy();
    expect(registrations(sent)).toEqual([]);
  });

  it("sends the new account to the server", async () => {
    const sent = answerRequests(({ url }) =>
      url === "/api/auth/providers"
        ? providers
        : url === "/api/auth/register"
          ? {
              status: 409,
              body: {
                code: "CONFLICT",
                message: "That username is taken",
                fields: { username: "That username is taken" },
              },
            }
          : undefined,
    );
    const form = await registerForm();
    await fillIn(form, {
      "Full Name": "Efua Mensah",
      Username: "efua.m",
      Email: "Efua@Example.com",
      Password: "kelewele-at-night-7",
    });
    await userEvent.click(form.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(registrations(sent)).toHaveLength(1));
    expect(registrations(sent)[0]).toMatchObject({
      method: "POST",
      body: {
        displayName: "Efua Mensah",
        username: "efua.m",
        email: "efua@example.com",
        password: "kelewele-at-night-7",
      },
    });
    // The server's word on a field shows beside it.
    expect(await form.findByText("That username is taken")).toBeTruthy();
  });
});
