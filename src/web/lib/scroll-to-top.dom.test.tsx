// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useNavigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollToTopOnNavigate } from "./scroll-to-top";

let navigate: ReturnType<typeof useNavigate>;
function Page() {
  navigate = useNavigate();
  return <ScrollToTopOnNavigate />;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a page opened from a link", () => {
  it("starts at the top, while Back and a change of tab keep the place", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: "*", element: <Page /> }], { initialEntries: ["/rewards"] });
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => navigate("/discover"));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    await act(() => navigate("/discover?sort=trending"));
    await act(() => navigate(-1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
