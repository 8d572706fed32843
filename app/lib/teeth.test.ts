import { describe, expect, it } from "vitest";
import { chartMove, CHART, parseTeeth, teethLabel, toggleTooth } from "./teeth";

describe("FDI teeth", () => {
  it("reads typed teeth, whole arches and the mouth; refuses what is not a tooth", () => {
    expect(parseTeeth(" 21, 11 12 ;11")).toEqual({ ok: true, value: "11,12,21" });
    expect(parseTeeth("Bouche")).toEqual({ ok: true, value: "bouche" });
    expect(parseTeeth("arcade-inf")).toEqual({ ok: true, value: "arcade-inf" });
    expect(parseTeeth("")).toEqual({ ok: true, value: null });
    for (const bad of ["19", "50", "10", "1", "11,x", "arcade"]) expect(parseTeeth(bad)).toEqual({ ok: false });
    expect(CHART.flat()).toHaveLength(32);
  });

  it("labels a line's teeth", () => {
    expect(teethLabel("36")).toBe("Dent 36");
    expect(teethLabel("11,21")).toBe("Dents 11, 21");
    expect(teethLabel("arcade-sup")).toBe("Arcade supérieure");
    expect(teethLabel(null)).toBe("");
  });

  it("moves the keyboard's focus along the chart: arrows, rows, Home and End", () => {
    expect(chartMove(11, "ArrowRight")).toBe(21);
    expect(chartMove(18, "ArrowLeft")).toBeNull();
    expect(chartMove(11, "ArrowDown")).toBe(41);
    expect(chartMove(41, "ArrowUp")).toBe(11);
    expect(chartMove(36, "ArrowDown")).toBeNull();
    expect(chartMove(24, "Home")).toBe(18);
    expect(chartMove(24, "End")).toBe(28);
    expect(chartMove(24, "Enter")).toBeNull();
  });

  it("toggles a tooth; a whole arch gives way to the tooth", () => {
    expect(toggleTooth(null, 21)).toBe("21");
    expect(toggleTooth("21", 11)).toBe("11,21");
    expect(toggleTooth("11,21", 21)).toBe("11");
    expect(toggleTooth("11", 11)).toBeNull();
    expect(toggleTooth("bouche", 36)).toBe("36");
  });
});
