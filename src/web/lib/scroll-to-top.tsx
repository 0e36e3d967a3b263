import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * A page opened from a link starts at its top, as a page loaded anew does, instead of at the height the
 * last page was scrolled to. Back and Forward keep where the browser puts them, and a change of only the
 * query or the hash (a tab, a filter, an anchor) keeps the place.
 */
export function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what calls for the top
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
