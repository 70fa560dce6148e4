/**
 * In the studio: who is signed in, the drafts not published yet and who made them, who is editing
 * which file (this window says which file it has open, every HEARTBEAT_MS), and a publish's steps as they
 * come. Nothing in `npm run edit`.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api, isAbort, type StudioStatus } from "../api-client";
import { subscribe } from "../shell/changes-feed";

const HEARTBEAT_MS = 20_000;

export function useStudio(enabled: boolean, path: string | undefined) {
  const [status, setStatus] = useState<StudioStatus | null>(null);
  const [steps, setSteps] = useState<string[]>([]);
  // Only the newest ask's answer is shown: a publish over in half a second answers its own "done" ask
  // before the ask made when it started, which would bring back "running" for good.
  const asked = useRef(0);
  const refresh = useCallback(async (signal?: AbortSignal) => {
    const ask = ++asked.current;
    try {
      const answer = await api.studio(signal);
      if (ask === asked.current) setStatus(answer);
    } catch (err) {
      if (!isAbort(err)) throw err;
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void refresh(controller.signal);
    const stop = subscribe((event, data) => {
      // A change brings its own summary ("drafts"): only a stream that was cut (data null) asks again.
      if ((event === "changed" && data === null) || event === "enquiries" || event === "status") void refresh();
      else if (event === "drafts") {
        const { pending, remote } = data as Pick<StudioStatus, "pending" | "remote">;
        setStatus((s) => (s ? { ...s, pending, remote } : s));
      } else if (event === "presence") setStatus((s) => (s ? { ...s, editing: data as StudioStatus["editing"] } : s));
      else if (event === "publish") {
        const { step, done } = data as { step?: string; done?: boolean };
        if (step) setSteps((list) => [...list, step]);
        if (done) void refresh();
      }
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [enabled, refresh]);

  useEffect(() => {
    if (!enabled || !path) return;
    const here = () => void api.presence(path).catch(() => undefined);
    here();
    const timer = setInterval(here, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [enabled, path]);

  /** Starts a publish; its id, to tell its outcome from an earlier one's. */
  const startPublish = useCallback(
    async (choices: Record<string, Record<string, "mine" | "theirs">>, files?: string[]) => {
      setSteps([]);
      const { id } = await api.publish(choices, files);
      await refresh();
      return id;
    },
    [refresh],
  );

  // Who else has a file open: everyone but this person (their other windows included in theirs).
  const others = useMemo(() => status?.editing.filter((e) => e.email !== status.account.email) ?? [], [status]);

  return { status, steps, refresh, startPublish, others };
}
