/** Which copies a picture is offered as, and what the browser is told about them (src/images/slots.ts). */
import { describe, expect, it } from "vitest";
import { pictureSources, sizesFor, slotWidths, variantOf, variantUrl, widthsFor } from "../../src/images/slots";

const photo = { width: 4000, height: 2667, raster: true, hash: "0123456789" };

describe("picture copies", () => {
  it("names a copy by the file's name, hash, width and format, and reads the name back", () => {
    expect(variantUrl("/media/Team Photo.jpg", { hash: "0123456789", width: 640, format: "avif" })).toBe("/assets/img/Team-Photo.0123456789.640.avif");
    expect(variantOf("/assets/img/Team-Photo.0123456789.640.avif")).toEqual({ hash: "0123456789", width: 640, format: "avif" });
    const backdrop = variantUrl("/media/a.b.jpg", { hash: "0123456789", width: 1920, format: "webp", backdrop: true });
    expect(backdrop).toBe("/assets/img/a-b.0123456789-b.1920.webp");
    expect(variantOf(backdrop)).toEqual({ hash: "0123456789", width: 1920, format: "webp", backdrop: true });
    for (const other of ["/media/a.jpg", "/assets/img/a.0123456789.640.png", "/assets/img/a.0123456789.wide.avif", "/assets/img/640.avif"])
      expect(variantOf(other), other).toBeUndefined();
  });

  it("never enlarges: widths above the original's are left out, and the original's own width is offered instead", () => {
    expect(widthsFor(photo, "card")).toEqual([320, 480, 640, 800]);
    expect(widthsFor({ width: 700, height: 500 }, "card")).toEqual([320, 480, 640, 700]);
    expect(widthsFor({ width: 200, height: 100 }, "card")).toEqual([200]);
  });

  it("a logo's width follows its shape, at 1x and 2x, within the slot's widest", () => {
    expect(slotWidths({ width: 200, height: 80 }, "logo")).toEqual([140, 280]);
    expect(sizesFor({ width: 200, height: 80 }, "logo")).toBe("140px");
    expect(slotWidths({ width: 1000, height: 100 }, "logo")).toEqual([240, 480]);
  });

  it("a poster covering a screen-tall box is shown as wide as the screen, or as its shape at that height", () => {
    expect(sizesFor(photo, "hero")).toBe("max(100vw, 150vh)");
    expect(sizesFor({ width: 1920, height: 1080 }, "banner")).toBe("max(100vw, 626px)");
    // Phones held upright get lighter copies of a backdrop; other screens the usual ones.
    const sources = pictureSources("/media/photo.jpg", photo, "hero");
    expect(sources.avif.split(", ").at(-1)).toBe("/assets/img/photo.0123456789.1920.avif 1920w");
    expect(sources.phone?.avif.split(", ").at(-1)).toBe("/assets/img/photo.0123456789-b.1920.avif 1920w");
    expect(sources.phone?.fallback).toBe("/assets/img/photo.0123456789-b.1080.webp");
    expect(pictureSources("/media/photo.jpg", photo, "card").phone).toBeUndefined();
  });
});
