// @vitest-environment jsdom
/**
 * Code fetched once (loadOnce) and read in a render with use(): its promise carries the status
 * fields React documents for Suspense-enabled libraries (settling), so code that has arrived renders
 * at once, even if React never saw its promise; code still coming suspends, and renders when it arrives.
 * If a React upgrade stops reading those fields, "renders at once" fails here.
 */
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense, use, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadOnce, settled, settling } from "@/runtime/chunk-load";

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("loadOnce, settling and use()", () => {
  it("fetches once; a failed fetch can be tried again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("gone")).mockResolvedValue("code");
    const once = loadOnce<string>(load);
    const failed = once();
    await expect(failed).rejects.toThrow("gone");
    expect(failed).toMatchObject({ status: "rejected", reason: new Error("gone") });
    const loaded = once();
    expect(loaded.status).toBe("pending");
    expect(await loaded).toBe("code");
    expect(once()).toBe(loaded);
    expect(load).toHaveBeenCalledTimes(2);
    expect(loaded).toMatchObject({ status: "fulfilled", value: "code" });
    expect(settled(1)).toMatchObject({ status: "fulfilled", value: 1 });
    expect(await settling(Promise.resolve(2))).toBe(2);
  });

  it("code that has arrived renders at once, with no fallback, though React never saw its promise", async () => {
    const once = loadOnce(() => Promise.resolve("Arrived"));
    await once();
    const Read = () => <p>{use(once())}</p>;
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Read />
      </Suspense>,
    );
    // Rendered in the first commit: no fallback was ever shown.
    expect(screen.getByText("Arrived")).toBeTruthy();
    expect(screen.queryByText("Waiting")).toBeNull();
  });

  it("code still coming suspends; the component, state kept, renders when it arrives", async () => {
    const code = deferred<string>();
    const once = loadOnce(() => code.promise);
    function Read() {
      const [prefix] = useState("Got: ");
      return (
        <p>
          {prefix}
          {use(once())}
        </p>
      );
    }
    // Rendered inside act: React suspends on use() and retries when the promise settles, within act.
    await act(async () => {
      render(
        <Suspense fallback={<p>Waiting</p>}>
          <Read />
        </Suspense>,
      );
    });
    expect(screen.getByText("Waiting")).toBeTruthy();
    await act(async () => code.resolve("late"));
    expect(await screen.findByText("Got: late")).toBeTruthy();
  });
});
