import { describe, expect, it } from "vitest";
import { applicationPrefill } from "./prefill";

describe("applicationPrefill", () => {
  it("takes the widget's page host name with the partner's attribution, and drops a full address", () => {
    const fromWidget = applicationPrefill({
      amount: "50000",
      period: "90",
      partner: "pk_live_abc",
      sub1: "banner",
      widget_domain: "blog.example.lk",
    });
    expect(fromWidget.attribution).toEqual({
      partner: "pk_live_abc",
      sub1: "banner",
      widget_domain: "blog.example.lk",
    });
    const forged = applicationPrefill({ partner: "p-1", widget_domain: "https://x.lk/a?b=c" });
    expect(forged.attribution).toEqual({ partner: "p-1" });
  });
});
