/**
 * Registers /sw.js after the page has loaded, so installing the offline shell never competes with the
 * first paint. A pre-rendered page starts the app after its load event, so it registers at once.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
      console.warn("Service worker registration failed", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
