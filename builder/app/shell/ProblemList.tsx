import type { ListedProblem } from "./types";
import { memo } from "react";
/** Every problem of the site, this file's first, in words: each of this file's goes to its field; another file's opens that file. */
import type { EditorProblem } from "../api-client";

export const ProblemList = memo(function ProblemList({ problems, onGo }: { problems: ListedProblem[]; onGo(problem: EditorProblem): void }) {
  if (problems.length === 0) return null;
  const errors = problems.filter((p) => p.problem.severity === "error").length;
  return (
    <details open={errors > 0} className="relative max-h-48 shrink-0 overflow-y-auto border-t border-slate-300 bg-white px-3 py-2 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-800">
        Problems ({errors} {errors === 1 ? "error" : "errors"}, {problems.length - errors} {problems.length - errors === 1 ? "warning" : "warnings"})
      </summary>
      <ul className="mt-1 space-y-1">
        {problems.map(({ problem, place, mine }, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same message can appear twice; the list is replaced as a whole on each check.
          <li key={i} className={problem.severity === "error" ? "text-red-800" : "text-amber-900"}>
            <button
              type="button"
              className="text-left underline decoration-dotted hover:decoration-solid focus-visible:outline-2 focus-visible:outline-blue-600"
              title={problem.text}
              onClick={() => onGo(problem)}
            >
              {problem.severity === "warning" && "Warning: "}
              {place && <span className="font-semibold">{place}: </span>}
              {mine ? (problem.detail ?? problem.message) : problem.message}
              {!mine && <span className="text-slate-700"> (open the file)</span>}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
});
