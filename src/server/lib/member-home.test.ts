import { describe, expect, it } from "vitest";
import { inTurn, stateScript } from "./member-home";

describe("the state a member's home is rendered from, in the page", () => {
  it("keeps a business's text as text: nothing in it can close the element or start a script", () => {
    const title = 'Jollof </script><script>alert("owned")</script> <!-- special';
    const state = { member: { id: 7 }, discovery: [{ id: 1, title }], dataSaver: false };

    const element = stateScript(state);

    expect(element.match(/<\/script/gi)).toHaveLength(1);
    expect(element).not.toContain("<!--");
    const json = element.slice(element.indexOf(">") + 1, element.lastIndexOf("</script>"));
    expect(JSON.parse(json)).toEqual(state);
  });
});

describe("renders in turn", () => {
  it("runs one at a time, in order, says how many wait, and goes on after a failure", async () => {
    const oneAtATime = inTurn();
    const log: string[] = [];
    let running = 0;
    const task =
      (name: string, fails = false) =>
      async () => {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(name);
        running--;
        if (fails) throw new Error(name);
        return name;
      };

    const first = oneAtATime(task("first", true));
    const second = oneAtATime(task("second"));
    expect(oneAtATime.waiting()).toBe(2);

    await expect(first).rejects.toThrow("first");
    await expect(second).resolves.toBe("second");
    expect(log).toEqual(["first", "second"]);
    expect(oneAtATime.waiting()).toBe(0);
  });
});
