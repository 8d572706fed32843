import { describe, expect, it } from "vitest";
import { adminCreateWithoutPricesSchema } from "./appointment-schema";
import { bookingSchema } from "./booking-schema";
import { enrollmentSchema } from "./enrollment-schema";
import { staffBookingSchema } from "./front-desk-schema";
import { ARABIC_CHARACTERS, nameKey, nameSearchWords, patientMatchKey } from "./name-key";
import { createMemberSchema } from "./team-schema";
import { waitlistJoinSchema, waitlistStaffSchema } from "./waitlist";
import { waitlistSchema } from "./waitlist-schema";

describe("nameKey", () => {
  it("Latin names: accents, case, titles, punctuation and word order ignored, as the stored keys", () => {
    expect(nameKey("Amina Benali")).toBe("amina benali");
    expect(nameKey("Mme Amina BENALI")).toBe("amina benali");
    expect(nameKey("benali  amina")).toBe("amina benali");
    expect(nameKey("Amina Bénali")).toBe("amina benali");
    expect(nameKey("Leïla Aït-Ahmed")).toBe("ahmed ait leila");
    expect(nameKey("Dr. Karim O'Neil")).toBe("karim neil o");
    expect(nameKey("Zoé 2")).toBe("2 zoe");
    expect(nameKey("  ")).toBe("");
  });

  it("removes Arabic diacritics (tashkeel, shadda, sukun, dagger alef)", () => {
    expect(nameKey("فاطِمة")).toBe(nameKey("فاطمة"));
    expect(nameKey("مُحَمَّد")).toBe("محمد");
    expect(nameKey("سُكْنى")).toBe(nameKey("سكني"));
    expect(nameKey("رحمٰن")).toBe("رحمن");
    expect(nameKey("عليٌ")).toBe("علي");
  });

  it("removes tatweel", () => {
    expect(nameKey("محـــمد")).toBe("محمد");
  });

  it("folds the alef forms to bare alef", () => {
    for (const n of ["أحمد", "إحمد", "آحمد", "ٱحمد"]) expect(nameKey(n)).toBe("احمد");
    expect(nameKey("إيمان")).toBe(nameKey("ايمان"));
    expect(nameKey("آمنة")).toBe(nameKey("امنه"));
  });

  it("folds taa marbuta to haa, alef maksura to yaa, hamza on waw and yaa to the letter", () => {
    expect(nameKey("فاطمة")).toBe("فاطمه");
    expect(nameKey("مصطفى")).toBe("مصطفي");
    expect(nameKey("مؤمن")).toBe("مومن");
    expect(nameKey("هانئ")).toBe("هاني");
  });

  it("Arabic-Indic digits as Western ones, spaces collapsed, words sorted", () => {
    expect(nameKey("علي ٢")).toBe("2 علي");
    expect(nameKey("علي ۳")).toBe("3 علي");
    expect(nameKey("  فاطمة   الزهراء ")).toBe(nameKey("الزهراء فاطمه"));
    expect(nameKey("فاطمة الزهراء").split(" ")).toHaveLength(2);
  });

  it("presentation forms as the letters they draw", () => {
    expect(nameKey("\uFED3\uFE8E\uFEC3\uFEE4\uFE94")).toBe("فاطمه");
  });

  it("one spelling or another of an Arabic name gives one key", () => {
    const forms = ["فاطمة الزهراء", "فاطمه الزهراء", "فاطِمة الزَّهراء", "الزهراء فاطـمة", "فَاطِمَةُ ٱلزَّهْرَاءُ"];
    expect(new Set(forms.map(nameKey)).size).toBe(1);
  });

  it("no transliteration: an Arabic name and its Latin spelling are two keys", () => {
    expect(nameKey("فاطمة")).not.toBe(nameKey("Fatima"));
  });
});

describe("patientMatchKey", () => {
  it("the phone and the name's key", () => {
    expect(patientMatchKey("+213550123456", "0550 12 34 56", "Mme Amina Bénali")).toBe("+213550123456|amina benali");
    expect(patientMatchKey(null, "12-34", "فاطِمة")).toBe("raw:1234|فاطمه");
    expect(patientMatchKey(null, "", "Amina")).toBeNull();
    expect(patientMatchKey("+213550123456", "", "ـ")).toBeNull();
  });
});

describe("ARABIC_CHARACTERS", () => {
  it("finds Arabic in a name, never in a Latin one", () => {
    expect(ARABIC_CHARACTERS.test("Amina فاطمة")).toBe(true);
    expect(ARABIC_CHARACTERS.test("Amina Bénali-Aït")).toBe(false);
  });
});

describe("the name of every form (personName) takes Arabic letters", () => {
  const forms = {
    booking: bookingSchema("2026-05-10").shape.name,
    "staff appointment": adminCreateWithoutPricesSchema.shape.name,
    "front desk": staffBookingSchema.shape.name,
    enrolment: enrollmentSchema.shape.user_surname,
    "course waiting list": waitlistSchema.shape.user_name,
    "waiting list": waitlistJoinSchema("2026-05-10").shape.name,
    "staff waiting list": waitlistStaffSchema("2026-05-10").shape.name,
    team: createMemberSchema.shape.name,
  };
  it.each(Object.entries(forms))("%s", (_form, rule) => {
    expect(rule.safeParse(" فاطِمة الزهراء ").data).toBe("فاطِمة الزهراء");
    expect(rule.safeParse("أمينة").success).toBe(true);
  });
});

describe("nameSearchWords (the staff search, issue 33)", () => {
  it("the query's key words (sorted, as in the key); a title alone is still a letter to look for", () => {
    expect(nameSearchWords("Mme BÉNALI amina")).toEqual(["amina", "benali"]);
    expect(nameSearchWords("فاطِمة الزهـراء")).toEqual(["الزهراء", "فاطمه"]);
    expect(nameSearchWords("M")).toEqual(["m"]);
    expect(nameSearchWords("Dr.")).toEqual(["dr"]);
    expect(nameSearchWords("d_b")).toEqual(["b", "d"]);
    expect(nameSearchWords(" - ")).toEqual([]);
  });
});
