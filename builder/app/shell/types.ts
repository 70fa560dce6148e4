/** Types the shell's parts and the hooks share. */
import type { EditorProblem } from "../api-client";
import type { PageAction } from "../files/types";

/** How a message of the status bar reads: news, a failure, a success. */
export type Tone = "info" | "error" | "ok";

export interface ListedProblem {
  problem: EditorProblem;
  /** Where, in words ("Section 1 (Hero) › Heading"), or the file for another file's problem. */
  place: string;
  mine: boolean;
}

export type DialogName = "library" | "changes" | "shortcuts" | PageAction | null;
