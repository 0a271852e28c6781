// The service worker of unitfree: after the first visit the whole site
// (page, WASM, API worker) comes from the cache, so the playground works
// with the network cut. sw-version.js, written by `make build`, names the
// build; a new build is a new cache, installed on the next visit, and the
// old cache is deleted. All URLs are relative: the site works from any
// sub-path.
importScripts("sw-version.js");

const CACHE = "unitfree-" + self.UNITFREE_VERSION;
const FILES = [
  "./",
  "index.html",
  "style.css",
  "favicon.png",
  "loader.js",
  "compile-worker.js",
  "picture-worker.js",
  "api-client.js",
  "api-worker.js",
  "board-client.js",
  "board-worker.js",
  "wasm_exec.js",
  "playground.wasm",
  "rooms.wasm",
  "board.wasm",
  "build/worker.mjs",
  "build/runtime.mjs",
  "build/wasm_exec.js",
  "build/app.wasm",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("unitfree-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first for the site's own files (the build in the cache is
// complete and consistent); anything else, and anything missing, from the
// network.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then((c) =>
      c.match(event.request, { ignoreSearch: true }).then((hit) => hit || fetch(event.request)),
    ),
  );
});
