import { loadAllScreenTexts } from "./lib/language";

// Components render every area's English texts in tests, as they do in the app once their page loads.
await loadAllScreenTexts();
