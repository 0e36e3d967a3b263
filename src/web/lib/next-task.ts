import { useEffect, useState } from "react";

/**
 * False on the first render, true a task later. Preact renders a tree in one task: what sits below the
 * first screen, shown a task later, doesn't lengthen the task that paints the screen on a slow phone.
 */
export function useShownFromNextTask(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true));
    return () => clearTimeout(timer);
  }, []);
  return shown;
}
