import { describe, expect, it } from "vitest";
import { firstScreenStyles } from "./first-screen-styles";

const stylesheet = [
  "/*! tailwindcss */",
  "@layer theme{:root{--spacing:.25rem}}",
  "@layer base{a{color:inherit}}",
  "@layer utilities{",
  ".right-0\\.5{right:calc(var(--spacing) * .5)}",
  ".size-full{width:100%;height:100%}",
  ".animate-spin{animation:var(--animate-spin)}",
  "@media (min-width:40rem){.sm\\:flex-row{flex-direction:row}}",
  ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}",
  '.before\\:content-\\[\\"\\{\\"\\]:before{content:"{"}',
  ":where(.space-y-2>:not(:last-child)){margin-top:.5rem}",
  "}",
  '@property --tw-shadow{syntax:"*";inherits:false}',
].join("");

describe("the first screen's styles for one page", () => {
  const styles = firstScreenStyles(stylesheet);

  it("keeps the rules of the classes the page names, in their order, and every other layer whole", () => {
    const page = '<div class="size-full sm:flex-row"><p class="right-0.5">x</p></div>';

    expect(styles.forPage(page)).toBe(
      [
        "/*! tailwindcss */",
        "@layer theme{:root{--spacing:.25rem}}",
        "@layer base{a{color:inherit}}",
        "@layer utilities{",
        ".right-0\\.5{right:calc(var(--spacing) * .5)}",
        ".size-full{width:100%;height:100%}",
        "@media (min-width:40rem){.sm\\:flex-row{flex-direction:row}}",
        "}",
        '@property --tw-shadow{syntax:"*";inherits:false}',
      ].join(""),
    );
  });

  it("reads class names as HTML spells them, and selectors that nest or quote braces", () => {
    const page =
      '<a class="[&amp;&gt;svg]:size-4 before:content-[&quot;{&quot;]"></a><ul class="space-y-2"></ul>';

    const kept = styles.forPage(page);

    expect(kept).toContain(".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}");
    expect(kept).toContain('content:"{"}');
    expect(kept).toContain(":where(.space-y-2>:not(:last-child))");
    expect(kept).not.toContain("animate-spin");
  });

  it("a stylesheet it doesn't recognise is kept whole", () => {
    const plain = ".a{color:red}";

    expect(firstScreenStyles(plain).forPage('<p class="b"></p>')).toBe(plain);
  });
});
