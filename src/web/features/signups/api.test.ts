import { describe, expect, it } from "vitest";
import { signupsExportUrl, signupsUrl } from "./api";

describe("signups URLs", () => {
  it("sends only what differs from the defaults, the search trimmed and encoded", () => {
    expect(signupsUrl({ kind: "consumer", q: "", status: "all", page: 1 })).toBe(
      "/api/admin/signups?kind=consumer",
    );
    expect(signupsUrl({ kind: "merchant", q: "  50% & co ", status: "waiting", page: 3 })).toBe(
      "/api/admin/signups?kind=merchant&q=50%25+%26+co&status=waiting&page=3",
    );
  });

  it("exports what the list shows, on every page", () => {
    expect(signupsExportUrl({ kind: "consumer", q: "ama", status: "converted" })).toBe(
      "/api/admin/signups/export.csv?kind=consumer&q=ama&status=converted",
    );
  });
});
