import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createStaffRequest } from "../../shared/contracts/companies";
import { apiErrorOf } from "./api-client";
import { applyServerErrors, contractResolver } from "./forms";

const refusal = (status: number, fields?: Record<string, string>, message = "Check the form") =>
  apiErrorOf(status, JSON.stringify({ message, code: "VALIDATION", fields }));

function staffForm() {
  return createFormControl({ defaultValues: { name: "", pin: "", codes: "" } });
}
const errorOf = (form: ReturnType<typeof staffForm>, name: "name" | "pin" | "codes") =>
  form.getFieldState(name).error?.message;

describe("applyServerErrors", () => {
  it("puts each field message under its field, a list item's under the list, and skips unknown keys", () => {
    const form = staffForm();
    const applied = applyServerErrors(
      form,
      refusal(400, { pin: "PIN must be 4 to 6 digits", "codes.3": "A code cannot be empty", token: "Bad" }),
    );
    expect(applied).toEqual({ pin: "PIN must be 4 to 6 digits", codes: "A code cannot be empty" });
    expect(errorOf(form, "pin")).toBe("PIN must be 4 to 6 digits");
    expect(errorOf(form, "codes")).toBe("A code cannot be empty");
    expect(errorOf(form, "name")).toBeUndefined();
  });

  it("renames a server key to the form field that holds it", () => {
    const form = createFormControl({ defaultValues: { contact: "" } });
    applyServerErrors(form, refusal(400, { contactPhone: "Enter a valid Ghana phone number" }), {
      fieldFor: { contactPhone: "contact" },
    });
    expect(form.getFieldState("contact").error?.message).toBe("Enter a valid Ghana phone number");
  });

  it("without field messages, shows the server's message (or the fallback) under the fallback field", () => {
    const refused = staffForm();
    applyServerErrors(refused, refusal(409, undefined, "That name is taken"), {
      fallbackField: "name",
      fallbackMessage: "Please try again.",
    });
    expect(errorOf(refused, "name")).toBe("That name is taken");

    const offline = staffForm();
    applyServerErrors(offline, new TypeError("Failed to fetch"), {
      fallbackField: "name",
      fallbackMessage: "Please try again.",
    });
    expect(errorOf(offline, "name")).toBe("Please try again.");
  });

  it("never reads fields from a server failure (5xx hides details)", () => {
    const form = staffForm();
    expect(applyServerErrors(form, refusal(500, { name: "stack trace" }))).toEqual({});
    expect(errorOf(form, "name")).toBeUndefined();
  });
});

describe("contractResolver", () => {
  const options = { fields: {}, names: [], shouldUseNativeValidation: false };

  it("checks with the contract itself: its messages, its parsed values", async () => {
    const resolve = contractResolver(createStaffRequest);
    const refused = await resolve({ name: " ", pin: "12" }, undefined, options);
    expect(refused.errors.name?.message).toBe("Staff name is required");
    expect(refused.errors.pin?.message).toBe("PIN must be 4 to 6 digits");
    const accepted = await resolve({ name: "  Abena ", pin: "4821" }, undefined, options);
    expect(accepted).toEqual({ values: { name: "Abena", pin: "4821" }, errors: {} });
  });

  it("puts a list item's message on the list's field, and words zod's default messages plainly", async () => {
    const resolve = contractResolver(
      z.object({
        tags: z.array(z.string().max(3, "A tag is too long")),
        latitude: z.number().min(-90).max(90),
        count: z.number().int(),
      }),
    );
    const { errors } = await resolve(
      { tags: ["ok", "too long"], latitude: -100, count: 1.5 },
      undefined,
      options,
    );
    expect(errors.tags?.message).toBe("A tag is too long");
    expect(errors.latitude?.message).toBe("Must be at least -90");
    expect(errors.count?.message).toBe("Enter a whole number");
    const nan = await resolve({ tags: [], latitude: Number.NaN, count: 1 }, undefined, options);
    expect(nan.errors.latitude?.message).toBe("Enter a number");
  });
});
