import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createFormControl, FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { ChoiceGroupField, TextField } from "./form-field";

type Values = { email: string; methods: string[] };

type Control = ReturnType<typeof createFormControl<Values>>;

function Harness({ control, children }: { control: Control; children: ReactNode }) {
  const form = useForm<Values>({ formControl: control.formControl });
  return <FormProvider {...form}>{children}</FormProvider>;
}

/** Renders fields inside a form whose field messages are already set (as after a refused submit). */
function render(fields: ReactNode, errors: Partial<Record<keyof Values, string>> = {}) {
  const control = createFormControl<Values>({ defaultValues: { email: "", methods: [] } });
  for (const [name, message] of Object.entries(errors)) control.setError(name as keyof Values, { message });
  const html = renderToStaticMarkup(<Harness control={control}>{fields}</Harness>);
  const dom = (selector: RegExp) => html.match(selector)?.[1];
  return { html, dom };
}

describe("TextField", () => {
  it("ties the label, hint and error to the input, and marks it invalid", () => {
    const { html, dom } = render(
      <TextField name="email" label="Email" type="email" hint="We never share it." />,
      {
        email: "Please enter a valid email address",
      },
    );
    const inputId = dom(/<input[^>]* id="([^"]+)"/)!;
    expect(html).toContain(`<label for="${inputId}"`);
    expect(html).toContain(`aria-describedby="${inputId}-hint ${inputId}-error"`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`<p id="${inputId}-error"`);
    expect(html).toContain("Please enter a valid email address");
  });

  it("without a message, is neither invalid nor described by an error", () => {
    const { html } = render(<TextField name="email" label="Email" required />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
    expect(html).toContain('aria-required="true"');
    expect(html).toContain("> *</span>");
  });
});

describe("ChoiceGroupField", () => {
  it("is one labelled group of checkboxes (or radio buttons), with the group's message", () => {
    const options = [
      { value: "radio-tv", label: "Radio or TV" },
      { value: "print", label: "Print" },
    ];
    const checkboxes = render(
      <ChoiceGroupField name="methods" label="How do you advertise today?" options={options} multiple />,
      { methods: "Choose valid advertising methods" },
    );
    expect(checkboxes.html).toContain("<fieldset");
    expect(checkboxes.html).toContain("How do you advertise today?</legend>");
    expect(checkboxes.html.match(/type="checkbox"/g)).toHaveLength(2);
    const errorId = checkboxes.dom(/<p id="([^"]+-error)"/)!;
    expect(checkboxes.html).toMatch(new RegExp(`<fieldset[^>]* aria-describedby="${errorId}"`));

    const radios = render(<ChoiceGroupField name="methods" label="Main channel" options={options} />);
    expect(radios.html.match(/type="radio"/g)).toHaveLength(2);
  });
});
