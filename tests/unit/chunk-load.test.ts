/** Lazy chunks after a redeploy: reload once, then a ChunkLoadError naming the chunk (SPEC s8). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, isChunkLoadError, leaving, loadChunk } from "@/runtime/chunk-load";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}
const missing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/EnquiryForm-AbCd1234.js"));

afterEach(() => vi.useRealTimers());

describe("loadChunk", () => {
  it("reloads the page once when a chunk fails, and does not settle (the page is going away)", async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let settled = false;
    void loadChunk("EnquiryForm", missing, { storage, reload, key: "k" }).finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.data.get("k")).toBe("1");
    expect(settled).toBe(false);
  });
  it("after that reload, fails with a ChunkLoadError that names the chunk and the reason", async () => {
    const storage = memoryStorage();
    storage.setItem("k", "1");
    const reload = vi.fn();
    const error = await loadChunk("EnquiryForm", missing, { storage, reload, key: "k" }).catch((e: unknown) => e);
    expect(reload).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).name).toBe("ChunkLoadError");
    expect((error as Error).message).toBe("Loading chunk EnquiryForm failed (missing: /assets/EnquiryForm-AbCd1234.js)");
  });
  it("times out after 120 s", async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    storage.setItem("k", "1");
    const result = loadChunk("EnquiryForm", () => new Promise<never>(() => {}), { storage, reload: vi.fn(), key: "k" }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await result) as Error).message).toBe("Loading chunk EnquiryForm failed (timeout)");
  });
  it("a chunk that loads clears the reload mark", async () => {
    const storage = memoryStorage();
    storage.setItem("k", "1");
    await expect(loadChunk("EnquiryForm", () => Promise.resolve({ default: 1 }), { storage, reload: vi.fn(), key: "k" })).resolves.toEqual({ default: 1 });
    expect(storage.data.has("k")).toBe(false);
  });
  it("during a client-side navigation, a failed chunk loads the destination afresh instead of reloading the page being left", async () => {
    const storage = memoryStorage();
    const go = vi.fn();
    void leaving("/about-us", () => loadChunk("Hero", missing, { storage, key: "k" }), go);
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/about-us"));
    expect(go).toHaveBeenCalledTimes(1);
  });
});
