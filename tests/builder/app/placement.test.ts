/** A placed shared section's form (issue 51): what a change in it writes into the page, and the name offered for a new shared section. */
import { expect, test } from "vitest";
import { placementOf, sharedName, toPlacement, withoutOverride } from "../../../builder/app/fields/placement";

const contact = { type: "contact", kicker: "Let's connect", heading: "Ready to Lead", pitch: "A senior engineer reads every enquiry.", tone: "light" };
const shared = [{ name: "contact", file: "site-config/shared/contact.json", section: contact, placedIn: ["/", "/contact-us"] }];

test("a field changed in the form becomes the page's own; one the page already writes stays its own, even set back to the shared value", () => {
  const placement = placementOf({ shared: "contact", tone: "muted" }, shared);
  expect(placement).toMatchObject({ name: "contact", overrides: ["tone"], placedIn: ["/", "/contact-us"] });
  if (!placement) throw new Error("no placement");
  // The form's value is the section as the page shows it.
  expect(toPlacement({ ...contact, tone: "muted" }, placement)).toEqual({ shared: "contact", tone: "muted" });
  expect(toPlacement({ ...contact, tone: "muted", heading: "Talk to us" }, placement)).toEqual({ shared: "contact", tone: "muted", heading: "Talk to us" });
  expect(toPlacement({ ...contact, tone: "light" }, placement)).toEqual({ shared: "contact", tone: "light" });
  // "type" is the shared section's; a field the form leaves out is not written.
  expect(toPlacement({ ...contact, tone: "muted", type: "hero", pitch: undefined } as never, placement)).toEqual({ shared: "contact", tone: "muted" });
});

test("Use the shared text drops one field of the page's own; a placement of an unknown or broken shared section has no form", () => {
  expect(withoutOverride({ shared: "contact", tone: "muted", heading: "Talk to us" }, "heading")).toEqual({ shared: "contact", tone: "muted" });
  expect(placementOf({ shared: "newsletter" }, shared)).toBeNull();
  expect(placementOf({ shared: "contact" }, [{ ...shared[0]!, section: null }])).toBeNull();
  expect(placementOf(contact, shared)).toBeNull();
});

test("a new shared section's name: its kind, made unique", () => {
  expect(sharedName("call-to-action", shared)).toBe("call-to-action");
  expect(sharedName("contact", shared)).toBe("contact-2");
  expect(sharedName("contact", [...shared, { ...shared[0]!, name: "contact-2" }])).toBe("contact-3");
});
