import { describe, expect, it } from "vitest";
import { advisedWidth, frameOf } from "./slot-advice";

describe("photo slot advice", () => {
  it("advises twice the widest a slot is drawn, in hundreds, at most 1600 px", () => {
    expect(advisedWidth("100vw")).toBe(1600);
    expect(advisedWidth("(min-width: 1400px) 610px, (min-width: 992px) 48vw, 100vw")).toBe(1200);
    expect(advisedWidth("320px")).toBe(600);
    expect(advisedWidth("(min-width: 992px) 576px, 384px")).toBe(1100);
  });

  it("names the frame from the drawing's size", () => {
    expect(frameOf({ width: 1600, height: 900 })).toBe("paysage 16:9");
    expect(frameOf({ width: 1200, height: 800 })).toBe("paysage 3:2");
    expect(frameOf({ width: 480, height: 480 })).toBe("carré");
    expect(frameOf({ width: 600, height: 900 })).toBe("portrait 2:3");
  });
});
