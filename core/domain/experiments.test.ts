import { describe, expect, it } from "vitest";
import { EXPERIMENTS, experimentFor, resolveFlow } from "./experiments";

const lk = experimentFor("LK");

describe("experiments", () => {
  it("configures SPEC §9's experiments for their countries", () => {
    expect(experimentFor("PH")?.variants).toEqual(["0256.1-A", "0256.1-B"]);
    expect(experimentFor("VN")?.id).toBe("0256.1");
    expect(experimentFor("MY")?.id).toBe("0256.1");
    expect(experimentFor("PL")?.variants).toEqual(["0294.1-A", "0294.1-B"]);
    expect(experimentFor("ZA")?.variants).toEqual(["0298.1-A", "0298.1-B"]);
    expect(lk?.variants).toEqual(["0301.1-A", "0301.1-B"]);
    expect(new Set(EXPERIMENTS.flatMap((e) => e.countries)).size).toBe(
      EXPERIMENTS.flatMap((e) => e.countries).length,
    );
  });

  it("draws 50/50 on the root path of a locale and stores the draw", () => {
    const draw = (random: number) =>
      resolveFlow({
        experiment: lk,
        stored: null,
        query: null,
        onLocaleRoot: true,
        random: () => random,
      });
    expect(draw(0.49)).toEqual({ flow: "0301.1-A", store: "0301.1-A" });
    expect(draw(0.5)).toEqual({ flow: "0301.1-B", store: "0301.1-B" });
  });

  it("draws nowhere else", () => {
    expect(
      resolveFlow({
        experiment: lk,
        stored: null,
        query: null,
        onLocaleRoot: false,
        random: () => 0,
      }),
    ).toEqual({ flow: undefined, store: undefined });
  });

  it("keeps a stored variant and lets exp_flow override it only with a variant", () => {
    const base = { experiment: lk, stored: "0301.1-A", onLocaleRoot: true, random: () => 0.9 };
    expect(resolveFlow({ ...base, query: null })).toEqual({ flow: "0301.1-A", store: undefined });
    expect(resolveFlow({ ...base, query: "0301.1-B" })).toEqual({
      flow: "0301.1-B",
      store: "0301.1-B",
    });
    expect(resolveFlow({ ...base, query: "0256.1-B" })).toEqual({
      flow: "0301.1-A",
      store: undefined,
    });
    expect(resolveFlow({ ...base, stored: "junk", query: "junk" })).toEqual({
      flow: "0301.1-B",
      store: "0301.1-B",
    });
  });

  it("does nothing in a country without an experiment", () => {
    expect(
      resolveFlow({
        experiment: undefined,
        stored: "x",
        query: "y",
        onLocaleRoot: true,
        random: () => 0,
      }),
    ).toEqual({ flow: undefined, store: undefined });
  });
});
