import { describe, expect, it } from "vitest";
import type { MemberHomeState } from "../../shared/member-home";
import { stateScript } from "./member-home";

describe("the state a member's home is rendered from, in the page", () => {
  it("keeps a business's text as text: nothing in it can close the element or start a script", () => {
    const title = 'Jollof </script><script>alert("owned")</script> <!-- special';
    const state = {
      member: { id: 7 },
      discovery: [{ id: 1, title }],
      dataSaver: false,
    } as unknown as MemberHomeState;

    const element = stateScript(state);

    expect(element.match(/<\/script/gi)).toHaveLength(1);
    expect(element).not.toContain("<!--");
    const json = element.slice(element.indexOf(">") + 1, element.lastIndexOf("</script>"));
    expect(JSON.parse(json)).toEqual(state);
  });
});
