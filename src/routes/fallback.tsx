import { redirect } from "react-router";

// Unknown paths go to the home page. The production server already answers
// them with a 301; this covers static hosts and client-side navigation.
export function clientLoader() {
  return redirect("/");
}

export default function Fallback() {
  return null;
}
