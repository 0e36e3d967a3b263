import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminDraw } from "../../../shared/contracts/draws";
import { updateDrawForm } from "../../../shared/forms/draws";
import { ApiError } from "../../lib/api-client";
import { DrawRow, editDrawDefaults, failureText } from "./admin-draws-section";

// The admin's draws: "Run the draw…" only on a draw that can run, and a refusal says the
// server's own reason.

function adminDraw(id: number, status: AdminDraw["status"]): AdminDraw {
  return {
    id,
    kind: "monthly",
    title: `Draw ${id}`,
    month: "2026-11",
    prizeTitle: "A Tecno phone",
    prizeDescription: "A Tecno Spark 20 with a year of data",
    prizeValuePesewas: 150_050,
    status,
    members: 3,
    totalEntries: 12,
    commitment: "a".repeat(64),
    publicRandomnessSource: null,
    registrationDeadline: "2026-11-30T23:59:59.999Z",
    drawDate: "2026-12-01T18:00:00.000Z",
    drawnAt: status === "drawn" ? "2026-12-01T18:00:05.000Z" : null,
    winner: null,
    prizeClaimedAt: null,
  };
}

/** The buttons each draw's row offers, by draw id. */
function buttonsByDraw(draws: AdminDraw[]): Map<number, string[]> {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ul>
          {draws.map((draw) => (
            <DrawRow key={draw.id} draw={draw} />
          ))}
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const rows = [...html.matchAll(/<li[^>]*data-draw-id="(\d+)"[^>]*>(.*?)<\/li>/gs)];
  return new Map(
    rows.map(([, id, row]) => [
      Number(id),
      [...row!.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((button) => button[1]!),
    ]),
  );
}

describe("the admin's draws", () => {
  it("offers to run only a draw whose entries have closed and that is not drawn", () => {
    const buttons = buttonsByDraw([adminDraw(1, "open"), adminDraw(2, "ready"), adminDraw(3, "drawn")]);
    expect(buttons.get(1)).not.toContain("Run the draw…");
    expect(buttons.get(1)).toContain("Edit prize and date");
    expect(buttons.get(2)).toContain("Run the draw…");
    expect(buttons.get(3)).not.toContain("Run the draw…");
  });

  it("shows the server's reason for a refusal, not a guess that someone else did it", () => {
    const refusal = new ApiError(
      409,
      JSON.stringify({ code: "CONFLICT", message: "Entries are open until 2026-11-30; draw it after that" }),
      "409",
    );
    expect(failureText(refusal, "The draw could not be run.")).toBe(
      "Entries are open until 2026-11-30; draw it after that",
    );
    expect(failureText(new TypeError("Failed to fetch"), "The draw could not be run.")).toBe(
      "The draw could not be run.",
    );
  });

  it("moving only the draw date sends the prize's description and value unchanged", () => {
    const draw = adminDraw(1, "open");
    const body = updateDrawForm.parse({ ...editDrawDefaults(draw), drawDate: "2026-12-02T19:30" });
    expect(body).toEqual({
      prizeTitle: "A Tecno phone",
      prizeDescription: "A Tecno Spark 20 with a year of data",
      prizeValuePesewas: 150_050,
      drawDate: "2026-12-02T19:30:00.000Z",
    });
  });

  it("leaves the description and value empty for a prize that has none", () => {
    const draw = { ...adminDraw(1, "open"), prizeDescription: null, prizeValuePesewas: null };
    const body = updateDrawForm.parse(editDrawDefaults(draw));
    expect(body).toEqual({ prizeTitle: "A Tecno phone", drawDate: "2026-12-01T18:00:00.000Z" });
  });
});
