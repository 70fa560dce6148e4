/**
 * The stale-code rule, in one place: code that fails to load after a redeploy (a tab opened on the
 * old version asks for files that are gone) reloads the page once, to get the fresh version; if it
 * fails again, the caller shows the error. Returns true when it reloads.
 *
 * Used by lazy chunks (src/runtime/chunk-load.ts) and, as text, by the boot script inlined in every
 * page (src/deploy/boot.js), so it uses nothing outside its own body. A storage that cannot be
 * used (privacy mode) never reloads, so a failure cannot loop.
 *
 * @param {Pick<Storage, "getItem" | "setItem">} storage
 * @param {string} key
 * @param {() => void} reload
 * @returns {boolean}
 */
export function reloadOnce(storage, key, reload) {
  var reloaded;
  try {
    reloaded = storage.getItem(key);
    if (!reloaded) storage.setItem(key, "1");
  } catch {
    reloaded = "1";
  }
  if (reloaded) return false;
  reload();
  return true;
}
