/**
 * The script of a pre-rendered signed-out page (scripts/prerender.ts): the page is already whole in its
 * HTML, and this makes its moving parts move without the app's code (about 100 KB more): the landing's
 * counters, logos and latest draw, the first-run language chooser, the install prompt, the offline shell
 * and the month's data count. The app's code is fetched when the visitor heads into it.
 */
import { countDataUsage } from "../lib/data-usage";
import { makeInstallable } from "../lib/service-worker";
import { fetchTheAppOnIntent, startTheAppIfNeeded } from "./app-on-intent";
import { offerInstallation } from "./install-banner";
import { showLandingParts, startLanding } from "./landing";
import { followTheLanguageChoice } from "./language-choice";
import { type SignedOutTexts, signedOutTextsId } from "./page-texts";

function pageTexts(): SignedOutTexts {
  return JSON.parse(document.getElementById(signedOutTextsId)?.textContent ?? "{}") as SignedOutTexts;
}

offerInstallation(pageTexts);
startLanding(pageTexts);
followTheLanguageChoice(() => showLandingParts(pageTexts()));
fetchTheAppOnIntent();
startTheAppIfNeeded();
makeInstallable();
countDataUsage();
