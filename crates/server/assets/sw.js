"use strict";
// The page's service worker: keeps the page's files and the engine (dlx.wasm) so the page
// opens and plays with no network once it has been loaded. Network first (a rebuilt page or
// engine is used as soon as it is reachable), the kept copy when the network fails or answers
// with an error. The JSON API (`/api/...`) and anything but GET pass through untouched.

const CACHE = "dlx-page-v2";
const FILES = [
  "./",
  "index.html",
  "app.js",
  "engine.js",
  "variants.js",
  "ui.js",
  "links.js",
  "xcc.js",
  "board.js",
  "timer.js",
  "storage.js",
  "input.js",
  "load.js",
  "solve.js",
  "player.js",
  "logic.js",
  "generate.js",
  "worker.js",
  "style.css",
  "manifest.webmanifest",
  "icon.svg",
  "dlx.wasm",
];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One by one: a page served without dlx.wasm (the API does the work) still installs.
    await Promise.all(FILES.map((f) => cache.add(new Request(f, { cache: "no-cache" })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || url.pathname.includes("/api/")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page is kept under its address without the query (`?p=...` is the puzzle).
    const key = new Request(url.origin + url.pathname);
    try {
      const resp = await fetch(req);
      if (resp.ok) {
        event.waitUntil(cache.put(key, resp.clone()));
        return resp;
      }
      const kept = await cache.match(key);
      return kept || resp;
    } catch (e) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw e;
    }
  })());
});
