/**
 * Publish (publishers): what goes live and who made it; the steps as they happen (checking,
 * building, pushing); then the outcome. When something changed both in the drafts and on the
 * published site, each such place is listed with a choice of the side to keep; publishing again
 * with the choices, or stopping, is the publisher's call. Before it, the site's advice (alt text,
 * link words, headings: warnings, which do not stop a publish), each with its file, line and fix.
 */
import { useEffect, useRef, useState } from "react";
import type { EditorProblem, FileConflict, PublishOutcome, StudioStatus } from "../api-client";
import { Scrolls } from "../shell/Scrolls";
import { ChooseFiles, chosenInWords } from "./ChooseFiles";
import { ScheduleList } from "./ScheduleList";

type Choices = Record<string, Record<string, "mine" | "theirs">>;

export interface PublishDialogProps {
  open: boolean;
  status: StudioStatus;
  /** The site's warnings as last checked. */
  advice: EditorProblem[];
  steps: string[];
  /** The file open in the builder: what a publish takes unless the publisher chooses otherwise. */
  path?: string;
  /** Starts a publish (of `files`, or everything waiting); resolves to its id. */
  onPublish(choices: Choices, files?: string[]): Promise<string>;
  /** A publish started elsewhere (a review's Publish button) that this dialog shows: over in a second, it may have ended before the dialog first looks. */
  followed?: string | null;
  onClose(): void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function Outcome({ outcome, choices, setChoices }: { outcome: PublishOutcome; choices: Choices; setChoices(c: Choices): void }) {
  if (outcome.status === "published")
    return (
      <p className="font-semibold text-green-800">
        Published: {outcome.changes === 1 ? "1 change is" : `${outcome.changes} changes are`} live
        {outcome.waiting ? ` (${outcome.files?.join(", ")}). ${outcome.waiting === 1 ? "1 file stays" : `${outcome.waiting} files stay`} waiting.` : "."}
        {outcome.during > 0 && ` ${outcome.during === 1 ? "1 change" : `${outcome.during} changes`} saved meanwhile will go with the next publish.`}
        {` It took ${(outcome.ms / 1000).toFixed(1)} s.`}
      </p>
    );
  if (outcome.status === "nothing") return <p>Nothing to publish: every draft is live.</p>;
  if (outcome.status === "refused")
    return (
      <div>
        <p className="font-semibold text-red-800">{outcome.reason}</p>
        {outcome.output && (
          <Scrolls label="What the check said" className="mt-2 max-h-60 rounded bg-slate-100 p-2">
            <pre className="text-xs whitespace-pre-wrap">{outcome.output}</pre>
          </Scrolls>
        )}
      </div>
    );
  return (
    <div>
      <p className="font-semibold text-amber-900">
        These were changed both in the drafts and on the published site meanwhile. Choose which to keep for each, or stop.
      </p>
      {outcome.files.map((file) => (
        <div key={file.path} className="mt-3">
          <h3 className="font-semibold">{file.title}</h3>
          {file.conflicts.map((conflict) => (
            <fieldset key={conflict.key} className="mt-1 rounded border border-slate-300 p-2">
              <legend className="px-1 text-sm font-medium">{conflict.text}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(["mine", "theirs"] as const).map((side) => (
                  <label
                    key={side}
                    className="block cursor-pointer rounded border border-slate-200 p-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                  >
                    <input
                      type="radio"
                      name={`${file.path}|${conflict.key}`}
                      checked={choices[file.path]?.[conflict.key] === side}
                      onChange={() => setChoices({ ...choices, [file.path]: { ...choices[file.path], [conflict.key]: side } })}
                    />{" "}
                    <span className="font-semibold">{side === "mine" ? "Keep the drafts' version" : "Keep the published version"}</span>
                    <span className="block text-xs text-slate-700">{who(file[side])}</span>
                    <ul className="mt-1 list-disc pl-5">
                      {conflict[side].map((line) => (
                        <li key={line} className="break-words">
                          {line}
                        </li>
                      ))}
                    </ul>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      ))}
    </div>
  );
}

/** "Asha Rao, 28 Nov 2026, 14:02": who changed the file on that side, and when last. */
function who(side: FileConflict["mine"]): string {
  const names = [...new Set(side.by.map((b) => b.name))];
  const latest = side.by[0];
  return latest ? `${names.join(", ")}, ${when(latest.date)}` : "nobody";
}

export function PublishDialog({ open, status, advice, steps, path, followed, onPublish, onClose }: PublishDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Choices>({});
  const waiting = status.pending.files;
  // What the publisher ticked; until they tick anything, the open file when it has changes waiting, else everything (as the list updates).
  const [ticked, setTicked] = useState<Set<string> | null>(null);
  const chosen = ticked ?? new Set(waiting.some((f) => f.path === path) ? [path as string] : waiting.map((f) => f.path));
  // The outcome shown is that of the publish started from this dialog since it opened (or one running now).
  const [started, setStarted] = useState<string | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) {
      element.showModal();
      setStarted(null);
      setChoices({});
      setTicked(null);
    }
    if (!open && element?.open) element.close();
  }, [open]);
  const id = status.publishing?.id;
  const run = status.publishing && (status.publishing.running || (id !== undefined && (id === started || id === followed))) ? status.publishing : null;
  const outcome = run && !run.running ? run.outcome : null;
  const conflicts = outcome?.status === "conflict" ? outcome.files.flatMap((f) => f.conflicts.map((c) => `${f.path}|${c.key}`)) : [];
  const allChosen = conflicts.every((k) => {
    const [path = "", key = ""] = k.split("|");
    return Boolean(choices[path]?.[key]);
  });
  const shown = run?.running ? steps : (run?.log ?? []);
  const picked = waiting.filter((f) => chosen.has(f.path)).map((f) => f.path);
  const everything = picked.length === waiting.length;
  return (
    <dialog ref={dialog} aria-labelledby="publish-title" className="ed-dialog m-auto max-h-[90vh] w-[min(48rem,calc(100vw-2rem))]" onClose={onClose}>
      <h2 id="publish-title" className="mb-3 text-lg font-bold">
        Publish
      </h2>
      {waiting.length > 0 && !run?.running && (
        <>
          <ChooseFiles files={waiting} chosen={chosen} onChange={setTicked} />
          <p className="mb-3 text-sm" aria-live="polite">
            {chosenInWords(waiting, chosen)}
          </p>
        </>
      )}
      {!run?.running && (
        <ScheduleList
          schedules={status.schedules}
          timeZone={status.timeZone}
          files={picked.length === 0 ? null : everything ? undefined : picked}
          canSchedule={status.account.role === "publisher"}
        />
      )}
      {advice.length > 0 && !run && (
        <>
          <h3 className="text-sm font-semibold text-amber-950">
            Advice before publishing ({advice.length === 1 ? "1 warning" : `${advice.length} warnings`}; they do not stop a publish):
          </h3>
          <Scrolls label="Advice before publishing" className="mb-3 max-h-48 rounded bg-amber-50 p-2 ring-1 ring-amber-300">
            <ul className="space-y-1 font-mono text-xs break-words whitespace-pre-wrap">
              {advice.map((p) => (
                <li key={`${p.file}|${p.pointer}|${p.message}`}>{p.text}</li>
              ))}
            </ul>
          </Scrolls>
        </>
      )}
      {shown.length > 0 && (
        <ol aria-live="polite" className="mb-3 space-y-0.5 text-sm">
          {shown.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one publish, in order.
            <li key={i}>{step}</li>
          ))}
        </ol>
      )}
      {outcome && <Outcome outcome={outcome} choices={choices} setChoices={setChoices} />}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100" onClick={onClose}>
          {outcome?.status === "conflict" ? "Stop" : "Close"}
        </button>
        {!run?.running && waiting.length > 0 && (
          <button
            type="button"
            className="rounded-md bg-green-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-50"
            disabled={!allChosen || picked.length === 0}
            onClick={() => void onPublish(conflicts.length > 0 ? choices : {}, everything ? undefined : picked).then(setStarted)}
          >
            {conflicts.length > 0 ? "Publish with these choices" : "Publish now"}
          </button>
        )}
      </div>
    </dialog>
  );
}
