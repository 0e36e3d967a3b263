import { useEffect, useState } from "react";

/**
 * False on the first render, true a task later: what sits below the first screen renders after the screen
 * is painted, so it doesn't lengthen the render that paints it on a slow phone.
 */
export function useShownFromNextTask(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true));
    return () => clearTimeout(timer);
  }, []);
  return shown;
}
