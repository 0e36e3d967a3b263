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

describe("signing in with a phone number", () => {
  it("texts a code to the number typed, then signs in with the code", async () => {
    const sent = answerRequests(({ url }) => {
      if (url === "/api/auth/phone/code") {
        return {
          body: {
            success: true,
            message: "If an account has this number, we've sent it a sign-in code. It works for 10 minutes.",
          },
        };
      }
      if (url === "/api/auth/phone/sign-in") {
        return {
          status: 400,
          body: { code: "BAD_REQUEST", message: "Incorrect code", fields: { otp: "Incorrect code" } },
        };
      }
      return undefined;
    });
    const form = await signInForm();
    await userEvent.click(form.getByRole("button", { name: "Sign in with phone number" }));
    const numberForm = within(await screen.findByRole("form", { name: "Phone sign-in" }));
    await userEvent.click(numberForm.getByRole("button", { name: "Text me a code" }));
    expect(await numberForm.findByText("Phone number must be at least 8 digits")).toBeTruthy();
    await userEvent.type(numberForm.getByLabelText("Phone number"), "024 123 4567");
    await userEvent.click(numberForm.getByRole("button", { name: "Text me a code" }));
    const codeForm = within(await screen.findByRole("form", { name: "Phone sign-in code" }));
    expect(sent.filter((request) => request.url === "/api/auth/phone/code")).toEqual([
      { method: "POST", url: "/api/auth/phone/code", body: { phoneNumber: "+233241234567" } },
    ]);
    expect(screen.getByText(/we've sent it a sign-in code/)).toBeTruthy();
    await userEvent.type(codeForm.getByLabelText("6-digit code"), "123456");
    await userEvent.click(codeForm.getByRole("button", { name: "Sign in" }));
    await waitFor(() =>
      expect(sent.filter((request) => request.url === "/api/auth/phone/sign-in")).toEqual([
        {
          method: "POST",
          url: "/api/auth/phone/sign-in",
          body: { phoneNumber: "+233241234567", code: "123456" },
        },
      ]),
    );
    expect(await screen.findByTestId("phone-sign-in-refused")).toBeTruthy();
    // Back to the number, for a new code.
    await userEvent.click(codeForm.getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByRole("form", { name: "Phone sign-in" })).toBeTruthy();
  });
});

describe("a forgotten password", () => {
  it("says so under the field when the request fails, then texts a code and sets the new password with it", async () => {
    let forgotAnswers = 0;
    const sent = answerRequests(({ url }) => {
      if (url === "/api/auth/forgot-password") {
        forgotAnswers += 1;
        return forgotAnswers === 1
          ? { status: 503, body: {} }
          : { body: { success: true, message: "If an account has this number, we've texted it a code." } };
      }
      if (url === "/api/auth/reset-password")
        return { body: { success: true, message: "Password changed." } };
      return undefined;
    });
    const form = await signInForm();
    await userEvent.click(form.getByRole("button", { name: "Forgot password?" }));
    const forgotForm = within(await screen.findByRole("form", { name: "Forgot password" }));
    await userEvent.type(forgotForm.getByLabelText("Email or phone number"), "024 123 4567");
    await userEvent.click(forgotForm.getByRole("button", { name: "Send reset instructions" }));
    expect(await forgotForm.findByText("Please try again in a moment.")).toBeTruthy();
    await userEvent.click(forgotForm.getByRole("button", { name: "Send reset instructions" }));
    const resetForm = within(await screen.findByRole("form", { name: "Password reset" }));
    expect(screen.getByText("If an account has this number, we've texted it a code.")).toBeTruthy();
    await userEvent.type(resetForm.getByLabelText("6-digit code"), "123456");
    await userEvent.type(resetForm.getByLabelText("New password"), "fried-plantain");
    await userEvent.click(resetForm.getByRole("button", { name: "Set new password" }));
    await waitFor(() =>
      expect(sent.filter((request) => request.url === "/api/auth/reset-password")).toEqual([
        {
          method: "POST",
          url: "/api/auth/reset-password",
          body: { phoneNumber: "024 123 4567", otp: "123456", newPassword: "fried-plantain" },
        },
      ]),
    );
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeTruthy();
  });
});

describe("asking for a sign-in link", () => {
  it("emails it to the address typed on the sign-in form and says to check the inbox", async () => {
    const sent = answerRequests(({ url }) =>
      url === "/api/auth/send-email-link"
        ? { body: { success: true, message: "If an account uses this email, we've sent it a link." } }
        : undefined,
    );
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "ama@example.com");
    await userEvent.click(form.getByRole("button", { name: "Email me a sign-in link instead" }));
    const linkForm = within(await screen.findByRole("form", { name: "Sign-in link" }));
    expect((linkForm.getByLabelText("Email") as HTMLInputElement).value).toBe("ama@example.com");
    await userEvent.click(linkForm.getByRole("button", { name: "Email me a sign-in link" }));
    expect((await screen.findByTestId("sign-in-link-sent")).textContent).toContain("we've sent it a link");
    expect(sent.filter((request) => request.url === "/api/auth/send-email-link")).toEqual([
      {
        method: "POST",
        url: "/api/auth/send-email-link",
        body: { email: "ama@example.com", purpose: "login" },
      },
    ]);
  });
});
