import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { overBalanceMessage, PAYMENT_MESSAGES, paymentSchema } from "./payment-schema";

/** 'Encaisser' (app/lib/payment-schema.ts): what the form refuses beside each field, before any database. */

function submit(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return parseWithZod(fd, { schema: paymentSchema });
}
const errorsOf = (fields: Record<string, string>) => {
  const s = submit(fields);
  return s.status === "error" ? Object.fromEntries(Object.entries(s.error ?? {}).map(([k, v]) => [k, v?.[0]])) : {};
};

describe("the payment form", () => {
  it("reads the amount typed in DA into centimes, the mode and an optional note", () => {
    const s = submit({ amount: "12 500,50", mode: "cib", note: "  acompte " });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ amount: 1_250_050, mode: "cib", chequeNumber: null, note: "acompte" });
    const bare = submit({ amount: "5000", mode: "especes" });
    expect(bare.status === "success" && bare.value).toEqual({ amount: 500_000, mode: "especes", chequeNumber: null, note: null });
  });

  it("says in French, beside the amount, what is wrong with it", () => {
    expect(errorsOf({ mode: "especes" })).toEqual({ amount: PAYMENT_MESSAGES.missing });
    expect(errorsOf({ amount: "douze mille", mode: "especes" })).toEqual({ amount: PAYMENT_MESSAGES.invalid });
    expect(errorsOf({ amount: "120,505", mode: "especes" })).toEqual({ amount: PAYMENT_MESSAGES.decimals });
    expect(errorsOf({ amount: "0", mode: "especes" })).toEqual({ amount: PAYMENT_MESSAGES.notPositive });
    expect(errorsOf({ amount: "0,00", mode: "especes" })).toEqual({ amount: PAYMENT_MESSAGES.notPositive });
    expect(errorsOf({ amount: "-50", mode: "especes" })).toEqual({ amount: PAYMENT_MESSAGES.notPositive });
    expect(errorsOf({ amount: "2000000000", mode: "especes" })).toEqual({ amount: PAYMENT_MESSAGES.tooLarge });
  });

  it("takes only the offered modes (not the reserved 'ajustement') and a note of 200 characters at most", () => {
    expect(errorsOf({ amount: "100", mode: "ajustement" })).toEqual({ mode: PAYMENT_MESSAGES.mode });
    expect(errorsOf({ amount: "100" })).toEqual({ mode: PAYMENT_MESSAGES.mode });
    expect(errorsOf({ amount: "100", mode: "especes", note: "x".repeat(201) })).toEqual({ note: PAYMENT_MESSAGES.noteTooLong });
  });

  it("says the balance left when the amount is over it", () => {
    expect(overBalanceMessage(1_200_000)).toBe("Le montant dépasse le reste à payer (12\u202f000\u00a0DA).");
    expect(overBalanceMessage(0)).toBe("Ce rendez-vous est déjà entièrement payé.");
  });
});
