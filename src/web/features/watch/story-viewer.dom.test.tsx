// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ViewerAd } from "../../../shared/contracts/ads";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { StoryViewer } from "./story-viewer";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ad: ViewerAd = {
  id: 3,
  title: "Free tint with every phone",
  description: "At the Circle shop",
  category: "electronics",
  mediaUrl: "/media/ads/tint.webp",
  mediaType: "image",
  thumbnailUrl: null,
  company: { id: 7, name: "Circle Phones", logo: null },
  isFeatured: false,
  isWatched: false,
  rewardType: "discount",
  distanceKm: null,
  drawPrize: null,
  cashbackPesewas: null,
  posterUrl: null,
  durationSeconds: 15,
  minWatchPercent: 80,
  discountPercent: 10,
  xpPointsReward: 0,
  googleMapsLink: null,
  branchName: null,
  likeCount: 4,
  likedByMe: false,
};

const session = {
  sessionId: 21,
  adId: 3,
  durationSeconds: 15,
  minWatchPercent: 80,
  requiredSeconds: 12,
  watchedSeconds: 0,
  completed: false,
};

function openViewer({ hasPrevious = true } = {}) {
  const sent = answerRequests(({ method, url }) => {
    if (url === "/api/watch/sessions") return { body: session };
    if (method === "PUT" && url === "/api/ads/3/like") return { body: { liked: true, likeCount: 5 } };
    return undefined;
  });
  const moves = { onPrevious: vi.fn(), onNext: vi.fn(), onClose: vi.fn() };
  renderInApp(<StoryViewer ad={ad} hasPrevious={hasPrevious} {...moves} />, { at: "/mobile-watch?ad=3" });
  return { sent, moves };
}

const to = (sent: SentRequest[], url: string) => sent.filter((request) => request.url === url);

describe("the viewer's controls, on React in a DOM", () => {
  it("starts a verified view of this ad", async () => {
    const { sent } = openViewer();
    await waitFor(() => expect(to(sent, "/api/watch/sessions")).toHaveLength(1));
    expect(to(sent, "/api/watch/sessions")[0]).toMatchObject({ method: "POST", body: { adId: 3 } });
    expect(screen.getByRole("heading", { name: "Free tint with every phone" })).toBeTruthy();
  });

  it("pauses and resumes from the button and from Space, and says which it will do", async () => {
    openViewer();
    await userEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(screen.getByRole("button", { name: "Resume" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    // Space on the page (not on a button) pauses too.
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: " " });
    expect(await screen.findByRole("button", { name: "Resume" })).toBeTruthy();
  });

  it("moves with its buttons and arrow keys, and closes with Escape", async () => {
    const { moves } = openViewer();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    fireEvent.keyDown(window, { key: "ArrowRight" });
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    fireEvent.keyDown(window, { key: "Escape" });
    expect(moves.onNext).toHaveBeenCalledTimes(2);
    expect(moves.onPrevious).toHaveBeenCalledTimes(2);
    expect(moves.onClose).toHaveBeenCalledTimes(1);
  });

  it("says Previous has nowhere to go on Discover's first ad", () => {
    openViewer({ hasPrevious: false });
    const previous = screen.getByRole("button", { name: "Previous (this is the first ad)" });
    expect(previous.getAttribute("aria-disabled")).toBe("true");
  });

  it("likes the ad with one tap", async () => {
    const { sent } = openViewer();
    await userEvent.click(screen.getByRole("button", { name: "Like (4 likes)" }));
    await waitFor(() => expect(to(sent, "/api/ads/3/like")).toHaveLength(1));
    expect(to(sent, "/api/ads/3/like")[0]?.method).toBe("PUT");
  });
});
