/** Where the build writes the web app manifest (`manifestFilename` in vite.config.ts). */
const webAppManifestPath = "/manifest.webmanifest";

/**
 * Makes the app installable once the page has loaded: links the web app manifest and registers /sw.js.
 * The pages don't name the manifest themselves: a browser fetches it as soon as a page does, then its
 * icons, beside the first screen's pictures on a slow connection. Installing the offline shell likewise
 * never competes with the first paint. A pre-rendered page starts the app after its load event, so
 * this happens at once there.
 */
export function makeInstallable() {
  if (import.meta.env.DEV) return;
  const install = () => {
    linkWebAppManifest();
    registerServiceWorker();
  };
  if (document.readyState === "complete") install();
  else window.addEventListener("load", install, { once: true });
}

function linkWebAppManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = webAppManifestPath;
  document.head.append(link);
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("Service worker registration failed", error);
  });
}
