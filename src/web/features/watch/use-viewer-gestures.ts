import { type PointerEvent, useEffect, useRef, useState } from "react";

/** Holding this long pauses; moving this far sideways is a swipe. */
const holdMs = 300;
const swipePx = 50;
const tapSlopPx = 12;

interface Press {
  x: number;
  y: number;
  timer?: ReturnType<typeof setTimeout>;
  held: boolean;
}

interface ViewerGesturesOptions {
  onPrevious(): void;
  onNext(): void;
  togglePause(): void;
}

/**
 * Touch and mouse on the media: thirds for previous / pause / next, hold to pause, swipe to move.
 * `holding` is true while a hold pauses; `tapLayerProps` go on the layer that takes the presses.
 */
export function useViewerGestures({ onPrevious, onNext, togglePause }: ViewerGesturesOptions) {
  const [holding, setHolding] = useState(false);
  const press = useRef<Press | null>(null);
  useEffect(() => () => clearTimeout(press.current?.timer), []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const state: Press = { x: event.clientX, y: event.clientY, held: false };
    state.timer = setTimeout(() => {
      state.held = true;
      setHolding(true);
    }, holdMs);
    press.current = state;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = press.current;
    if (!state || state.held) return;
    if (Math.hypot(event.clientX - state.x, event.clientY - state.y) > tapSlopPx) clearTimeout(state.timer);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const state = press.current;
    press.current = null;
    if (!state) return;
    clearTimeout(state.timer);
    if (state.held) {
      setHolding(false);
      return;
    }
    const dx = event.clientX - state.x;
    const dy = event.clientY - state.y;
    if (Math.abs(dx) > swipePx && Math.abs(dx) > Math.abs(dy)) {
      if (dx < 0) onNext();
      else onPrevious();
      return;
    }
    if (Math.hypot(dx, dy) > tapSlopPx) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const third = (event.clientX - rect.left) / rect.width;
    if (third < 1 / 3) onPrevious();
    else if (third > 2 / 3) onNext();
    else togglePause();
  };
  const onPointerCancel = () => {
    clearTimeout(press.current?.timer);
    press.current = null;
    setHolding(false);
  };

  return {
    holding,
    tapLayerProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onPointerLeave: (event: PointerEvent<HTMLDivElement>) => {
        if (event.pointerType === "mouse" && press.current) onPointerCancel();
      },
      onContextMenu: (event: { preventDefault(): void }) => event.preventDefault(),
    },
  };
}
