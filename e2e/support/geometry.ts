import { expect, type Locator } from "@playwright/test";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two rectangles share any area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The on-screen box of a visible element. */
export async function boxOf(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/** Fails naming the pair when any two of the named boxes overlap. */
export function expectNoOverlaps(boxes: Record<string, Box>) {
  const entries = Object.entries(boxes);
  for (const [i, [nameA, a]] of entries.entries()) {
    for (const [nameB, b] of entries.slice(i + 1)) {
      expect(intersects(a, b), `${nameA} overlaps ${nameB}`).toBe(false);
    }
  }
}

/** Fails when the box reaches outside a viewport of the given width (the bar must not scroll sideways). */
export function expectWithinWidth(name: string, box: Box, width: number) {
  expect(box.x, `${name} starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends off screen`).toBeLessThanOrEqual(width + 0.5);
}
