import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { uiCatalogs } from "./scripts/vite-ui-catalogs.ts";
import { brand } from "./src/shared/brand.ts";

/** The signed-out pages' own script (src/web/signed-out/signed-out-page.ts), built beside the app. */
const signedOutPageScript = path.resolve("src/web/signed-out/signed-out-page.ts");

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;

/**
 * React Router's package names only its development build (warnings and checks on, ENABLE_DEV_WARNINGS),
 * whatever the mode (remix-run/react-router#14102): a production build takes its production files.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
  },
];

/**
 * The PWA plugin names the manifest in every page; the app links it itself once the page has loaded
 * (`makeInstallable` in src/web/lib/service-worker.ts), so it and its icons never share a slow
 * connection with the first screen's pictures.
 */
const manifestLinkedByTheApp: Plugin = {
  name: "anigye:manifest-linked-by-the-app",
  apply: "build",
  enforce: "post",
  transformIndexHtml: { order: "post", handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, "") },
};

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    uiCatalogs(),
    react(),
    tailwindcss(),
    // The build-time render of the signed-out pages (scripts/prerender.ts) needs no service worker.
    !isSsrBuild &&
      VitePWA({
        registerType: "autoUpdate",
        injectRegister: false,
        filename: "sw.js",
        manifestFilename: "manifest.webmanifest",
        includeAssets: ["favicon.svg", "icons/*.png"],
        manifest: {
          name: `${brand.name}: ${brand.tagline}`,
          short_name: brand.name,
          description: "Watch short ads from local Ghanaian businesses and earn discounts, XP and prizes.",
          lang: "en-GH",
          start_url: "/",
          scope: "/",
          display: "standalone",
          orientation: "portrait",
          background_color: "#fafaf9",
          theme_color: "#d97706",
          icons: [
            { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
            { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
            { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          ],
        },
        workbox: {
          // The app shell opens offline; API calls, sign-in and media are never served from the shell.
          navigateFallback: "/index.html",
          navigateFallbackDenylist: [/^\/api\//, /^\/auth\//, /^\/media\//, /^\/dev\//],
          globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
          // Business, admin and long-read pages are cached when first opened, not downloaded on every first visit.
          globIgnores: [
            "**/admin-page-*.js",
            "**/company-*.js",
            "**/subscription-details-page-*.js",
            "**/analytics-page-*.js",
            "**/merchant-pitch-page-*.js",
            "**/privacy-page-*.js",
            "**/terms-page-*.js",
            "**/business-page-*.js",
            // The counter's pages and its code reader: for shop phones, cached when the scanner first opens.
            "**/merchant-*.js",
            "**/vendor-scan-page-*.js",
            "**/qr-camera-*.js",
            "**/ponyfill-*.js",
          ],
          runtimeCaching: [
            {
              // Content-hashed code: once fetched it never changes, so the cache can answer first.
              urlPattern: ({ url }) => url.pathname.startsWith("/assets/"),
              handler: "CacheFirst",
              options: {
                cacheName: "app-code",
                expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 },
              },
            },
            {
              urlPattern: ({ url }) =>
                url.pathname.startsWith("/media/") && /\.(avif|webp|png|jpe?g)$/.test(url.pathname),
              handler: "CacheFirst",
              options: {
                cacheName: "media-images",
                expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
              },
            },
          ],
        },
      }),
    !isSsrBuild && manifestLinkedByTheApp,
  ],
  resolve: { alias: command === "build" ? reactRouterProduction : [] },
  // The server renderer (.prerender-build/prerender.js) bundles its libraries, React's production build
  // among them: the build fixes NODE_ENV there too, so the server renders with the React the browser
  // runs whatever NODE_ENV the server starts with (React's development build is several times slower).
  ssr: { noExternal: true },
  ...(isSsrBuild && command === "build"
    ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } }
    : {}),
  // The manifest tells scripts/prerender.ts which chunks a signed-in member's home needs first, and
  // which file is the signed-out pages' own script (an entry of its own, sharing nothing with the app's).
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    manifest: !isSsrBuild,
    ...(isSsrBuild ? {} : { rolldownOptions: { input: [path.resolve("index.html"), signedOutPageScript] } }),
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/auth": apiTarget, "/media": apiTarget, "/dev": apiTarget },
  },
}));
