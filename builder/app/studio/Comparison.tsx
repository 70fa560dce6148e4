/**
 * Two versions of a file compared in words: each thing that differs (a field of the page, a section
 * added, removed, moved or changed), and each changed text word by word, what was taken out struck
 * through and what was put in underlined. The studio's history shows it; never raw JSON.
 */
import { compareVersions, type DescribeOptions, type FieldChange, fieldLine } from "../../shared/describe";
import { wordDiff } from "../../shared/word-diff";
import type { Json } from "../state/types";

function TextDiff({ change }: { change: FieldChange }) {
  const { field, before, after } = change;
  if (typeof before !== "string" || typeof after !== "string") return <>{fieldLine(change)}</>;
  return (
    <>
      <span className="font-medium">{field}:</span>{" "}
      <span className="break-words">
        {wordDiff(before, after).map((part, i) =>
          part.op === "same" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order.
            <span key={i}>{part.text}</span>
          ) : part.op === "del" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <del key={i} className="ed-diff-del mr-1">
              <span className="sr-only">[taken out: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <ins key={i} className="ed-diff-add">
              <span className="sr-only">[put in: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          ),
        )}
      </span>
    </>
  );
}

export function Comparison({ before, after, options, label }: { before: Json; after: Json; options: DescribeOptions; label: string }) {
  const differences = compareVersions(before, after, options);
  if (differences.length === 0) return <p className="my-2 text-sm">No difference.</p>;
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a long comparison scrolls on its own: it must take focus to be scrolled by keyboard (WCAG 2.1.1).
      tabIndex={0}
      aria-label={label}
      className="my-2 max-h-[50vh] overflow-y-auto rounded border border-slate-200 p-2 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <ul className="space-y-1.5 text-sm">
        {differences.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the differences of one comparison, in order.
          <li key={i}>
            {d.kind === "field" ? (
              <TextDiff change={d.change} />
            ) : d.kind === "entry" ? (
              <>
                <span className="font-semibold">{d.title}</span>
                <ul className="mt-0.5 list-disc pl-5">
                  {d.fields.map((f) => (
                    <li key={f.field}>
                      <TextDiff change={f} />
                    </li>
                  ))}
                </ul>
              </>
            ) : d.kind === "moved" ? (
              d.text
            ) : (
              <span className={d.kind === "added" ? "ed-diff-add" : "ed-diff-del"}>
                {d.title} {d.kind}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
