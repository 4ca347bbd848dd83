import { describe, expect, it } from "vitest";
import {
  type BuilderContext,
  checkLinkForm,
  checkWidgetForm,
  contrastRatio,
  contrastWarnings,
  hexColour,
  readLinkForm,
  readWidgetForm,
  trackingLink,
  widgetSnippet,
} from "./widget";

const context: BuilderContext = {
  origin: "https://nayacompare.lk",
  partnerId: "lanka-deals",
  publishableKey: `pk_${"a".repeat(32)}`,
  scriptPath: "/widget/v1/loan-widget-0.1.0-1a2b3c4d.js",
  integrity: `sha384-${"x".repeat(64)}`,
};

const widget = (query: Record<string, unknown>) =>
  checkWidgetForm(readWidgetForm(query, { lang: "si", partnerAs: "key" }));

describe("the widget's settings", () => {
  it("start as the widget's own defaults, with no problem", () => {
    const { settings, problems } = widget({});
    expect(problems).toEqual({});
    expect(settings).toMatchObject({
      element: "loan-widget",
      lang: "si",
      amount: 50_000,
      // The calculator's default term (decision 0355): 12 months.
      period: 360,
    });
    expect(widgetSnippet(settings, context)).toBe(
      [
        `<script src="https://nayacompare.lk/widget/v1/loan-widget-0.1.0-1a2b3c4d.js" integrity="${context.integrity}" crossorigin="anonymous" defer></script>`,
        `<loan-widget partner="${context.publishableKey}" lang="si" amount="50000" period="360"></loan-widget>`,
      ].join("\n"),
    );
  });

  it("take typed amounts and short colours, and name what is wrong", () => {
    expect(widget({ amount: "Rs. 120,000", accent: "ABC" }).settings).toMatchObject({
      amount: 120_000,
      colours: { accent: "#aabbcc" },
    });
    expect(widget({ amount: "4999" }).problems).toEqual({ amount: "tooSmall" });
    expect(widget({ amount: "lots" }).problems).toEqual({ amount: "notNumber" });
    expect(widget({ period: "91" }).problems).toEqual({ period: "choice" });
    expect(widget({ element: "loan-anything", lang: "fr" }).problems).toEqual({
      element: "choice",
      lang: "choice",
    });
    expect(widget({ text: "red", radius: "33" }).problems).toEqual({
      text: "colour",
      radius: "radius",
    });
    expect(widget({ sub1: "a b", sub2: "me@example.com", sub3: "x".repeat(101) }).problems).toEqual(
      { sub1: "code", sub2: "personal", sub3: "code" },
    );
  });

  it("put only changed properties in the snippet, and the id when asked", () => {
    const { settings } = widget({
      element: "loan-calculator",
      partner_as: "id",
      surface: "#FFFFFF",
      accent: "#123456",
      radius: "0",
      sub5: "x.y",
    });
    expect(widgetSnippet(settings, { ...context, integrity: null })).toBe(
      [
        `<script src="https://nayacompare.lk/widget/v1/loan-widget-0.1.0-1a2b3c4d.js" defer></script>`,
        `<loan-calculator partner="lanka-deals" lang="si" amount="50000" period="360" sub5="x.y" style="--loan-color-accent: #123456; --loan-radius: 0px"></loan-calculator>`,
      ].join("\n"),
    );
  });

  it("warn of colours that read badly together", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrastWarnings(widget({}).settings)).toEqual([]);
    expect(contrastWarnings(widget({ accent: "#ffff00" }).settings)).toEqual(["accent", "button"]);
    expect(hexColour("#12345")).toBeUndefined();
  });
});

describe("a tracking link", () => {
  it("goes to the page in its language with the partner id and the values given", () => {
    const { settings, problems } = checkLinkForm(
      readLinkForm(
        {
          link_to: "application",
          link_lang: "en",
          link_sub8: "b",
          link_utm_source: "fb",
          link_sub1: "a",
        },
        "si",
      ),
    );
    expect(problems).toEqual({});
    expect(trackingLink(settings, context)).toBe(
      "https://nayacompare.lk/en/application/?partner=lanka-deals&sub1=a&sub8=b&utm_source=fb",
    );
    const home = checkLinkForm(readLinkForm({}, "si"));
    expect(trackingLink(home.settings, context)).toBe(
      "https://nayacompare.lk/?partner=lanka-deals",
    );
    expect(
      checkLinkForm(readLinkForm({ link_utm_term: "0771234567", link_to: "x" }, "si")).problems,
    ).toEqual({
      link_to: "choice",
      link_utm_term: "personal",
    });
  });
});
