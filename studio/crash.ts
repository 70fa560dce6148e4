/**
 * Fault tests only (tests/studio/faults.test.ts): STUDIO_CRASH_AT names a step at which the studio
 * kills itself with SIGKILL, as a power cut or the OOM killer would stop it, so a test can restart it
 * from exactly that state. Unset in real use, where it does nothing.
 */
export type CrashPoint = "save:written" | "publish:merged" | "publish:built" | "publish:pushed" | "deploy:copied";

export function crashPoint(point: CrashPoint): void {
  if (process.env.STUDIO_CRASH_AT === point) process.kill(process.pid, "SIGKILL");
}
