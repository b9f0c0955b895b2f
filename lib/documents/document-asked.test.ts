// The document asked against the documents held (issue 30.5): the one asked when held, else the nearest of
// its form under a notice, never another year or quarter silently.
import { describe, expect, it } from "vitest";
import { documentNoticeText, type HeldDocument, resolveDocument } from "./document-asked";

const tenK = (fiscalYear: number): HeldDocument => ({ form: "10-K", fiscalYear, fiscalQuarter: null });
const call = (fiscalYear: number, fiscalQuarter: number): HeldDocument => ({
  form: "earnings-call",
  fiscalYear,
  fiscalQuarter,
});

describe("resolveDocument", () => {
  const held = [
    tenK(2021),
    tenK(2023),
    call(2023, 2),
    call(2023, 4),
    { ...tenK(2023), form: "10-Q" as const, fiscalQuarter: 1 },
  ];

  it("gives the document asked when it is held", () => {
    expect(resolveDocument({ form: "10-K", fiscalYear: 2023, fiscalQuarter: null }, held)).toEqual({
      held: true,
      documents: [tenK(2023)],
    });
    expect(resolveDocument({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 2 }, held)).toEqual({
      held: true,
      documents: [call(2023, 2)],
    });
  });

  it("names the nearest held of the same form, the later one on a tie", () => {
    expect(resolveDocument({ form: "10-K", fiscalYear: 2022, fiscalQuarter: null }, held)).toEqual({
      held: false,
      nearest: tenK(2023),
    });
    expect(resolveDocument({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 3 }, held)).toEqual({
      held: false,
      nearest: call(2023, 4),
    });
    expect(resolveDocument({ form: "8-K", fiscalYear: 2023, fiscalQuarter: 1 }, held)).toEqual({
      held: false,
      nearest: null,
    });
  });

  it("reads no year asked as the latest of the form", () => {
    expect(resolveDocument({ form: "10-K", fiscalYear: null, fiscalQuarter: null }, held)).toEqual({
      held: true,
      documents: [tenK(2023)],
    });
  });
});

describe("documentNoticeText", () => {
  const notice = {
    ticker: "NKE",
    companyName: "Nike, Inc.",
    asked: { form: "10-K" as const, fiscalYear: 2022, fiscalQuarter: null },
    nearest: tenK(2023),
  };

  it("says the document asked is not held and which is quoted instead", () => {
    expect(documentNoticeText(notice, "Nike", true)).toBe(
      "No FY2022 10-K of Nike is held; the nearest held is the FY2023 10-K, quoted instead.",
    );
    expect(documentNoticeText(notice, "Nike", false)).toBe(
      "No FY2022 10-K of Nike is held; the nearest held is the FY2023 10-K.",
    );
    expect(documentNoticeText({ ...notice, nearest: null }, "Nike", false)).toBe("No FY2022 10-K of Nike is held.");
  });
});
