import { configure } from "@testing-library/dom";
import { loadAllScreenTexts } from "./lib/language";

// Components render every area's English texts in tests, as they do in the app once their page loads.
await loadAllScreenTexts();

// `waitFor` and `findBy…` give up after 1 s by default: on a busy 2-core machine a lazily loaded dialog
// can take longer to appear. A bound for what never comes, not a speed check.
configure({ asyncUtilTimeout: 10_000 });
