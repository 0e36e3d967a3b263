import { useEffect, useRef } from "react";

/**
 * Runs `action` once for a value (a one-time link's token), however often the component renders or
 * React runs its effects: a token that works once must never be posted twice.
 */
export function useOncePer(value: string, action: (value: string) => void): void {
  const doneFor = useRef<string | null>(null);
  useEffect(() => {
    if (doneFor.current === value) return;
    doneFor.current = value;
    action(value);
  }, [value, action]);
}
