import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with parts drawn by the screen (a link, a bold name): the key's `{slot}` values
 * are passed as `slotMark(name)`, and `withSlots` puts each part where its language placed it.
 */
export function slotMark(name: string): string {
  return `\u0000${name}\u0000`;
}

export function withSlots(text: string, slots: Record<string, ReactNode>): ReactNode {
  return text.split("\u0000").map((piece, index) =>
    // Odd pieces are slot names (the text between two marks).
    index % 2 === 1 ? <Fragment key={index}>{slots[piece]}</Fragment> : piece,
  );
}
