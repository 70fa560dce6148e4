/**
 * The boot script every built page carries inline (src/deploy/defer-scripts.ts writes it as
 * `(boot)(reloadOnce, options)`, from the text of these functions, so it uses nothing outside its
 * own body and its arguments).
 *
 * The build put each of the page's scripts and module preloads, as React Router wrote them, in a
 * <template data-deferred>, where the browser neither fetches nor runs them: the first paint and
 * the hero picture never compete with code. After the `load` event and the frame that paints the
 * first screen's pictures (or after options.startAfterMs, if `load` is late), this puts each one
 * back where it was, in document order, as a live element; React Router's scripts then load the code and hydrate the page. A
 * script the build moved to a file (the route data) runs before the next one, as it would have.
 *
 * Code that fails to load (a redeploy removed it) reloads the page once (reloadOnce); if it fails
 * again, a notice names it, "Loading chunk root failed (missing: /assets/root-….js)" (SPEC s8),
 * with a Retry button.
 *
 * From the first paint until React takes over (its entry sends options.hydratingEvent), a tap on
 * a button that needs the page's code (a carousel's arrows, say) is marked on the button
 * (data-early-click, a count); the section replays it once React runs it (src/runtime/island.tsx).
 * Links, form buttons and popover buttons work without code and are left alone.
 *
 * @param {(storage: Pick<Storage, "getItem" | "setItem">, key: string, reload: () => void) => boolean} reloadOnce
 * @param {{ key: string, timeoutMs: number, startAfterMs: number, noticeClass: string, retryClass: string, hydratingEvent: string }} options
 */
export function boot(reloadOnce, options) {
  var key = options.key + location.pathname;
  var started = false;
  var failed = false;
  var pending = 0;

  function keepEarlyClick(event) {
    var button = event.isTrusted && event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.hasAttribute("popovertarget") || button.closest("form")) return;
    button.setAttribute("data-early-click", String(Number(button.getAttribute("data-early-click") || 0) + 1));
  }
  document.addEventListener("click", keepEarlyClick, true);
  document.addEventListener(
    options.hydratingEvent,
    () => {
      document.removeEventListener("click", keepEarlyClick, true);
    },
    { once: true },
  );

  function chunkName(url) {
    return url
      .slice(url.lastIndexOf("/") + 1)
      .replace(/-[\w-]{8}\.(js|json)$/, "")
      .replace(/\.(js|json)$/, "");
  }
  function notice(text) {
    var box = document.createElement("div");
    box.setAttribute("role", "alert");
    box.className = options.noticeClass;
    var message = document.createElement("span");
    message.textContent = `${text}.`;
    var retry = document.createElement("button");
    retry.type = "button";
    retry.className = options.retryClass;
    retry.textContent = "Retry";
    // On the window, in the capture phase: React, once it has begun to hydrate, holds a click on a
    // part it has not taken over (all of the page when the route's data is missing) and stops it there.
    addEventListener(
      "click",
      (event) => {
        if (event.target === retry) location.reload();
      },
      true,
    );
    box.append(message, retry);
    document.body.append(box);
  }
  function fail(url, reason) {
    if (failed) return;
    failed = true;
    if (
      reloadOnce(sessionStorage, key, () => {
        location.reload();
      })
    )
      return;
    var error = new Error(`Loading chunk ${chunkName(url)} failed (${reason}: ${url})`);
    error.name = "ChunkLoadError";
    console.error(error);
    notice(error.message);
  }
  /** Watches a file the page needs: its load counts down, its failure is told apart (gone, or the network). */
  function watch(element, url) {
    pending++;
    var timer = setTimeout(() => {
      fail(url, "timeout");
    }, options.timeoutMs);
    element.addEventListener("load", () => {
      clearTimeout(timer);
      if (--pending === 0 && !failed) {
        try {
          sessionStorage.removeItem(key);
        } catch {}
      }
    });
    element.addEventListener("error", () => {
      clearTimeout(timer);
      fetch(url, { method: "HEAD", cache: "no-store" }).then(
        (response) => {
          fail(url, response.ok ? "error" : "missing");
        },
        () => {
          fail(url, "network error");
        },
      );
    });
  }
  /** The live copy of a deferred element: the same tag, attributes and code. */
  function revive(template) {
    var old = template.content.firstElementChild;
    var element = document.createElement(old.localName);
    var i;
    for (i = 0; i < old.attributes.length; i++) element.setAttribute(old.attributes[i].name, old.attributes[i].value);
    element.textContent = old.textContent;
    var url = old.getAttribute("src") || old.getAttribute("href");
    if (url) watch(element, url);
    return element;
  }
  function activate(templates, i) {
    var element;
    var wait;
    for (; i < templates.length; i++) {
      element = revive(templates[i]);
      // A classic script from a file: what follows waits for it, as the parser would have made it.
      wait = element.localName === "script" && element.src && element.type !== "module";
      if (wait) {
        element.async = false;
        element.addEventListener("load", activate.bind(null, templates, i + 1));
      }
      templates[i].replaceWith(element);
      if (wait) return;
    }
  }
  function start() {
    if (started) return;
    started = true;
    activate(document.querySelectorAll("template[data-deferred]"), 0);
  }
  /** Pictures on the first screen that have arrived: the page's largest paint is usually one of them. */
  function firstScreenImages() {
    return Array.prototype.filter.call(document.images, (img) => {
      var box = img.getBoundingClientRect();
      return img.complete && img.naturalWidth > 0 && box.bottom > 0 && box.top < innerHeight;
    });
  }
  /** After the frame that shows the first screen's pictures: code never competes with the largest paint. */
  function afterPaint() {
    var decoded = firstScreenImages().map((img) => img.decode().catch(() => {}));
    Promise.all(decoded).then(() => {
      requestAnimationFrame(() => {
        setTimeout(start, 0);
      });
    });
  }
  if (document.readyState === "complete") afterPaint();
  else {
    addEventListener("load", afterPaint, { once: true });
    setTimeout(start, options.startAfterMs);
  }
}
