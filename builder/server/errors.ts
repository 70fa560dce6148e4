/**
 * The builder's errors, each with a code and an HTTP status (@fastify/error); the message is said to
 * the person in the builder as it is. Anything else that fails is a fault of the server: a 500,
 * with the details in its log.
 */
import createError from "@fastify/error";

export const BadRequest = createError("BUILDER_BAD_REQUEST", "%s", 400);
export const Forbidden = createError("BUILDER_FORBIDDEN", "%s", 403);
export const NotFound = createError("BUILDER_NOT_FOUND", "%s", 404);
export const Conflict = createError("BUILDER_CONFLICT", "%s", 409);
export const TooLarge = createError("BUILDER_TOO_LARGE", "%s", 413);
export const UriTooLong = createError("BUILDER_URI_TOO_LONG", "%s", 414);
export const UnsupportedType = createError("BUILDER_UNSUPPORTED_TYPE", "%s", 415);
export const Unprocessable = createError("BUILDER_UNPROCESSABLE", "%s", 422);

/** An error meant for the person (a 4xx with its message), as opposed to a fault of the server. */
export function isPersonError(err: unknown): err is Error & { statusCode: number; code: string } {
  const status = (err as { statusCode?: unknown })?.statusCode;
  return err instanceof Error && typeof status === "number" && status >= 400 && status < 500;
}
