// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { UssdPhone } from "./ussd-phone";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const presses = (sent: SentRequest[]) =>
  sent.filter((request) => request.url === "/api/admin/ussd/simulator");
const sessionId = "simulator-0f8e7d6c-5b4a-4321-8fed-cba987654321";

function phone(answer: Parameters<typeof answerRequests>[0]) {
  const sent = answerRequests(answer);
  renderInApp(<UssdPhone audience="admin" />, { at: "/admin/ussd" });
  return { sent, form: within(screen.getByRole("form", { name: "Phone" })) };
}

describe("the USSD simulator's phone, on React in a DOM", () => {
  it("dials the code, sends what the keypad typed with the session's number, and hangs up at the end", async () => {
    const screens = [
      {
        sessionId,
        sequence: 1,
        end: false,
        text: "Anigye: hello Adwoa\n1 My points and stamps\n2 My rewards",
      },
      { sessionId, sequence: 2, end: true, text: "Code ABCD-EFGH: 15% off at Kofi's Chop Bar." },
    ];
    const { sent, form } = phone(({ url }) =>
      url === "/api/admin/ussd/simulator" ? { body: screens[presses(sent).length - 1] } : undefined,
    );
    expect(form.getByRole("status", { name: "Phone screen" }).textContent).toContain("Dial *713*4#");
    await userEvent.type(form.getByLabelText("Phone number"), "0270000001");
    await userEvent.click(form.getByRole("button", { name: "Call" }));
    await waitFor(() => expect(presses(sent)).toHaveLength(1));
    expect(presses(sent)[0]?.body).toEqual({ phoneNumber: "0270000001", message: "*713*4#", action: "send" });
    expect(await form.findByText(/hello Adwoa/)).toBeTruthy();
    expect((form.getByLabelText("Phone number") as HTMLInputElement).disabled).toBe(true);

    const keypad = within(form.getByRole("group", { name: "Keypad" }));
    await userEvent.click(keypad.getByRole("button", { name: "2" }));
    expect((form.getByLabelText("Your answer") as HTMLInputElement).value).toBe("2");
    await userEvent.click(form.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(presses(sent)).toHaveLength(2));
    expect(presses(sent)[1]?.body).toEqual({
      phoneNumber: "0270000001",
      sessionId,
      sequence: 1,
      message: "2",
      action: "send",
    });
    expect(await form.findByText(/Code ABCD-EFGH/)).toBeTruthy();
    expect(form.getByText("Session ended")).toBeTruthy();

    // OK clears the phone for the next call.
    await userEvent.click(form.getByRole("button", { name: "OK" }));
    expect(form.getByRole("status", { name: "Phone screen" }).textContent).toContain("Dial *713*4#");
    expect(form.getByRole("button", { name: "Call" })).toBeTruthy();
    expect(presses(sent)).toHaveLength(2);
  });

  it("says a wrong dial code and the server's refusal, without calling for the first", async () => {
    const { sent, form } = phone(({ url }) =>
      url === "/api/admin/ussd/simulator"
        ? {
            status: 400,
            body: {
              code: "VALIDATION",
              message: "Enter a valid Ghana phone number, e.g. 024 123 4567",
              fields: { phoneNumber: "Enter a valid Ghana phone number, e.g. 024 123 4567" },
            },
          }
        : undefined,
    );
    const typed = form.getByLabelText("Your answer");
    await userEvent.clear(typed);
    await userEvent.type(typed, "*100#");
    await userEvent.click(form.getByRole("button", { name: "Call" }));
    expect((await form.findByRole("alert")).textContent).toBe("Dial *713*4# to reach Anigye.");
    expect(presses(sent)).toHaveLength(0);

    await userEvent.click(form.getByRole("button", { name: "Cancel" }));
    await userEvent.type(form.getByLabelText("Phone number"), "12345");
    await userEvent.click(form.getByRole("button", { name: "Call" }));
    expect((await form.findByRole("alert")).textContent).toMatch(/valid Ghana phone number/);
    expect(form.getByLabelText("Phone number").getAttribute("aria-invalid")).toBe("true");
  });
});
