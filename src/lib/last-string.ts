/**
 * A function that returns the string it was last given whenever it is given an equal one: the same
 * object, so that keys kept beside many memo entries compare by reference, not letter by letter.
 */
export function lastString(): (value: string) => string {
  let last = "";
  return (value) => {
    if (value !== last) last = value;
    return last;
  };
}
