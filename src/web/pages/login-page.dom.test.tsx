// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp } from "../test-dom";
import LoginPage from "./login-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signIns = (sent: { url: string }[]) => sent.filter((request) => request.url === "/api/auth/login");

async function signInForm() {
  renderInApp(<LoginPage />, { at: "/login" });
  return within(await screen.findByRole("form", { name: "Sign in" }));
}

describe("the sign-in form, on React in a DOM", () => {
  it("says what is missing beside the field and sends nothing", async () => {
    const sent = answerRequests(() => undefined);
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "ama@example.com");
    await userEvent.type(form.getByLabelText("Password"), "abc");
    await userEvent.click(form.getByRole("button", { name: "Sign in" }));
    expect(await form.findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(form.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(signIns(sent)).toEqual([]);
  });

  it("sends the email (in lower case) and the password, and shows a suspended account's reason", async () => {
    const sent = answerRequests(({ url }) =>
      url === "/api/auth/login"
        ? { status: 403, body: { code: "FORBIDDEN", message: "This account is suspended: fake views" } }
        : undefined,
    );
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "Ama@Example.com");
    await userEvent.type(form.getByLabelText("Password"), "anigye-demo");
    await userEvent.click(form.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(signIns(sent)).toHaveLength(1));
    expect(signIns(sent)[0]).toMatchObject({
      method: "POST",
      body: { email: "ama@example.com", password: "anigye-demo" },
    });
    expect(await screen.findByText("This account is suspended: fake views")).toBeTruthy();
  });
});
